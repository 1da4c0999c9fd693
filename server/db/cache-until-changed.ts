import type { Database } from './client'

/**
 * Values read from the database, cached by key for a short time and dropped when the database announces
 * a change to what they were read from (a trigger's NOTIFY, heard by every server) or when this server
 * writes to it. Each value names the tables it was read from: a change to one of them drops the values
 * read from it (`drop`), and `clear` drops them all (a cache whose values depend on every table it
 * hears of, such as the signed-in callers).
 *
 * The time limit only bounds the damage of an announcement that never arrives. A value read before a
 * drop of one of its tables (or a clear) is not stored after it (the stamp check): a read racing a
 * change cannot cache the old value.
 */
export class CacheUntilChanged<V> {
  #entries = new Map<string, { value: V; fromMs: number; untilMs: number; tables: readonly string[] }>()
  /** Counts drops and clears; a reader takes it before reading and hands it to `set`. */
  #stamp = 0
  #clearedAt = 0
  #droppedAt = new Map<string, number>()

  constructor(private readonly maxEntries: number) {}

  get(key: string, nowMs: number): V | undefined {
    const entry = this.#entries.get(key)
    if (!entry) return undefined
    // Nor is a value given for an instant before it was read (a clock set back).
    if (entry.fromMs <= nowMs && nowMs < entry.untilMs) return entry.value
    this.#entries.delete(key)
    return undefined
  }

  /** Taken before reading a value from the database and handed back to `set`. */
  get stamp(): number {
    return this.#stamp
  }

  /**
   * Caches `value`, read at `fromMs` (taken with `stamp`) from `tables`, until `untilMs`; not if one of
   * those tables was dropped (or the cache cleared) since `stamp`.
   */
  set(key: string, value: V, span: { fromMs: number; untilMs: number; tables?: readonly string[] }, stamp: number): void {
    if (this.#clearedAt > stamp) return
    const tables = span.tables ?? []
    if (tables.some((table) => (this.#droppedAt.get(table) ?? 0) > stamp)) return
    // The oldest entry makes room (a Map iterates in insertion order).
    if (this.#entries.size >= this.maxEntries && !this.#entries.has(key)) this.#entries.delete(this.#entries.keys().next().value!)
    this.#entries.set(key, { value, fromMs: span.fromMs, untilMs: span.untilMs, tables })
  }

  /** Drops the values read from `table`. */
  drop(table: string): void {
    this.#droppedAt.set(table, ++this.#stamp)
    for (const [key, entry] of this.#entries) if (entry.tables.includes(table)) this.#entries.delete(key)
  }

  clear(): void {
    this.#clearedAt = ++this.#stamp
    this.#entries.clear()
  }

  /** Clears on every notification on `channel` (and whenever the listening connection reconnects). */
  async clearOn(database: Pick<Database, 'listen'>, channel: string): Promise<this> {
    await database.listen(channel, () => this.clear())
    return this
  }

  /**
   * Drops by table on every notification on `channel` whose payload names the changed table; clears on
   * one without (an older trigger, an operator's NOTIFY) and whenever the listening connection reconnects.
   */
  async dropOn(database: Pick<Database, 'listen'>, channel: string): Promise<this> {
    await database.listen(channel, (table) => (table ? this.drop(table) : this.clear()))
    return this
  }
}
