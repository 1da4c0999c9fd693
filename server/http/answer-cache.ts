import type { Database } from '../db/client'
import { CacheUntilChanged } from '../db/cache-until-changed'
import type { TableWrites } from '../db/table-writes'
import { gzipText, worthGzip } from './gzip'

/** Answers are 1-15 KB each (a gzipped page of a list is about 1 KB): a few tens of MB at most. */
const MAX_ENTRIES = 5_000
/** The notification channel the database's triggers announce changes on, naming the table (migrations 0013, 0014, 0016). */
export const ANSWERS_CHANGED = 'answers_changed'
/** A JSON answer as cached: its text, and its gzipped bytes when it is large enough to gain from them. */
export interface CachedAnswer {
  text: string
  gzipped?: Uint8Array<ArrayBuffer>
}

export function cachedAnswer(text: string): CachedAnswer {
  return worthGzip(text) ? { text, gzipped: gzipText(text) } : { text }
}

/**
 * The answers of read routes that cache them (`cachedJson` in server/http/cached-json.ts), each read
 * from the tables its route declares. An answer is dropped when one of its tables changes: the database
 * announces every change to those tables (the `answers_changed` notification, naming the table, from
 * any server, job or operator), and this server's write requests drop the tables they wrote before
 * they answer (`dropWrittenSince`).
 */
export class AnswerCache extends CacheUntilChanged<CachedAnswer> {
  /**
   * `ttlMs`: the longest an answer is cached when nothing announces a change (ANSWER_CACHE_SECONDS).
   * `writes`: the tables this server's statements write to.
   */
  constructor(
    readonly ttlMs: number,
    readonly writes: TableWrites,
  ) {
    super(MAX_ENTRIES)
  }

  /** Drops the answers read from the tables written since `mark` (a `writes.mark` taken earlier). */
  dropWrittenSince(mark: number): void {
    for (const table of this.writes.since(mark)) this.drop(table)
  }
}

/**
 * A server's answer cache, dropping by table whenever the database announces a change; none when
 * `seconds` (ANSWER_CACHE_SECONDS) is 0.
 */
export const listeningAnswerCache = async (database: Pick<Database, 'listen' | 'writes'>, seconds: number) =>
  seconds > 0 ? new AnswerCache(seconds * 1000, database.writes).dropOn(database, ANSWERS_CHANGED) : undefined
