import { asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
import { Hono, type MiddlewareHandler } from 'hono'
import {
  AssignMailboxParamsSchema,
  ClientListQuerySchema,
  RegistrationSchema,
  SubscribeServicesSchema,
  UpdateClientSchema,
  type Client,
  type ClientListItem,
  type ClientPage,
  type ClientSortField,
} from '../../contract/clients'
import { centsToDollars, IdParamsSchema } from '../../contract/common'
import { access, hasPermission, isAgent, isClient } from '../auth/policy'
import { clientAddress } from '../auth/rate-limit'
import type { AppEnv, Caller } from '../context'
import type { Db } from '../db/client'
import {
  affiliates,
  auditEvents,
  businessEntityTypes,
  clientServices,
  clients,
  countries,
  documents,
  documentTypes,
  servicePackages,
  services,
  users,
} from '../db/schema'
import { badRequest, conflict, HttpError, notFound } from '../http/errors'
import { validate } from '../http/validate'
import { idempotencyKeyOf } from '../documents/idempotency'
import { registerClient } from '../registration/register-client'
import { subscribeServices } from '../registration/subscribe'

/**
 * Clients: POST /api/client registers one (public sign-up, or provider staff signed in: then the staff
 * member's agent is recorded); GET /api/client lists them for agents (paged, searched and sorted on the
 * server); GET /api/client/{id} is one client, for itself or an agent; PUT /api/client/{id} edits its
 * profile (personal and company info), by the client itself or an agent with PCE; another client's id
 * answers 404. POST /api/client/services/packages/subscribe lets a client order and pay for more services;
 * GET /api/client/assignMailbox/{clientId}/{mailboxNumber} gives a client its mailbox (agents with PCE).
 */

/**
 * Registration is public, but staff use it too: with a bearer token the caller is authenticated exactly as
 * on any signed-in route (a bad or expired token is a 401), and an agent is recorded on the new client.
 */
const identifyStaff: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('authorization')) await access.signedIn()(c, async () => {})
  await next()
}

const IDEMPOTENCY_KEY = /^[A-Za-z0-9_.:-]{8,100}$/

/**
 * The primary user's e-mail, for listing and sorting. Written out with an alias: Drizzle leaves column
 * names unqualified in a single-table select, which inside a subquery would bind to the wrong table.
 */
const primaryEmail = sql<string | null>`(select pu.email from users pu where pu.client_id = "clients"."id" order by pu.id limit 1)`

/** Names of the client's active services, in the order they were subscribed (indexed by client_services_client_idx). */
const activeServiceNames = sql<string[]>`coalesce((select array_agg(ls.name order by lcs.id) from client_services lcs join services ls on ls.id = lcs.service_id where lcs.client_id = "clients"."id" and lcs.active), '{}')`

const SORT_COLUMNS: Record<ClientSortField, SQL | typeof clients.id | typeof clients.companyName> = {
  id: clients.id,
  companyName: clients.companyName,
  firstName: sql`${clients.firstName}`,
  lastName: sql`${clients.lastName}`,
  email: primaryEmail,
  city: sql`${clients.city}`,
  createdAt: sql`${clients.createdAt}`,
}

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`

export const clientRoutes = new Hono<AppEnv>()
  .post('/client', access.public(), identifyStaff, validate('json', RegistrationSchema), async (c) => {
    const idempotencyKey = c.req.header('idempotency-key')?.trim() || undefined
    if (idempotencyKey && !IDEMPOTENCY_KEY.test(idempotencyKey)) {
      throw badRequest('Invalid Idempotency-Key', 'Idempotency-Key must be 8 to 100 letters, digits, dashes, dots, colons or underscores')
    }
    const caller = c.get('caller') as AppEnv['Variables']['caller'] | undefined
    const staff = caller && isAgent(caller) ? { userId: caller.userId, agentId: caller.agentId } : undefined
    const outcome = await registerClient(c.var.deps, c.req.valid('json'), {
      idempotencyKey,
      staff,
      requestId: c.var.requestId,
      ip: clientAddress(c),
    })
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true')
    return c.json(outcome.body, outcome.status)
  })
  .get('/client', access.agent(), validate('query', ClientListQuerySchema), async (c) => {
    const { db } = c.var.deps
    const { page, pageSize, sort, order, q } = c.req.valid('query')
    const search = q?.trim()
    let where: SQL | undefined
    if (search) {
      const pattern = likePattern(search)
      where = or(
        ilike(clients.companyName, pattern),
        ilike(clients.firstName, pattern),
        ilike(clients.lastName, pattern),
        sql`(${clients.firstName} || ' ' || ${clients.lastName}) ilike ${pattern}`,
        ilike(clients.phone, pattern),
        ilike(clients.city, pattern),
        ilike(clients.mailboxNumber, pattern),
        sql`exists (select 1 from users su where su.client_id = "clients"."id" and su.email ilike ${pattern})`,
        /^\d{1,9}$/.test(search) ? eq(clients.id, Number(search)) : undefined,
      )
    }
    const column = SORT_COLUMNS[sort ?? 'createdAt']
    const direction = (order ?? (sort ? 'asc' : 'desc')) === 'desc' ? desc : asc
    const [rows, [{ total }]] = await Promise.all([
      db
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
        })
        .from(clients)
        .where(where)
        .orderBy(direction(column), direction(clients.id))
        .limit(pageSize)
        .offset((page - 1) * pageSize),
      db.select({ total: count() }).from(clients).where(where),
    ])
    const data: ClientListItem[] = rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
    const body: ClientPage = { data, total, page, pageSize }
    return c.json(body)
  })
  // A client orders more services for itself and pays by card at once (server/registration/subscribe.ts).
  .post('/client/services/packages/subscribe', access.client(), validate('json', SubscribeServicesSchema), async (c) => {
    const outcome = await subscribeServices(c.var.deps, c.var.caller, c.req.valid('json'), {
      idempotencyKey: idempotencyKeyOf(c.req.header('idempotency-key')),
      requestId: c.var.requestId,
      ip: clientAddress(c),
    })
    if (outcome.replayed) c.header('Idempotent-Replayed', 'true')
    return c.json(outcome.body, outcome.status)
  })
  // An agent with PCE gives a client its mailbox. SPEC.md names it as a GET; repeating it changes nothing.
  .get('/client/assignMailbox/:clientId/:mailboxNumber', access.agent('PCE'), validate('param', AssignMailboxParamsSchema), async (c) => {
    const { db, clock } = c.var.deps
    const { clientId, mailboxNumber } = c.req.valid('param')
    const now = clock.now()
    try {
      await db.transaction(async (tx) => {
        const [before] = await tx.select({ mailboxNumber: clients.mailboxNumber, hasMailbox: clients.hasMailbox }).from(clients).where(eq(clients.id, clientId)).for('update')
        if (!before) throw notFound('Client')
        if (before.hasMailbox && before.mailboxNumber === mailboxNumber) return
        await tx.update(clients).set({ hasMailbox: true, mailboxNumber, updatedAt: now }).where(eq(clients.id, clientId))
        await tx.insert(auditEvents).values({
          at: now,
          actorUserId: c.var.caller.userId,
          action: 'client.assign-mailbox',
          entity: 'client',
          entityId: String(clientId),
          details: { mailboxNumber, previous: before.mailboxNumber },
          ip: clientAddress(c),
          requestId: c.var.requestId,
        })
      })
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw conflict('Mailbox already assigned', `Mailbox ${mailboxNumber} belongs to another client. Choose another number.`)
      }
      throw error
    }
    return c.json(await readClient(db, clientId, c.var.caller))
  })
  .get('/client/:id{[0-9]+}', access.ownClient('id'), validate('param', IdParamsSchema), async (c) => {
    return c.json(await readClient(c.var.deps.db, c.req.valid('param').id, c.var.caller))
  })
  .put('/client/:id{[0-9]+}', access.ownClient('id', 'PCE'), validate('param', IdParamsSchema), validate('json', UpdateClientSchema), async (c) => {
    const { db } = c.var.deps
    const { id } = c.req.valid('param')
    const caller = c.var.caller
    const input = c.req.valid('json')
    const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, input.country))
    if (!country) throw new HttpError(422, 'Choose a country', 'Choose a country from the list', [{ path: 'country', message: 'country: Choose a country from the list' }])
    const [entityType] = await db.select({ id: businessEntityTypes.id }).from(businessEntityTypes).where(eq(businessEntityTypes.id, input.businessType))
    if (!entityType) {
      throw new HttpError(422, 'Choose a business entity type', 'Choose a business entity type from the list', [
        { path: 'businessType', message: 'businessType: Choose a business entity type from the list' },
      ])
    }
    const now = c.var.deps.clock.now()
    const changes = {
      companyName: input.companyName,
      businessType: input.businessType,
      notifyAttorney: input.notifyAttorney,
      // Notify Attorney 'No' clears the attorney e-mail (SPEC.md section 4).
      attorneyEmail: input.notifyAttorney ? (input.attorneyEmail ?? null) : null,
      changeAgent: input.changeAgent,
      useAgentAddress: input.useAgentAddress,
      firstName: input.firstName,
      lastName: input.lastName,
      phone: input.phone,
      countryId: input.country,
      address: input.address,
      city: input.city,
      stateProvince: input.stateProvince,
      zipcode: input.zipcode,
      // The provider's own note: only staff change it.
      ...(isAgent(caller) ? { leadGeneratedBy: input.leadGeneratedBy || null } : {}),
    }
    await db.transaction(async (tx) => {
      const [before] = await tx.select().from(clients).where(eq(clients.id, id)).for('update')
      if (!before) throw notFound('Client')
      const changed = (Object.keys(changes) as (keyof typeof changes)[]).filter((key) => before[key] !== changes[key])
      await tx.update(clients).set({ ...changes, updatedAt: now }).where(eq(clients.id, id))
      await tx.insert(auditEvents).values({
        at: now,
        actorUserId: caller.userId,
        action: 'client.update',
        entity: 'client',
        entityId: String(id),
        // Which fields changed, not their values (personal data stays in the client record).
        details: { changed },
        ip: clientAddress(c),
        requestId: c.var.requestId,
      })
    })
    return c.json(await readClient(db, id, caller))
  })

/** A unique index refused the write (PostgreSQL 23505), looked up through wrapped errors. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true
  }
  return false
}

/** The Client of GET /api/client/{id}; documents only for the client itself or an agent with DCV. */
async function readClient(db: Db, id: number, caller: Caller): Promise<Client> {
  const [row] = await db
    .select({ client: clients, countryName: countries.name, businessTypeName: businessEntityTypes.name, affiliateCode: affiliates.code })
    .from(clients)
    .leftJoin(countries, eq(countries.id, clients.countryId))
    .leftJoin(businessEntityTypes, eq(businessEntityTypes.id, clients.businessType))
    .leftJoin(affiliates, eq(affiliates.id, clients.affiliateId))
    .where(eq(clients.id, id))
  if (!row) throw notFound('Client')
  const showDocuments = isClient(caller) || hasPermission(caller, 'DCV')
  const [userRows, serviceRows, documentRows] = await Promise.all([
    db
      .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName, active: users.active })
      .from(users)
      .where(eq(users.clientId, id))
      .orderBy(asc(users.id)),
    db
      .select({ subscription: clientServices, service: services, servicePackage: servicePackages })
      .from(clientServices)
      .innerJoin(services, eq(services.id, clientServices.serviceId))
      .leftJoin(servicePackages, eq(servicePackages.id, clientServices.servicePackageId))
      .where(eq(clientServices.clientId, id))
      .orderBy(asc(clientServices.id)),
    showDocuments
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
