import { and, asc, desc, eq, lte, notExists } from 'drizzle-orm'
import type { Db } from '../db/client'
import { SERVICE_OF_PROCESS } from '../db/reference'
import { clients, documentAlerts, documents, documentTypes, users } from '../db/schema'
import { claimReminder, REPEAT_AFTER_UPLOAD, serviceSubject } from '../deadlines/claim'
import { notifyAgents, notifyClient } from '../notifications'

/**
 * Service of process (legal papers, often a lawsuit) is urgent for a registered agent's client. On
 * upload it is announced at once to every user of the client and to the attorney (see
 * server/notifications/announce.ts). Until a client user opens it, the client's dashboard and documents
 * list show "Action required"; if it is still unopened 24 hours after upload, the alert is repeated
 * and staff see it flagged on their dashboard.
 */
export const ESCALATE_AFTER_MS = 24 * 3_600_000

const unopenedService = and(eq(documentTypes.name, SERVICE_OF_PROCESS), eq(documents.isRead, false), eq(documents.status, 'active'))

const urgentColumns = {
  id: documents.id,
  clientId: documents.clientId,
  companyName: clients.companyName,
  fileName: documents.fileName,
  dateReceived: documents.dateReceived,
  uploadedAt: documents.uploadedAt,
}

/** The client's unopened service of process, newest first: the "Action required" banner. */
export function unopenedServiceOf(db: Db, clientId: number) {
  return db
    .select(urgentColumns)
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .innerJoin(clients, eq(clients.id, documents.clientId))
    .where(and(unopenedService, eq(documents.clientId, clientId)))
    .orderBy(desc(documents.uploadedAt), desc(documents.id))
}

/** Every client's service of process still unopened 24 hours after upload, oldest first (the staff flag). */
export function overdueService(db: Db, now: Date) {
  return db
    .select(urgentColumns)
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .innerJoin(clients, eq(clients.id, documents.clientId))
    .where(and(unopenedService, lte(documents.uploadedAt, new Date(now.getTime() - ESCALATE_AFTER_MS))))
    .orderBy(asc(documents.uploadedAt), asc(documents.id))
}

/** Who was alerted about a document and when, oldest first. */
export function alertHistory(db: Db, documentId: number) {
  return db
    .select({
      round: documentAlerts.round,
      channel: documentAlerts.channel,
      recipient: documentAlerts.recipient,
      userEmail: users.email,
      at: documentAlerts.at,
    })
    .from(documentAlerts)
    .leftJoin(users, eq(users.id, documentAlerts.userId))
    .where(eq(documentAlerts.documentId, documentId))
    .orderBy(asc(documentAlerts.at), asc(documentAlerts.id))
}

/**
 * Escalates every service of process unopened 24 hours after upload, once: a notice to staff and,
 * unless the next morning's repeat (server/deadlines/reminders.ts) went first, a new urgent
 * notification to the client (pushed and e-mailed again, the attorney too). The two repeats share one
 * claim, so the client gets one of them, whichever comes first. The staff row in document_alerts marks
 * the escalation done, in the same transaction.
 */
export async function escalateUnopenedService(db: Db, now: Date): Promise<{ escalated: number }> {
  const due = await db
    .select(urgentColumns)
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .innerJoin(clients, eq(clients.id, documents.clientId))
    .where(
      and(
        unopenedService,
        lte(documents.uploadedAt, new Date(now.getTime() - ESCALATE_AFTER_MS)),
        notExists(
          db
            .select({ id: documentAlerts.id })
            .from(documentAlerts)
            .where(and(eq(documentAlerts.documentId, documents.id), eq(documentAlerts.round, 'escalation'))),
        ),
      ),
    )
    .orderBy(asc(documents.id))
    .limit(100)
  let escalated = 0
  for (const document of due) {
    const done = await db.transaction(async (tx) => {
      // Another server may have escalated it meanwhile: the document row lock orders the two.
      await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, document.id)).for('update')
      const [already] = await tx
        .select({ id: documentAlerts.id })
        .from(documentAlerts)
        .where(and(eq(documentAlerts.documentId, document.id), eq(documentAlerts.round, 'escalation')))
      if (already) return false
      await tx.insert(documentAlerts).values({ documentId: document.id, round: 'escalation', channel: 'staff', recipient: 'staff dashboard', at: now })
      if (await claimReminder(tx, document.clientId, serviceSubject(document.id), REPEAT_AFTER_UPLOAD, now))
        await notifyClient(
          tx,
          document.clientId,
          'Action required: the service of process received yesterday is still unopened',
          { documentId: document.id, kind: 'service-of-process', urgent: true },
          now,
        )
      await notifyAgents(tx, `${document.companyName}: service of process still unopened after 24 hours`, { documentId: document.id }, now)
      return true
    })
    if (done) escalated++
  }
  return { escalated }
}
