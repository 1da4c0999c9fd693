import { and, eq, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { contains } from '../db/contains'
import { clients, users } from '../db/schema'

/**
 * The text the provider's client search looks in: company, contact name, phone, city and mailbox
 * number in one string, with a trigram index on exactly this expression (clients_search_trgm_idx), so a
 * "contains" search is one index lookup instead of a scan of every client.
 */
const CLIENT_SEARCH_TEXT = sql`(${clients.companyName} || ' ' || ${clients.firstName} || ' ' || ${clients.lastName} || ' ' || ${clients.phone} || ' ' || ${clients.city} || ' ' || coalesce(${clients.mailboxNumber}, ''))`

/** A search matching more sign-in e-mails than this matches them inside the query instead. */
const MAX_LISTED_CLIENTS = 500

/**
 * The condition for the clients list's search box: the search text above, a user's e-mail (looked up
 * first in the users' own trigram index, so the clients query gets a plain id list), or the client id.
 */
export async function clientSearchCondition(db: Db, search: string): Promise<SQL | undefined> {
  const byEmail = await db
    .selectDistinct({ clientId: users.clientId })
    .from(users)
    .where(and(contains(users.email, search), isNotNull(users.clientId)))
    .limit(MAX_LISTED_CLIENTS + 1)
  const emailIds = byEmail.map((row) => row.clientId!)
  return or(
    contains(CLIENT_SEARCH_TEXT, search),
    emailIds.length > MAX_LISTED_CLIENTS
      ? inArray(clients.id, sql`(select ${users.clientId} from ${users} where ${contains(users.email, search)})`)
      : emailIds.length
        ? inArray(clients.id, emailIds)
        : undefined,
    /^\d{1,9}$/.test(search) ? eq(clients.id, Number(search)) : undefined,
  )
}
