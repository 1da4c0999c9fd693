/**
 * Which tables this server's statements write to, in the order they were sent: what lets a write
 * request drop, before its answer leaves, the cached answers read from the tables it wrote (other
 * servers hear of the change from the database's triggers). Fed by the database handle's query log
 * (server/db/client.ts), which sees every statement drizzle sends, inside transactions too.
 */
export class TableWrites {
  #count = 0
  #lastWrite = new Map<string, number>()

  /** The tables an INSERT, UPDATE, DELETE or TRUNCATE in `statement` names (more at worst, never fewer). */
  static written(statement: string): string[] {
    const tables: string[] = []
    for (const match of statement.matchAll(WRITE)) tables.push(match[1].toLowerCase())
    return tables
  }

  /** Called with the text of every statement sent. */
  note(statement: string): void {
    // Most statements are reads: one cheap test before the full search.
    if (!MAY_WRITE.test(statement)) return
    for (const table of TableWrites.written(statement)) this.#lastWrite.set(table, ++this.#count)
  }

  /** A mark to hand to `since`. */
  get mark(): number {
    return this.#count
  }

  /** The tables written since `mark` (by anything on this server: over-counting only drops a little more). */
  since(mark: number): string[] {
    const tables: string[] = []
    for (const [table, at] of this.#lastWrite) if (at > mark) tables.push(table)
    return tables
  }
}

const MAY_WRITE = /\b(?:insert|update|delete|truncate)\b/i
// `update` also matches `for update` and `do update set`: the word after it is then no table, and
// dropping the answers of a table that does not exist costs nothing.
const WRITE = /\b(?:insert\s+into|update|delete\s+from|truncate(?:\s+table)?)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi
