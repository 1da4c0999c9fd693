import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { SHRED_SOON_DAYS, type ClientDashboard, type ProviderDashboard } from '../../contract/dashboard'
import { centsToDollars } from '../../contract/common'
import { OPEN_REQUEST_STATUSES } from '../../contract/document-requests'
import { INVOICE_STATUS } from '../../contract/invoices'
import { hasPermission } from '../auth/policy'
import type { Caller } from '../context'
import type { Db } from '../db/client'
import { clients, documentRequests, documents, documentTypes, invoices, notifications, supportConversations } from '../db/schema'
import { daysLeft, retentionCutoff, RETENTION_MS } from '../documents/retention'
import { supportCounts } from '../support/queries'

/** What needs the client: unread documents, money due, mail requests under way, support replies. */
export async function clientDashboard(db: Db, clientId: number, now: Date): Promise<ClientDashboard> {
  // Counted as the documents list's Unread filter does (shredded ones included); the most urgent is an active one.
  const unread = and(eq(documents.clientId, clientId), eq(documents.isRead, false))
  const [[unreadCount], [urgent], [money], [requestCount], latestRequests, support, recent] = await Promise.all([
    db.select({ n: count() }).from(documents).where(unread),
    db
      .select({ id: documents.id, name: documentTypes.name, uploadedAt: documents.uploadedAt, status: documents.status })
      .from(documents)
      .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
      .where(and(unread, eq(documents.status, 'active')))
      .orderBy(asc(documents.uploadedAt), asc(documents.id))
      .limit(1),
    db
      .select({
        unpaid: sql<number>`count(*) filter (where ${invoices.status} = ${INVOICE_STATUS.NEW})::int`,
        overdue: sql<number>`count(*) filter (where ${invoices.status} = ${INVOICE_STATUS.OVERDUE})::int`,
        dueCents: sql<number>`coalesce(sum(${invoices.totalCents}) filter (where ${invoices.status} in (${INVOICE_STATUS.NEW}, ${INVOICE_STATUS.OVERDUE})), 0)::bigint`,
      })
      .from(invoices)
      .where(eq(invoices.clientId, clientId)),
    db
      .select({ n: count() })
      .from(documentRequests)
      .where(and(eq(documentRequests.clientId, clientId), inArray(documentRequests.status, [...OPEN_REQUEST_STATUSES]))),
    db
      .select({ id: documentRequests.id, documentName: documentTypes.name, status: documentRequests.status, updatedAt: documentRequests.updatedAt })
      .from(documentRequests)
      .innerJoin(documents, eq(documents.id, documentRequests.documentId))
      .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
      .where(and(eq(documentRequests.clientId, clientId), inArray(documentRequests.status, [...OPEN_REQUEST_STATUSES])))
      .orderBy(desc(documentRequests.updatedAt), desc(documentRequests.id))
      .limit(3),
    supportCounts(db, eq(supportConversations.clientId, clientId)),
    db
      .select({ id: notifications.id, message: notifications.message, createdAt: notifications.createdAt })
      .from(notifications)
      .where(eq(notifications.clientId, clientId))
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(5),
  ])
  return {
    unreadDocuments: {
      count: unreadCount.n,
      mostUrgent: urgent ? { id: urgent.id, name: urgent.name, uploadedAt: urgent.uploadedAt.toISOString(), daysLeft: daysLeft(urgent.uploadedAt, urgent.status, now) } : null,
    },
    invoices: { unpaidCount: Number(money.unpaid), overdueCount: Number(money.overdue), totalDue: centsToDollars(Number(money.dueCents)) },
    mailRequests: {
      inProgress: requestCount.n,
      latest: latestRequests.map((r) => ({ id: r.id, documentName: r.documentName, status: r.status, updatedAt: r.updatedAt.toISOString() })),
    },
    support: { open: support.open, withNewReply: support.newReplies },
    recentActivity: recent.map((n) => ({ id: n.id, message: n.message, createdAt: n.createdAt.toISOString() })),
  }
}

/** Today's work for staff; each card only with the code its list needs. */
export async function providerDashboard(db: Db, caller: Caller, now: Date): Promise<ProviderDashboard> {
  const canDocuments = hasPermission(caller, 'DCV')
  const startOfToday = DateTime.fromJSDate(now).setZone('America/New_York').startOf('day').toJSDate()
  // Uploaded before this, an active document has SHRED_SOON_DAYS or fewer left.
  const soonCutoff = new Date(now.getTime() - RETENTION_MS + SHRED_SOON_DAYS * 86_400_000)
  const openRequest = inArray(documentRequests.status, [...OPEN_REQUEST_STATUSES])
  const shredSoon = and(eq(documents.status, 'active'), lt(documents.uploadedAt, soonCutoff), gte(documents.uploadedAt, retentionCutoff(now)), openRequest)

  const [uploaded, byStatus, support, overdue, soonCount, soonItems] = await Promise.all([
    canDocuments ? db.select({ n: count() }).from(documents).where(gte(documents.uploadedAt, startOfToday)) : null,
    canDocuments ? db.select({ status: documentRequests.status, n: count() }).from(documentRequests).where(openRequest).groupBy(documentRequests.status) : null,
    hasPermission(caller, 'SPV') ? supportCounts(db, undefined) : null,
    hasPermission(caller, 'ICV')
      ? db
          .select({ n: count(), cents: sql<number>`coalesce(sum(${invoices.totalCents}), 0)::bigint` })
          .from(invoices)
          .where(eq(invoices.status, INVOICE_STATUS.OVERDUE))
      : null,
    canDocuments ? db.select({ n: count() }).from(documentRequests).innerJoin(documents, eq(documents.id, documentRequests.documentId)).where(shredSoon) : null,
    canDocuments
      ? db
          .select({
            documentId: documents.id,
            requestId: documentRequests.id,
            companyName: clients.companyName,
            documentName: documentTypes.name,
            uploadedAt: documents.uploadedAt,
            status: documents.status,
          })
          .from(documentRequests)
          .innerJoin(documents, eq(documents.id, documentRequests.documentId))
          .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
          .innerJoin(clients, eq(clients.id, documents.clientId))
          .where(shredSoon)
          .orderBy(asc(documents.uploadedAt), asc(documents.id))
          .limit(5)
      : null,
  ])
  const statusCount = (status: number) => Number(byStatus?.find((row) => row.status === status)?.n ?? 0)
  return {
    documentsUploadedToday: uploaded ? uploaded[0].n : null,
    mailRequestsWaiting: byStatus ? { requested: statusCount(1), processing: statusCount(2) } : null,
    unansweredSupport: support ? support.unanswered : null,
    overdueInvoices: overdue ? { count: overdue[0].n, total: centsToDollars(Number(overdue[0].cents)) } : null,
    shreddingSoon:
      soonCount && soonItems
        ? {
            count: soonCount[0].n,
            items: soonItems.map((row) => ({
              documentId: row.documentId,
              requestId: row.requestId,
              companyName: row.companyName,
              documentName: row.documentName,
              daysLeft: daysLeft(row.uploadedAt, row.status, now),
            })),
          }
        : null,
  }
}
