import type { Database } from './client'

/**
 * Values read from the database, kept by key for a short time and dropped all at once when the database
 * announces a change to what they were read from (a trigger's NOTIFY, heard by every server) or when
 * this server answers a write of its own.
 *
 * The time limit only bounds the damage of an announcement that never arrives. A value read before a
 * clear is not stored after it (the generation check): a read racing a change cannot keep the old value.
 */
export class KeptUntilChanged<V> {
  #entries = new Map<string, { value: V; fromMs: number; untilMs: number }>()
  #generation = 0

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
  get generation(): number {
    return this.#generation
  }

  /** Keeps `value`, read at `fromMs` (taken with `generation`), until `untilMs`. */
  set(key: string, value: V, span: { fromMs: number; untilMs: number }, generation: number): void {
    if (generation !== this.#generation) return
    // The oldest entry makes room (a Map iterates in insertion order).
    if (this.#entries.size >= this.maxEntries && !this.#entries.has(key)) this.#entries.delete(this.#entries.keys().next().value!)
    this.#entries.set(key, { value, ...span })
  }

  clear(): void {
    this.#generation++
    this.#entries.clear()
  }

  /** Clears on every notification on `channel` (and whenever the listening connection reconnects). */
  async clearOn(database: Pick<Database, 'listen'>, channel: string): Promise<this> {
    await database.listen(channel, () => this.clear())
    return this
  }
}
