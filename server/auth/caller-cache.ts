import type { Caller } from '../context'

/** The longest a signed-in caller is kept when nothing announces a change. */
export const CALLER_TTL_MS = 5_000
const MAX_ENTRIES = 10_000
/** The notification channel the database's triggers announce changes on (migration 0012). */
export const AUTH_CHANGED = 'auth_changed'

/**
 * Signed-in callers (user, role, permission codes, revoked or not) by the hash of their access token,
 * kept a few seconds so a burst of requests costs one database round trip rather than one each.
 *
 * Whatever could make an entry wrong empties the whole cache: the database announces every change to
 * users, roles, role permissions and revoked tokens (the `auth_changed` notification, from any server or
 * code path), and this server's own write requests clear it before they answer. The time limit only
 * bounds the damage of a notification that never arrives. A caller read before a clear is not stored
 * after it (the generation check), so a request racing a log out cannot keep the old answer.
 */
export class CallerCache {
  #entries = new Map<string, { caller: Caller; untilMs: number }>()
  #generation = 0

  get(tokenHash: string, nowMs: number): Caller | undefined {
    const entry = this.#entries.get(tokenHash)
    if (!entry) return undefined
    if (entry.untilMs > nowMs) return entry.caller
    this.#entries.delete(tokenHash)
    return undefined
  }

  /** Taken before reading a caller from the database and handed back to `set`. */
  get generation(): number {
    return this.#generation
  }

  set(tokenHash: string, caller: Caller, untilMs: number, generation: number): void {
    if (generation !== this.#generation) return
    if (this.#entries.size >= MAX_ENTRIES) this.#entries.delete(this.#entries.keys().next().value!)
    this.#entries.set(tokenHash, { caller, untilMs })
  }

  clear(): void {
    this.#generation++
    this.#entries.clear()
  }
}
