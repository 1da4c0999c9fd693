import { and, asc, desc, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm'
import {
  FIRST_MAILBOX_NUMBER,
  formatMailboxNumber,
  type Client,
  type ClientListItem,
  type ClientListQuery,
  type ClientPage,
  type ClientSortField,
} from '../../contract/clients'
import { centsToDollars } from '../../contract/common'
import { PAYABLE_INVOICE_STATUSES } from '../../contract/invoices'
import { recordAudit, type AuditEvent } from '../audit'
import type { Db } from '../db/client'
import { cachedList } from '../db/statement-cache'
import { matchingCount } from '../db/page-total'
import {
  affiliates,
  businessEntityTypes,
  clientMemberships,
  clientServices,
  clients,
  countries,
  documents,
  documentTypes,
  invoiceLines,
  invoices,
  servicePackages,
  services,
  users,
} from '../db/schema'
import { isUniqueViolation } from '../db/pg-error'
import { clientSearchCondition, resolveClientSearch, type ClientSearchShape } from './search'

/** Client data: the provider's list, one client's profile, its mailbox and profile changes. */

/**
 * The primary user's e-mail, for listing and sorting. Written out with an alias: Drizzle leaves column
 * names unqualified in a single-table select, which inside a subquery would bind to the wrong table.
 */
const primaryEmail = sql<string | null>`(select pu.email from users pu where pu.client_id = "clients"."id" order by pu.id limit 1)`

/** Names of the client's active services, in the order they were subscribed (indexed by client_services_client_idx). */
const activeServiceNames = sql<
  string[]
>`coalesce((select array_agg(ls.name order by lcs.id) from client_services lcs join services ls on ls.id = lcs.service_id where lcs.client_id = "clients"."id" and lcs.active), '{}')`

const SORT_COLUMNS: Record<ClientSortField, SQL | typeof clients.id | typeof clients.companyName> = {
  id: clients.id,
  companyName: clients.companyName,
  firstName: sql`${clients.firstName}`,
  lastName: sql`${clients.lastName}`,
  email: primaryEmail,
  city: sql`${clients.city}`,
  createdAt: sql`${clients.createdAt}`,
}

/** The provider's client list's search and sort: what its statement's text depends on. */
interface ClientListShape {
  search: ClientSearchShape | null
  sort: ClientSortField
  order: 'asc' | 'desc'
}

const clientList = cachedList<ClientListShape, Omit<ClientListItem, 'createdAt'> & { createdAt: Date }>({
  name: 'client list',
  matching: (db, shape, value) =>
    db
      .select({ one: sql`1` })
      .from(clients)
      .where(shape.search ? clientSearchCondition(shape.search, value) : undefined),
  page: (db, shape, value, matching) => {
    const direction = shape.order === 'desc' ? desc : asc
    return db
      .select({
        id: clients.id,
        companyName: clients.companyName,
        firstName: clients.firstName,
        lastName: clients.lastName,
        email: primaryEmail,
        phone: clients.phone,
        city: clients.city,
        stateProvince: clients.stateProvince,
        hasMailbox: clients.hasMailbox,
        mailboxNumber: clients.mailboxNumber,
        createdAt: clients.createdAt,
        services: activeServiceNames,
        matchingCount: matchingCount(matching),
      })
      .from(clients)
      .where(shape.search ? clientSearchCondition(shape.search, value) : undefined)
      .orderBy(direction(SORT_COLUMNS[shape.sort]), direction(clients.id))
      .limit(value('limit'))
      .offset(value('offset'))
  },
})

/** A page of the provider's client list: searched, sorted and paged in the database. */
export async function listClients(db: Db, { page, pageSize, sort, order, q }: ClientListQuery): Promise<ClientPage> {
  const text = q?.trim()
  const search = text ? await resolveClientSearch(db, text) : undefined
  const shape: ClientListShape = { search: search?.shape ?? null, sort: sort ?? 'createdAt', order: order ?? (sort ? 'asc' : 'desc') }
  const { rows, ...total } = await clientList(db, shape, search?.values ?? {}, { page, pageSize })
  const data: ClientListItem[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
  return { data, ...total, page, pageSize }
}

/** The client record itself (for defaults such as its mailing address), or undefined. */
export async function findClient(db: Db, id: number) {
  const [client] = await db.select().from(clients).where(eq(clients.id, id))
  return client
}

/** Who made a change and from where, for the audit row written with it. */
export type ChangeContext = Pick<AuditEvent, 'at' | 'actorUserId' | 'ip' | 'requestId'>

/** One past the highest MB- number in use (MB-1001 when there is none): the number to suggest. */
export async function nextFreeMailboxNumber(db: Db): Promise<string> {
  const [{ highest }] = await db
    .select({ highest: sql<number | null>`max(substring(${clients.mailboxNumber} from 4)::int)`.mapWith((v: unknown) => (v == null ? null : Number(v))) })
    .from(clients)
    .where(sql`${clients.mailboxNumber} ~ '^MB-[0-9]{4,6}$'`)
  return formatMailboxNumber(Math.max(FIRST_MAILBOX_NUMBER, (highest ?? 0) + 1))
}

/**
 * Gives a client its mailbox number and records it; giving the same number again changes nothing.
 * 'taken' when another client holds that number; 'held' when the client has another number and
 * `replace` does not say the agent confirmed replacing it (with that number).
 */
export async function assignMailbox(
  db: Db,
  clientId: number,
  mailboxNumber: string,
  change: ChangeContext & { at: Date; replace?: boolean },
): Promise<'assigned' | 'not-found' | 'taken' | { held: string; companyName: string }> {
  const { replace = false, ...audit } = change
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx
        .select({ mailboxNumber: clients.mailboxNumber, hasMailbox: clients.hasMailbox, companyName: clients.companyName })
        .from(clients)
        .where(eq(clients.id, clientId))
        .for('update')
      if (!before) return 'not-found' as const
      if (before.hasMailbox && before.mailboxNumber === mailboxNumber) return 'assigned' as const
      if (before.mailboxNumber && before.mailboxNumber !== mailboxNumber && !replace) return { held: before.mailboxNumber, companyName: before.companyName }
      await tx.update(clients).set({ hasMailbox: true, mailboxNumber, updatedAt: audit.at }).where(eq(clients.id, clientId))
      await recordAudit(tx, {
        ...audit,
        action: 'client.assign-mailbox',
        entity: 'client',
        entityId: String(clientId),
        details: { mailboxNumber, previous: before.mailboxNumber },
      })
      return 'assigned' as const
    })
  } catch (error) {
    if (isUniqueViolation(error)) return 'taken'
    throw error
  }
}

/** The profile fields PUT /api/client/{id} replaces, as stored. */
export type ClientProfileChanges = Partial<Omit<typeof clients.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>

/** Replaces a client's profile fields and records which changed; false when there is no such client. */
export async function updateClientProfile(db: Db, id: number, changes: ClientProfileChanges, change: ChangeContext & { at: Date }): Promise<boolean> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(clients).where(eq(clients.id, id)).for('update')
    if (!before) return false
    const changed = (Object.keys(changes) as (keyof ClientProfileChanges)[]).filter((key) => before[key] !== changes[key])
    await tx
      .update(clients)
      .set({ ...changes, updatedAt: change.at })
      .where(eq(clients.id, id))
    await recordAudit(tx, {
      ...change,
      action: 'client.update',
      entity: 'client',
      entityId: String(id),
      // Which fields changed, not their values (personal data stays in the client record).
      details: { changed },
    })
    return true
  })
}

/** The Client of GET /api/client/{id}, or undefined when there is none; its documents only when asked for. */
export async function readClient(db: Db, id: number, { withDocuments }: { withDocuments: boolean }): Promise<Client | undefined> {
  const [row] = await db
    .select({ client: clients, countryName: countries.name, businessTypeName: businessEntityTypes.name, affiliateCode: affiliates.code })
    .from(clients)
    .leftJoin(countries, eq(countries.id, clients.countryId))
    .leftJoin(businessEntityTypes, eq(businessEntityTypes.id, clients.businessType))
    .leftJoin(affiliates, eq(affiliates.id, clients.affiliateId))
    .where(eq(clients.id, id))
  if (!row) return undefined
  const [userRows, serviceRows, billedRows, documentRows] = await Promise.all([
    db
      .select({
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        active: users.active,
        invited: sql<boolean>`${users.invitedAt} is not null`.mapWith(Boolean),
      })
      .from(users)
      .innerJoin(clientMemberships, and(eq(clientMemberships.userId, users.id), eq(clientMemberships.clientId, id)))
      .orderBy(asc(users.id)),
    db
      .select({ subscription: clientServices, service: services, servicePackage: servicePackages })
      .from(clientServices)
      .innerJoin(services, eq(services.id, clientServices.serviceId))
      .leftJoin(servicePackages, eq(servicePackages.id, clientServices.servicePackageId))
      .where(eq(clientServices.clientId, id))
      .orderBy(asc(clientServices.id)),
    db
      .select({ serviceId: invoiceLines.serviceId, invoiceId: invoices.id, invoiceNumber: invoices.invoiceNumber })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(and(eq(invoices.clientId, id), inArray(invoices.status, [...PAYABLE_INVOICE_STATUSES]), isNotNull(invoiceLines.serviceId)))
      .orderBy(asc(invoices.id)),
    withDocuments
      ? db
          .select({ document: documents, typeName: documentTypes.name })
          .from(documents)
          .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
          .where(eq(documents.clientId, id))
          .orderBy(desc(documents.uploadedAt), desc(documents.id))
      : Promise.resolve([]),
  ])
  const client = row.client
  const body: Client = {
    id: client.id,
    firstName: client.firstName,
    lastName: client.lastName,
    companyName: client.companyName,
    phone: client.phone,
    country: client.countryId,
    countryName: row.countryName,
    stateProvince: client.stateProvince,
    city: client.city,
    address: client.address,
    zipcode: client.zipcode,
    attorneyEmail: client.attorneyEmail,
    notifyAttorney: client.notifyAttorney,
    changeAgent: client.changeAgent,
    businessType: client.businessType,
    businessTypeName: row.businessTypeName,
    useAgentAddress: client.useAgentAddress,
    leadGeneratedBy: client.leadGeneratedBy,
    hasMailbox: client.hasMailbox,
    mailboxNumber: client.mailboxNumber,
    agentId: client.agentId,
    createdAt: client.createdAt.toISOString(),
    clientAffiliate: row.affiliateCode ? { code: row.affiliateCode } : null,
    users: userRows,
    clientServices: serviceRows.map(({ subscription, service, servicePackage }) => ({
      id: subscription.id,
      active: subscription.active,
      createdAt: subscription.createdAt.toISOString(),
      service: { id: service.id, name: service.name, active: service.active, kind: service.kind },
      servicePackage: servicePackage ? { id: servicePackage.id, name: servicePackage.name, amount: centsToDollars(servicePackage.amountCents) } : null,
    })),
    awaitingPayment: awaitingPayment(serviceRows, billedRows),
    documents: documentRows.map(({ document, typeName }) => ({
      id: document.id,
      jurisdiction: document.jurisdiction,
      documentTypeNavigation: { name: typeName },
      dateReceived: document.dateReceived,
      isRead: document.isRead,
      status: document.status,
    })),
  }
  return body
}

/** Services on unpaid invoices that the client has no active subscription to: one entry per service, the oldest invoice. */
function awaitingPayment(
  subscriptions: { subscription: { serviceId: number; active: boolean } }[],
  billed: { serviceId: number | null; invoiceId: number; invoiceNumber: string }[],
): NonNullable<Client['awaitingPayment']> {
  const active = new Set(subscriptions.filter((row) => row.subscription.active).map((row) => row.subscription.serviceId))
  const seen = new Set<number>()
  return billed.flatMap((line) => {
    if (line.serviceId == null || active.has(line.serviceId) || seen.has(line.serviceId)) return []
    seen.add(line.serviceId)
    return [{ serviceId: line.serviceId, invoiceId: line.invoiceId, invoiceNumber: line.invoiceNumber }]
  })
}
