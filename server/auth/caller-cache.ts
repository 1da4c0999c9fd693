import type { Caller } from './caller'
import type { Database } from '../db/client'
import { CacheUntilChanged } from '../db/cache-until-changed'

/** The longest a signed-in caller is cached when nothing announces a change. */
export const CALLER_TTL_MS = 5_000
const MAX_ENTRIES = 10_000
/** The notification channel the database's triggers announce changes on (migration 0012). */
const AUTH_CHANGED = 'auth_changed'

/**
 * Signed-in callers (user, role, permission codes, revoked or not) by the hash of their access token,
 * cached a few seconds so a burst of requests costs one database round trip rather than one each.
 *
 * Whatever could make an entry wrong empties the whole cache: the database announces every change to
 * users, roles, role permissions and revoked tokens (the `auth_changed` notification, from any server or
 * code path), and this server's own write requests clear it before they answer. A caller read before a
 * clear is not stored after it, so a request racing a log out cannot cache the old answer.
 */
export class CallerCache extends CacheUntilChanged<Caller> {
  constructor() {
    super(MAX_ENTRIES)
  }
}

/** A server's caller cache, emptied whenever the database announces a change to what it caches. */
export const listeningCallerCache = (database: Pick<Database, 'listen'>) => new CallerCache().clearOn(database, AUTH_CHANGED)
