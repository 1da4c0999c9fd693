import { eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'
import { contains, containsPatterns, containsValue, searchValues, type ContainsForm } from '../db/contains'
import type { ValueOf } from '../db/statement-cache'
import { clientMemberships, clients, users } from '../db/schema'

/**
 * The text the provider's client search looks in: company, contact name, phone, city and mailbox
 * number in one string, with a trigram index on exactly this expression (clients_search_trgm_idx), so a
 * "contains" search is one index lookup instead of a scan of every client.
 */
const CLIENT_SEARCH_TEXT = sql`(${clients.companyName} || ' ' || ${clients.firstName} || ' ' || ${clients.lastName} || ' ' || ${clients.phone} || ' ' || ${clients.city} || ' ' || coalesce(${clients.mailboxNumber}, ''))`

/** A search matching more sign-in e-mails than this matches them inside the query instead. */
const MAX_LISTED_CLIENTS = 500

/** How the clients list's search is asked: what its statement's text depends on. */
export interface ClientSearchShape {
  text: ContainsForm
  /** Clients whose users' e-mails match: as a list of ids, inside the query (too many to list), or none. */
  emails: 'ids' | 'query' | null
  /** The text is a whole number, so also a client id. */
  id: boolean
}

/**
 * The clients list's search box looks in the search text above, a user's e-mail (looked up first in the
 * users' own trigram index, so the clients query gets a plain id list), or the client id. Here the
 * e-mails are looked up; `clientSearchCondition` is the condition, with the values given here.
 */
export async function resolveClientSearch(db: Db, search: string): Promise<{ shape: ClientSearchShape; values: Record<string, unknown> }> {
  // A person may be in several companies: each of them is found by the person's e-mail.
  const byEmail = await db
    .selectDistinct({ clientId: clientMemberships.clientId })
    .from(users)
    .innerJoin(clientMemberships, eq(clientMemberships.userId, users.id))
    .where(contains(users.email, search))
    .limit(MAX_LISTED_CLIENTS + 1)
  const emailIds = byEmail.map((row) => row.clientId)
  const id = /^\d{1,9}$/.test(search)
  return {
    shape: { text: containsPatterns(search).form, emails: emailIds.length > MAX_LISTED_CLIENTS ? 'query' : emailIds.length ? 'ids' : null, id },
    values: { ...searchValues('q', search), emailIds, searchId: id ? Number(search) : undefined },
  }
}

export function clientSearchCondition(shape: ClientSearchShape, value: ValueOf): SQL | undefined {
  return or(
    containsValue(CLIENT_SEARCH_TEXT, shape.text, 'q', value),
    shape.emails === 'query'
      ? inArray(
          clients.id,
          sql`(select ${clientMemberships.clientId} from ${clientMemberships} join ${users} on ${users.id} = ${clientMemberships.userId} where ${containsValue(users.email, shape.text, 'q', value)})`,
        )
      : shape.emails === 'ids'
        ? sql`${clients.id} = any(${value('emailIds')})`
        : undefined,
    shape.id ? eq(clients.id, value('searchId')) : undefined,
  )
}
