import { and, asc, count, desc, eq, gte, inArray, lt, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { SHRED_SOON_DAYS, type ClientDashboard, type ProviderDashboard } from '../../contract/dashboard'
import { centsToDollars } from '../../contract/common'
import { OPEN_REQUEST_STATUSES } from '../../contract/document-requests'
import { INVOICE_STATUS, MAX_INVOICES_PER_PAYMENT, PAYABLE_INVOICE_STATUSES } from '../../contract/invoices'
import { hasPermission } from '../auth/policy'
import type { Caller } from '../context'
import type { Db } from '../db/client'
import {
  agents,
  auditEvents,
  clients,
  clientServices,
  documentRequests,
  documents,
  documentTypes,
  invoices,
  notifications,
  servicePackages,
  services,
  supportConversations,
} from '../db/schema'
import { daysLeft, retentionCutoff, RETENTION_MS } from '../documents/retention'
import { supportCounts } from '../support/queries'
import { notificationAudience } from '../notifications'

/** Who asks for the client dashboard, and what the server's configuration says of the provider. */
export interface ClientDashboardCaller {
  clientId: number
  userId: number
  /** The provider's Florida street address (COMPANY_LOCATION): every client's registered-agent address. */
  registeredAgentAddress: string
}

/**
 * What needs the client (unread documents, money due, mail requests under way, support replies), its
 * service with the provider (address service, registered agent, mailbox), recent activity with what each
 * row is about, and whether the user has signed in before.
 */
export async function clientDashboard(db: Db, caller: ClientDashboardCaller, now: Date): Promise<ClientDashboard> {
  const { clientId } = caller
  // Counted as the documents list's Unread filter does (shredded ones included); the most urgent is an active one.
  const unread = and(eq(documents.clientId, clientId), eq(documents.isRead, false))
  const payable = and(eq(invoices.clientId, clientId), inArray(invoices.status, [...PAYABLE_INVOICE_STATUSES]))
  const [[unreadCount], [urgent], [money], payableRows, [requestCount], latestRequests, support, recent, [account], addressServices, signIns] =
    await Promise.all([
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
      db.select({ id: invoices.id }).from(invoices).where(payable).orderBy(asc(invoices.dueDate), asc(invoices.id)).limit(MAX_INVOICES_PER_PAYMENT),
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
        .select({
          id: notifications.id,
          message: notifications.message,
          createdAt: notifications.createdAt,
          kind: notifications.kind,
          documentId: notifications.documentId,
          documentRequestId: notifications.documentRequestId,
          supportConversationId: notifications.supportConversationId,
          invoiceId: invoices.id,
        })
        .from(notifications)
        // An invoice notice names its invoice by number ('Invoice INV-2026-000123 is overdue'); the
        // notification keeps no invoice id, so the row finds the client's invoice of that number.
        .leftJoin(
          invoices,
          and(
            eq(notifications.kind, 'invoice'),
            eq(invoices.clientId, clientId),
            eq(invoices.invoiceNumber, sql`substring(${notifications.message} from 'INV-[0-9]+-[0-9]+')`),
          ),
        )
        .where(notificationAudience({ clientId, userId: caller.userId }))
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(5),
      db
        .select({ mailboxNumber: clients.mailboxNumber, hasMailbox: clients.hasMailbox, agentName: agents.name })
        .from(clients)
        .leftJoin(agents, eq(agents.id, clients.agentId))
        .where(eq(clients.id, clientId)),
      db
        .select({ name: services.name, packageName: servicePackages.name, active: sql<boolean>`${clientServices.active} and ${services.active}` })
        .from(clientServices)
        .innerJoin(services, eq(services.id, clientServices.serviceId))
        .leftJoin(servicePackages, eq(servicePackages.id, clientServices.servicePackageId))
        .where(and(eq(clientServices.clientId, clientId), eq(services.kind, 'address')))
        // The one in force first; then the newest.
        .orderBy(desc(sql`${clientServices.active} and ${services.active}`), desc(clientServices.createdAt), desc(clientServices.id))
        .limit(1),
      // Two sign-ins are enough to know: this session's and one before it.
      db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(and(eq(auditEvents.entity, 'user'), eq(auditEvents.entityId, String(caller.userId)), eq(auditEvents.action, 'sign-in')))
        .limit(2),
    ])
  const service = addressServices[0]
  return {
    signedInBefore: signIns.length > 1,
    account: {
      service: service ? { name: service.name, packageName: service.packageName, active: Boolean(service.active) } : null,
      registeredAgent: { name: account?.agentName ?? null, address: caller.registeredAgentAddress },
      mailboxNumber: account?.hasMailbox ? account.mailboxNumber : null,
    },
    unreadDocuments: {
      count: unreadCount.n,
      mostUrgent: urgent
        ? { id: urgent.id, name: urgent.name, uploadedAt: urgent.uploadedAt.toISOString(), daysLeft: daysLeft(urgent.uploadedAt, urgent.status, now) }
        : null,
    },
    invoices: {
      unpaidCount: Number(money.unpaid),
      overdueCount: Number(money.overdue),
      totalDue: centsToDollars(Number(money.dueCents)),
      payableIds: payableRows.map((row) => row.id),
    },
    mailRequests: {
      inProgress: requestCount.n,
      latest: latestRequests.map((r) => ({ id: r.id, documentName: r.documentName, status: r.status, updatedAt: r.updatedAt.toISOString() })),
    },
    support: { open: support.open, withNewReply: support.newReplies },
    recentActivity: recent.map((n) => ({
      id: n.id,
      message: n.message,
      createdAt: n.createdAt.toISOString(),
      kind: n.kind,
      documentId: n.documentId,
      documentRequestId: n.documentRequestId,
      supportConversationId: n.supportConversationId,
      invoiceId: n.invoiceId,
    })),
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
