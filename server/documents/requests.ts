import { and, asc, desc, eq, ilike, inArray, or, sql, type SQL } from 'drizzle-orm'
import {
  LIVE_REQUEST_STATUSES,
  OPEN_REQUEST_STATUSES,
  REQUEST_STATUS,
  REQUEST_TRANSITIONS,
  requestStatusName,
  type DocumentRequest,
  type DocumentRequestDetail,
  type CreatedRequests,
  type DocumentRequestStatusId,
} from '../../contract/document-requests'
import { assertClientArea, hasPermission, isAgent, isClient } from '../auth/policy'
import { saveAddressIn } from '../clients/addresses'
import type { AppDeps, Caller } from '../context'
import type { Db, Tx } from '../db/client'
import { containing } from '../db/contains'
import { cachedList, type ValueOf } from '../db/statement-cache'
import { matchingCount } from '../db/page-total'
import { isUniqueViolation } from '../db/pg-error'
import { clients, countries, documentRequestEvents, documentRequests, documents, documentTypes, mailActions, shipments, users } from '../db/schema'
import { conflict, forbidden, HttpError, notFound, unprocessable } from '../http/errors'
import { notifyAgents, notifyClient } from '../notifications'
import { completeIdempotent, type IdempotencyClaim } from '../idempotency'
import { displayDay, withinRequestWindow } from './retention'
import { centsToDollars } from '../../contract/common'
import { trackingUrl } from '../../contract/shipping'
import { createInvoice } from '../invoices/create'
import { shippingOptionFor } from '../shipping/options'

/** A shipping charge is billed, not taken at once: its invoice is due two weeks after the request. */
const SHIPPING_INVOICE_DUE_DAYS = 14

const WINDOW_CLOSED = 'The 60-day window to request this document by mail has closed'
const ALREADY_OPEN = 'This document already has an open mail request'
const ALREADY_MAILED = 'The original of this document was already mailed'
const ACTION_OPEN = 'This mail has another open request (open and scan, shred or hold); the mailroom is on it'

const requestColumns = {
  id: documentRequests.id,
  status: documentRequests.status,
  documentId: documentRequests.documentId,
  clientId: documentRequests.clientId,
  companyName: clients.companyName,
  typeName: documentTypes.name,
  jurisdiction: documents.jurisdiction,
  dateReceived: documents.dateReceived,
  documentStatus: documents.status,
  recipientName: documentRequests.recipientName,
  address: documentRequests.address,
  city: documentRequests.city,
  stateProvince: documentRequests.stateProvince,
  zipcode: documentRequests.zipcode,
  countryId: documentRequests.countryId,
  countryName: countries.name,
  carrier: documentRequests.carrier,
  trackingNumber: documentRequests.trackingNumber,
  shipmentId: documentRequests.shipmentId,
  shippingOptionId: shipments.shippingOptionId,
  shippingCarrier: shipments.carrier,
  shippingSpeed: shipments.speed,
  shippingPriceCents: shipments.priceCents,
  invoiceId: shipments.invoiceId,
  createdAt: documentRequests.createdAt,
  updatedAt: documentRequests.updatedAt,
}

function selectRequests<Extra extends Record<string, SQL> = Record<never, never>>(db: Db | Tx, extra?: Extra) {
  return db
    .select({ ...requestColumns, ...extra } as typeof requestColumns & Extra)
    .from(documentRequests)
    .innerJoin(documents, eq(documents.id, documentRequests.documentId))
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .innerJoin(clients, eq(clients.id, documentRequests.clientId))
    .leftJoin(countries, eq(countries.id, documentRequests.countryId))
    .leftJoin(shipments, eq(shipments.id, documentRequests.shipmentId))
}

type ShipmentDocument = DocumentRequest['documents'][number]

/** The documents of each shipment the rows belong to, with their requests, in request order. */
async function documentsOfShipments(db: Db | Tx, rows: { shipmentId: number | null }[]): Promise<Map<number, ShipmentDocument[]>> {
  const ids = [...new Set(rows.map((r) => r.shipmentId).filter((id): id is number => id != null))]
  const byShipment = new Map<number, ShipmentDocument[]>()
  if (!ids.length) return byShipment
  const members = await db
    .select({
      shipmentId: documentRequests.shipmentId,
      requestId: documentRequests.id,
      id: documents.id,
      name: documentTypes.name,
      dateReceived: documents.dateReceived,
    })
    .from(documentRequests)
    .innerJoin(documents, eq(documents.id, documentRequests.documentId))
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .where(inArray(documentRequests.shipmentId, ids))
    .orderBy(asc(documentRequests.id))
  for (const m of members) {
    const list = byShipment.get(m.shipmentId!) ?? []
    list.push({ requestId: m.requestId, id: m.id, documentTypeNavigation: { name: m.name }, dateReceived: m.dateReceived })
    byShipment.set(m.shipmentId!, list)
  }
  return byShipment
}

/** "Tax Notice", "Tax Notice and Bank Statement", "A, B and C"; a type twice is "Tax Notice (2)". */
function namesOf(names: string[]): string {
  const counts = new Map<string, number>()
  for (const name of names) counts.set(name, (counts.get(name) ?? 0) + 1)
  const parts = [...counts].map(([name, n]) => (n > 1 ? `${name} (${n})` : name))
  return parts.length <= 1 ? (parts[0] ?? 'a document') : `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1]}`
}

async function toDocumentRequests(db: Db | Tx, rows: RequestRow[], caller: Caller): Promise<DocumentRequest[]> {
  const members = await documentsOfShipments(db, rows)
  return rows.map((row) => toDocumentRequest(row, caller, members))
}

type RequestRow = Awaited<ReturnType<ReturnType<typeof selectRequests>['where']>>[number]

/** Statuses the caller may move a request to from where it stands. */
export function allowedStatusesFor(caller: Caller, status: number): DocumentRequestStatusId[] {
  if (isClient(caller)) return status === REQUEST_STATUS.requested ? [REQUEST_STATUS.cancelled] : []
  if (isAgent(caller) && hasPermission(caller, 'DCV')) return [...(REQUEST_TRANSITIONS[status as DocumentRequestStatusId] ?? [])]
  return []
}

function toDocumentRequest(row: RequestRow, caller: Caller, members: Map<number, ShipmentDocument[]>): DocumentRequest {
  const own: ShipmentDocument = { requestId: row.id, id: row.documentId, documentTypeNavigation: { name: row.typeName }, dateReceived: row.dateReceived }
  return {
    id: row.id,
    status: row.status,
    statusName: requestStatusName(row.status),
    documentId: row.documentId,
    document: {
      id: row.documentId,
      documentTypeNavigation: { name: row.typeName },
      jurisdiction: row.jurisdiction,
      dateReceived: row.dateReceived,
      status: row.documentStatus === 'active' ? 'active' : 'shredded',
    },
    clientId: row.clientId,
    client: { id: row.clientId, companyName: row.companyName },
    recipientName: row.recipientName,
    address: row.address,
    city: row.city,
    stateProvince: row.stateProvince,
    zipcode: row.zipcode,
    countryId: row.countryId,
    countryName: row.countryName ?? null,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: trackingUrl(row.carrier, row.trackingNumber),
    shipmentId: row.shipmentId,
    shipping:
      row.shipmentId == null
        ? null
        : {
            shippingOptionId: row.shippingOptionId ?? null,
            carrier: row.shippingCarrier ?? null,
            speed: row.shippingSpeed ?? null,
            price: centsToDollars(row.shippingPriceCents ?? 0),
            invoiceId: row.invoiceId ?? null,
          },
    documents: (row.shipmentId != null && members.get(row.shipmentId)) || [own],
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    allowedStatuses: allowedStatusesFor(caller, row.status),
  }
}

/** Clients reach their own requests (another client's answer 404); agents need DCV. */
export function assertCanSeeRequests(caller: Caller, clientId?: number) {
  if (isClient(caller)) {
    if (clientId !== undefined && clientId !== caller.clientId) throw notFound('Document request')
    assertClientArea(caller, 'documents')
    return
  }
  if (!isAgent(caller)) throw notFound('Document request')
  if (!hasPermission(caller, 'DCV')) throw forbidden('You do not have permission to view document requests')
}

export async function getRequestDetail(db: Db | Tx, caller: Caller, id: number): Promise<DocumentRequestDetail> {
  assertCanSeeRequests(caller)
  const [row] = await selectRequests(db).where(eq(documentRequests.id, id))
  if (!row) throw notFound('Document request')
  assertCanSeeRequests(caller, row.clientId)
  const events = await db
    .select({
      id: documentRequestEvents.id,
      status: documentRequestEvents.status,
      note: documentRequestEvents.note,
      carrier: documentRequestEvents.carrier,
      trackingNumber: documentRequestEvents.trackingNumber,
      byClientId: users.clientId,
      byUserId: users.id,
      createdAt: documentRequestEvents.createdAt,
    })
    .from(documentRequestEvents)
    .leftJoin(users, eq(users.id, documentRequestEvents.byUserId))
    .where(eq(documentRequestEvents.documentRequestId, id))
    .orderBy(asc(documentRequestEvents.createdAt), asc(documentRequestEvents.id))
  return {
    ...toDocumentRequest(row, caller, await documentsOfShipments(db, [row])),
    events: events.map((e) => ({
      id: e.id,
      status: e.status,
      statusName: requestStatusName(e.status),
      note: e.note,
      carrier: e.carrier,
      trackingNumber: e.trackingNumber,
      by: e.byUserId == null ? null : e.byClientId != null ? 'client' : 'agent',
      createdAt: e.createdAt.toISOString(),
    })),
  }
}

export interface RequestListQuery {
  page: number
  pageSize: number
  sort?: string
  order?: 'asc' | 'desc'
  q?: string
  status?: number
  open?: boolean
  documentId?: number
  clientId?: number
}

/** Which of a mail request list's filters are present, and how it is sorted: what its statement's text depends on. */
interface RequestListShape {
  clientId: boolean
  status: boolean
  open: boolean | null
  documentId: boolean
  search: boolean
  sort: string | null
  order: 'asc' | 'desc'
}

function requestConditions(shape: RequestListShape, value: ValueOf): SQL | undefined {
  const pattern = shape.search ? value('pattern') : undefined
  return and(
    shape.clientId ? eq(documentRequests.clientId, value('clientId')) : undefined,
    shape.status ? eq(documentRequests.status, value('status')) : undefined,
    shape.open === true ? inArray(documentRequests.status, [...OPEN_REQUEST_STATUSES]) : undefined,
    shape.open === false ? sql`${documentRequests.status} not in (1, 2)` : undefined,
    shape.documentId ? eq(documentRequests.documentId, value('documentId')) : undefined,
    pattern
      ? or(
          ilike(documentTypes.name, pattern),
          ilike(clients.companyName, pattern),
          ilike(documentRequests.recipientName, pattern),
          ilike(documentRequests.trackingNumber, pattern),
          ilike(documentRequests.city, pattern),
        )
      : undefined,
  )
}

function requestOrder({ sort, order }: RequestListShape): SQL[] {
  const dir = order === 'asc' ? asc : desc
  const orderBy: SQL[] =
    sort === 'updatedAt'
      ? [dir(documentRequests.updatedAt)]
      : sort === 'status'
        ? [dir(documentRequests.status), desc(documentRequests.createdAt)]
        : sort === 'company'
          ? [dir(clients.companyName), desc(documentRequests.createdAt)]
          : sort === 'type'
            ? [dir(documentTypes.name), desc(documentRequests.createdAt)]
            : [dir(documentRequests.createdAt)]
  return [...orderBy, dir(documentRequests.id)]
}

const requestList = cachedList<RequestListShape, RequestRow>({
  name: 'mail request list',
  // The search matches the type and company names, so only then does the total need the joins.
  matching: (db, shape, value) =>
    shape.search
      ? db
          .select({ one: sql`1` })
          .from(documentRequests)
          .innerJoin(documents, eq(documents.id, documentRequests.documentId))
          .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
          .innerJoin(clients, eq(clients.id, documentRequests.clientId))
          .where(requestConditions(shape, value))
      : db
          .select({ one: sql`1` })
          .from(documentRequests)
          .where(requestConditions(shape, value)),
  page: (db, shape, value, matching) =>
    selectRequests(db, { matchingCount: matchingCount(matching) })
      .where(requestConditions(shape, value))
      .orderBy(...requestOrder(shape))
      .limit(value('limit'))
      .offset(value('offset')),
})

export async function listRequests(db: Db, caller: Caller, query: RequestListQuery) {
  assertCanSeeRequests(caller)
  const clientId = isClient(caller) ? caller.clientId! : query.clientId
  const q = query.q?.trim()
  const shape: RequestListShape = {
    clientId: clientId !== undefined,
    status: query.status !== undefined,
    open: query.open ?? null,
    documentId: query.documentId !== undefined,
    search: Boolean(q),
    sort: query.sort ?? null,
    order: query.order ?? (query.sort === 'company' || query.sort === 'type' || query.sort === 'status' ? 'asc' : 'desc'),
  }
  const values = { clientId, status: query.status, documentId: query.documentId, pattern: q ? containing(q) : undefined }
  const { rows, ...total } = await requestList(db, shape, values, query)
  return { data: await toDocumentRequests(db, rows, caller), ...total, page: query.page, pageSize: query.pageSize }
}

export interface MailingAddress {
  recipientName: string
  address: string
  city: string
  stateProvince: string
  zipcode: string
  countryId: number | null
}

const OPTION_UNAVAILABLE = 'This shipping option is not available'
const NO_OPTION = 'No shipping option is available'
const PAPER_SHREDDED = 'The paper original of this mail was shredded, as the client’s mail rule asked; only the scan is kept'

/**
 * Creates one shipment (one envelope) of the documents, with one mail request per document, all or
 * nothing. The shipping option chosen (or the first active one) is copied onto the shipment with its
 * price at this moment; a price above zero is one invoice for the whole shipment. Each document must be the client's, active,
 * within its 60 days, without an open request and with its original not mailed already (a cancelled
 * request frees it). The documents are locked for the transaction, so
 * neither the shred job nor a second request can slip in between the checks and the insert.
 * With `saveAddressAs`, the mailing address is saved in the client's address book in the same
 * transaction: a refused request (or a refused address) saves neither.
 */
export async function createRequests(
  deps: AppDeps,
  caller: Caller,
  input: {
    documentIds: number[]
    mailing: MailingAddress
    companyName: string
    claim?: IdempotencyClaim
    saveAddressAs?: string
    /** An active shipping option; left out, the first active one. */
    shippingOptionId?: number
    /** Where the request came from, for the audit row of a saved address. */
    origin?: { ip?: string | null; requestId?: string | null }
  },
): Promise<CreatedRequests> {
  const clientId = caller.clientId!
  const ids = [...new Set(input.documentIds)].sort((a, b) => a - b)
  const now = deps.clock.now()
  const { saveAddressAs, mailing } = input
  const countryId = mailing.countryId
  if (saveAddressAs !== undefined && countryId == null) {
    throw new HttpError(422, 'Choose a country', 'Choose the country of the address to save', [
      { path: 'countryId', message: 'countryId: Choose the country of the address to save' },
    ])
  }
  try {
    return await deps.db.transaction(async (tx) => {
      // The address first: whatever is refused after it (a document, the address itself) rolls it back.
      const savedAddress =
        saveAddressAs !== undefined && countryId != null
          ? await saveAddressIn(
              tx,
              clientId,
              { label: saveAddressAs, ...mailing, countryId },
              { at: now, actorUserId: caller.userId, ip: input.origin?.ip, requestId: input.origin?.requestId },
            )
          : undefined
      const created = await mailOriginalsIn(tx, now, {
        clientId,
        companyName: input.companyName,
        documentIds: ids,
        mailing,
        shippingOptionId: input.shippingOptionId,
        requestedBy: caller.userId,
      })
      const rows = await selectRequests(tx)
        .where(
          inArray(
            documentRequests.id,
            created.map((r) => r.id),
          ),
        )
        .orderBy(asc(documentRequests.id))
      const answer: CreatedRequests = { documentRequests: await toDocumentRequests(tx, rows, caller) }
      if (savedAddress) answer.savedAddress = savedAddress
      if (input.claim) await completeIdempotent(tx, input.claim, 201, answer)
      return answer
    })
  } catch (error) {
    // Two requests for the same document at once: the unique index of live requests stops the second.
    if (isUniqueViolation(error)) throw conflict(ALREADY_OPEN)
    throw error
  }
}

export interface MailOriginalsInput {
  clientId: number
  companyName: string
  /** Sorted, without repeats. */
  documentIds: number[]
  mailing: MailingAddress
  /** An active shipping option; left out, the first active one. */
  shippingOptionId?: number
  /** The user who asked; null when the client's mail rule did. */
  requestedBy: number | null
  /** Asked by the client's mail rule (server/clients/mail-rules.ts) as the mailroom uploaded the scan. */
  byRule?: boolean
}

/**
 * The checks and writes of one new shipment inside the caller's transaction (createRequests, and a
 * client's forward rule as a scan is uploaded): the documents locked and checked, the shipping option
 * and its invoice, the shipment, one request per document with its first event, and the staff's
 * notice. Answers the requests made, in document order.
 */
export async function mailOriginalsIn(tx: Tx, now: Date, input: MailOriginalsInput): Promise<{ id: number; documentId: number }[]> {
  const { clientId } = input
  const ids = input.documentIds
  const locked = await tx
    .select({
      id: documents.id,
      clientId: documents.clientId,
      status: documents.status,
      uploadedAt: documents.uploadedAt,
      dateReceived: documents.dateReceived,
    })
    .from(documents)
    .where(inArray(documents.id, ids))
    .orderBy(asc(documents.id))
    .for('update')
  const byId = new Map(locked.map((d) => [d.id, d]))
  const types = new Map(
    (
      await tx
        .select({ id: documents.id, name: documentTypes.name })
        .from(documents)
        .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
        .where(inArray(documents.id, ids))
    ).map((t) => [t.id, t.name]),
  )
  const label = (id: number) => `${types.get(id) ?? 'Document'} received ${displayDay(byId.get(id)!.dateReceived)}`
  const several = ids.length > 1

  for (const id of ids) {
    const doc = byId.get(id)
    if (!doc || doc.clientId !== clientId) throw new HttpError(404, 'Document not found', several ? `Document ${id} was not found` : 'Document not found')
    if (doc.status !== 'active' || !withinRequestWindow(doc.uploadedAt, now)) {
      throw unprocessable(WINDOW_CLOSED, several ? `${WINDOW_CLOSED} (${label(id)})` : WINDOW_CLOSED)
    }
  }
  const live = await tx
    .select({ documentId: documentRequests.documentId, status: documentRequests.status, trackingNumber: documentRequests.trackingNumber })
    .from(documentRequests)
    .where(and(inArray(documentRequests.documentId, ids), inArray(documentRequests.status, [...LIVE_REQUEST_STATUSES])))
    .orderBy(asc(documentRequests.documentId))
  const sent = live.find((r) => !OPEN_REQUEST_STATUSES.includes(r.status as DocumentRequestStatusId))
  if (sent) {
    const tracking = sent.trackingNumber ? ` (tracking number ${sent.trackingNumber})` : ''
    throw conflict(ALREADY_MAILED, `${ALREADY_MAILED}${several ? ` (${label(sent.documentId)})` : ''}${tracking}; it cannot be requested again`)
  }
  if (live.length) throw conflict(ALREADY_OPEN, several ? `${ALREADY_OPEN} (${label(live[0].documentId)})` : ALREADY_OPEN)
  // Another action open on the piece (open and scan, shred, hold: contract/mail-actions.ts) comes first.
  const [acting] = await tx
    .select({ documentId: mailActions.documentId })
    .from(mailActions)
    .where(and(inArray(mailActions.documentId, ids), eq(mailActions.status, 'open')))
    .orderBy(asc(mailActions.documentId))
    .limit(1)
  if (acting) throw conflict(ACTION_OPEN, several ? `${ACTION_OPEN} (${label(acting.documentId)})` : ACTION_OPEN)
  // The client's shred rule had the paper shredded (the scan kept): there is no original to mail.
  const [paperGone] = await tx
    .select({ documentId: mailActions.documentId })
    .from(mailActions)
    .where(and(inArray(mailActions.documentId, ids), eq(mailActions.action, 'shred'), eq(mailActions.originalOnly, true), eq(mailActions.status, 'done')))
    .orderBy(asc(mailActions.documentId))
    .limit(1)
  if (paperGone) throw conflict(PAPER_SHREDDED, several ? `${PAPER_SHREDDED} (${label(paperGone.documentId)})` : PAPER_SHREDDED)

  // The option as it is now: its price is the shipment's, whatever it becomes later.
  const option = await shippingOptionFor(tx, input.shippingOptionId)
  if (input.shippingOptionId !== undefined && (!option || !option.active)) {
    throw new HttpError(422, OPTION_UNAVAILABLE, 'Choose one of the carriers and speeds offered (GET /api/shipping-options)', [
      { path: 'shippingOptionId', message: `shippingOptionId: ${OPTION_UNAVAILABLE}` },
    ])
  }
  // A rule mails only by a carrier and speed offered now; with none active it is not applied.
  if (input.byRule && (!option || !option.active)) throw unprocessable(NO_OPTION, 'No carrier and speed is offered for mailing originals at the moment')
  const priceCents = option?.priceCents ?? 0
  const invoice =
    priceCents > 0
      ? await createInvoice(tx, {
          clientId,
          invoiceDate: now,
          dueDate: new Date(now.getTime() + SHIPPING_INVOICE_DUE_DAYS * 86_400_000),
          lines: [
            {
              description: `Mailing ${ids.length === 1 ? 'an original' : `${ids.length} originals in one envelope`}: ${option!.carrier} ${option!.speed}`,
              unitAmountCents: priceCents,
            },
          ],
        })
      : undefined
  const [shipment] = await tx
    .insert(shipments)
    .values({
      clientId,
      shippingOptionId: option?.id ?? null,
      carrier: option?.carrier ?? null,
      speed: option?.speed ?? null,
      priceCents,
      invoiceId: invoice?.id ?? null,
      createdAt: now,
    })
    .returning({ id: shipments.id })

  const created = await tx
    .insert(documentRequests)
    .values(
      ids.map((documentId) => ({
        documentId,
        clientId,
        status: REQUEST_STATUS.requested,
        ...input.mailing,
        requestedBy: input.requestedBy,
        shipmentId: shipment.id,
        createdAt: now,
        updatedAt: now,
      })),
    )
    .returning({ id: documentRequests.id, documentId: documentRequests.documentId })
  await tx.insert(documentRequestEvents).values(
    created.map((r) => ({
      documentRequestId: r.id,
      status: REQUEST_STATUS.requested,
      note: input.byRule ? 'Requested by the client’s mail rule' : 'Requested by the client',
      byUserId: input.requestedBy,
      createdAt: now,
    })),
  )
  // One envelope, one notice (linking its first request).
  await notifyAgents(
    tx,
    `${input.companyName}${input.byRule ? '’s mail rule' : ''} requested ${namesOf(created.map((r) => types.get(r.documentId) ?? 'a document'))} by mail`,
    { documentRequestId: created[0].id, documentId: created[0].documentId },
    now,
  )
  return created
}

/**
 * Moves a request along, and with it every request of its shipment (the documents requested together,
 * one envelope). Agents with DCV follow REQUEST_TRANSITIONS (Mailed needs a tracking number, and a
 * carrier unless the shipment's chosen carrier is meant); a client may cancel its own request while it
 * is Requested. Each change is an event on each request of the shipment and one notification to the
 * other side. Asking for the status a request already has changes nothing.
 */
export async function changeRequestStatus(
  deps: AppDeps,
  caller: Caller,
  id: number,
  input: { status: number; carrier?: string; trackingNumber?: string; note?: string },
): Promise<DocumentRequestDetail> {
  assertCanSeeRequests(caller)
  const now = deps.clock.now()
  await deps.db.transaction(async (tx) => {
    const [row] = await selectRequests(tx).where(eq(documentRequests.id, id))
    if (!row) throw notFound('Document request')
    assertCanSeeRequests(caller, row.clientId)
    if (row.status === input.status) return
    const from = requestStatusName(row.status)
    const to = requestStatusName(input.status)
    if (isClient(caller)) {
      if (input.status !== REQUEST_STATUS.cancelled) throw forbidden('Only the provider can move a request along; you may cancel it while it is Requested')
      if (row.status !== REQUEST_STATUS.requested)
        throw conflict('This request can no longer be cancelled', `The request is ${from}: it can be cancelled only while it is Requested`)
    } else if (!allowedStatusesFor(caller, row.status).includes(input.status as DocumentRequestStatusId)) {
      throw conflict('This status change is not allowed', `A request that is ${from} cannot be moved to ${to}`)
    }
    const mailed = input.status === REQUEST_STATUS.mailed
    const carrier = input.carrier ?? row.shippingCarrier ?? undefined
    if (mailed && (!carrier || !input.trackingNumber)) {
      throw unprocessable('Carrier and tracking number are required', 'Enter the carrier and the tracking number to mark the request as Mailed')
    }
    // The whole envelope moves: every request of the shipment standing where this one stands.
    const sameShipment = row.shipmentId == null ? eq(documentRequests.id, id) : eq(documentRequests.shipmentId, row.shipmentId)
    const members = await tx
      .select({ id: documentRequests.id, status: documentRequests.status })
      .from(documentRequests)
      .where(sameShipment)
      .orderBy(asc(documentRequests.id))
      .for('update')
    const moving = members.filter((m) => m.status === row.status).map((m) => m.id)
    const updated = await tx
      .update(documentRequests)
      .set({
        status: input.status,
        updatedAt: now,
        ...(mailed ? { carrier, trackingNumber: input.trackingNumber } : {}),
      })
      .where(and(inArray(documentRequests.id, moving), eq(documentRequests.status, row.status)))
      .returning({ id: documentRequests.id })
    if (!updated.some((u) => u.id === id))
      throw conflict('This request was changed meanwhile', 'This request was changed by someone else; reload it and try again')
    await tx.insert(documentRequestEvents).values(
      updated.map((u) => ({
        documentRequestId: u.id,
        status: input.status,
        note: input.note || (isClient(caller) ? 'Cancelled by the client' : null),
        carrier: mailed ? carrier : null,
        trackingNumber: mailed ? input.trackingNumber : null,
        byUserId: caller.userId,
        createdAt: now,
      })),
    )
    const names =
      updated.length > 1
        ? namesOf(
            (await documentsOfShipments(tx, [row]))
              .get(row.shipmentId!)
              ?.filter((d) => updated.some((u) => u.id === d.requestId))
              .map((d) => d.documentTypeNavigation.name) ?? [row.typeName],
          )
        : row.typeName
    const links = { documentRequestId: id, documentId: row.documentId }
    if (isClient(caller)) {
      await notifyAgents(tx, `${row.companyName} cancelled the request to mail ${names}`, links, now)
    } else {
      const tracking = mailed ? ` (${carrier}, tracking number ${input.trackingNumber})` : ''
      await notifyClient(tx, row.clientId, `Your request to mail ${names} is now ${to}${tracking}`, links, now)
    }
  })
  return getRequestDetail(deps.db, caller, id)
}
