import { and, asc, eq, inArray, isNotNull, or, sql } from 'drizzle-orm'
import { NOTIFICATION_KIND_LABELS } from '../../contract/preferences'
import { TEAM_ROLES, type TeamRole } from '../../contract/team'
import type { AppDeps } from '../context'
import { claimRows } from '../db/claim'
import type { Tx } from '../db/client'
import { SUPER_ADMIN_ROLE } from '../db/reference'
import { clientMemberships, clients, documentAlerts, notifications, users } from '../db/schema'
import { composeMail } from '../mail/compose'
import type { MailMessage } from '../mail/mailer'
import type { NoticeKind } from '../mail/templates/notification'
import { enqueuePush, type QueuedPush } from '../push/queue'
import { choicesFor, isNotificationKind, unsubscribeToken } from './preferences'

/**
 * Announcing a notification: each one created by notifyClient/notifyAgents is, moments later, pushed
 * to every device of the users who may see it and e-mailed to those who want e-mail (client users,
 * per their preferences). Service of process is urgent: high-urgency push and e-mail to every user of
 * the client whatever their preferences, and an e-mail to the client's attorney when Notify Attorney is
 * Yes; each alert is recorded in document_alerts.
 *
 * Run by the notification worker (server/push/worker.ts). Notifications are claimed FOR UPDATE SKIP
 * LOCKED and their pushes queued in the same transaction, so each is announced once across servers.
 * E-mails are handed to the mailer after that transaction commits.
 */

/** How long a push service keeps an undelivered message: a day, four for service of process. */
const TTL_SECONDS = { normal: 24 * 3600, urgent: 4 * 24 * 3600 }

type Claimed = typeof notifications.$inferSelect & { companyName: string | null; notifyAttorney: boolean | null; attorneyEmail: string | null }

/** Where a click leads: the document request's progress page, or the documents list. */
export function notificationUrl(n: Pick<Claimed, 'clientId' | 'documentRequestId' | 'kind' | 'supportConversationId'>): string {
  if (n.clientId === null) return n.documentRequestId !== null ? `/provider/document-progress/${n.documentRequestId}` : '/provider/documents'
  const page =
    n.kind === 'invoice'
      ? '/client/invoices'
      : n.supportConversationId !== null
        ? '/client/support'
        : n.documentRequestId !== null
          ? `/client/document-progress/${n.documentRequestId}`
          : '/client/documents'
  // A person may be in several companies: the page opens in the notice's company (the PWA switches first).
  return `${page}?company=${n.clientId}`
}

/** Repeats about one thing replace each other on the device. */
const tagOf = (n: Claimed) =>
  n.documentRequestId !== null ? `request-${n.documentRequestId}` : n.documentId !== null ? `document-${n.documentId}` : `notification-${n.id}`

function kindTitle(n: Claimed): string {
  if (n.urgent) return 'Action required: service of process'
  if (n.clientId === null) return 'Staff notice'
  if (n.kind === 'new-mail') return 'New mail'
  if (isNotificationKind(n.kind)) return NOTIFICATION_KIND_LABELS[n.kind]
  return 'Notification'
}

/** A client's notice names its company: one person may be in several. */
const titleOf = (n: Claimed) => (n.companyName ? `${kindTitle(n)} · ${n.companyName}` : kindTitle(n))

export interface AnnounceResult {
  announced: number
  pushes: number
  emails: number
}

/** Announces up to `limit` waiting notifications. */
export async function announceDue(
  deps: Pick<AppDeps, 'db' | 'clock' | 'logger' | 'mailer' | 'env' | 'jwtKey'>,
  now = deps.clock.now(),
  limit = 20,
): Promise<AnnounceResult> {
  const { db, env } = deps
  const portal = env.PUBLIC_URL.replace(/\/$/, '')
  // Made after the transaction commits (rendering holds no locks).
  const mails: PendingMail[] = []
  const result: AnnounceResult = { announced: 0, pushes: 0, emails: 0 }

  await db.transaction(async (tx) => {
    // `announce_pending` is written as in the partial index (notifications_announce_idx), not compared with
    // a parameter, so a prepared statement's generic plan still uses the index.
    const claimed = await claimRows(
      tx,
      (locking) =>
        locking
          .select({ id: notifications.id })
          .from(notifications)
          .where(sql`${notifications.announcePending}`)
          .orderBy(asc(notifications.id))
          .limit(limit)
          .for('update', { skipLocked: true })
          .then((rows) => rows.map((row) => row.id)),
      (claiming, ids) => claiming.update(notifications).set({ announcePending: false }).where(inArray(notifications.id, ids)).returning(),
    )
    if (claimed.length === 0) return
    const clientIds = [...new Set(claimed.map((n) => n.clientId).filter((id): id is number => id !== null))]
    const clientRows = clientIds.length
      ? await tx
          .select({ id: clients.id, companyName: clients.companyName, notifyAttorney: clients.notifyAttorney, attorneyEmail: clients.attorneyEmail })
          .from(clients)
          .where(inArray(clients.id, clientIds))
      : []
    const clientById = new Map(clientRows.map((c) => [c.id, c]))

    for (const row of claimed.sort((a, b) => a.id - b.id)) {
      const client = row.clientId !== null ? clientById.get(row.clientId) : undefined
      const n: Claimed = {
        ...row,
        companyName: client?.companyName ?? null,
        notifyAttorney: client?.notifyAttorney ?? null,
        attorneyEmail: client?.attorneyEmail ?? null,
      }
      const recipients = await recipientsOf(tx, n)
      const kind = isNotificationKind(n.kind) ? n.kind : null
      const choices = kind
        ? await choicesFor(
            tx,
            recipients.map((r) => r.id),
            kind,
          )
        : new Map<number, { push: boolean; email: boolean }>()
      // Kinds without a preference (a support reply) are pushed but not e-mailed from here.
      const wants = (userId: number, channel: 'push' | 'email') => n.urgent || (kind === null ? channel === 'push' : (choices.get(userId)?.[channel] ?? true))
      const url = notificationUrl(n)
      const payload: QueuedPush = { title: titleOf(n), body: n.message, url, tag: tagOf(n), ...(n.urgent ? { urgent: true } : {}) }
      // Staff get pushes for staff notices; client users per their preferences.
      const pushTo = recipients.filter((r) => (n.clientId === null ? true : wants(r.id, 'push')))
      const alerts: (typeof documentAlerts.$inferInsert)[] = []
      const round = n.urgent && n.documentId !== null ? await roundOf(tx, n.documentId) : null
      for (const user of pushTo) {
        const devices = await enqueuePush(
          tx,
          [user.id],
          { payload, urgency: n.urgent ? 'high' : 'normal', ttlSeconds: n.urgent ? TTL_SECONDS.urgent : TTL_SECONDS.normal, notificationId: n.id },
          now,
        )
        result.pushes += devices
        if (round && devices > 0)
          alerts.push({
            documentId: n.documentId!,
            round,
            channel: 'push',
            userId: user.id,
            recipient: `${devices} device${devices === 1 ? '' : 's'}`,
            at: now,
          })
      }
      if (n.clientId !== null && kind) {
        for (const user of recipients.filter((r) => wants(r.id, 'email'))) {
          mails.push(
            clientMail(
              deps.env,
              n,
              user.email,
              `${portal}${url}`,
              `${portal}/api/notification-preferences/unsubscribe?token=${unsubscribeToken(deps.jwtKey, user.id, kind, now)}`,
            ),
          )
          if (round) alerts.push({ documentId: n.documentId!, round, channel: 'email', userId: user.id, recipient: user.email, at: now })
        }
        if (n.urgent && n.notifyAttorney && n.attorneyEmail) {
          mails.push(attorneyMail(deps.env, n, n.attorneyEmail))
          if (round) alerts.push({ documentId: n.documentId!, round, channel: 'email', userId: null, recipient: n.attorneyEmail, at: now })
        }
      }
      if (alerts.length) await tx.insert(documentAlerts).values(alerts)
      result.announced++
    }
  })

  for (const mail of mails) {
    try {
      await deps.mailer.send(await mail.compose())
      result.emails++
    } catch (error) {
      deps.logger.error('notification e-mail not recorded', {
        to: mail.to,
        notificationId: mail.notificationId,
        error: error instanceof Error ? error.message : String(error),
      })
    }
  }
  return result
}

/** The roles of a company's team a kind of notice goes to: mail to those who see documents, invoices to billing. */
const KIND_ROLES: Record<string, readonly TeamRole[]> = {
  'new-mail': ['owner', 'member'],
  'service-of-process': ['owner', 'member'],
  'mail-request': ['owner', 'member'],
  invoice: ['owner', 'billing'],
}

/** Active users who see the notification: the company's people whose role it concerns, or every staff member. */
async function recipientsOf(tx: Tx, n: Claimed): Promise<{ id: number; email: string }[]> {
  const roles = (n.kind && KIND_ROLES[n.kind]) || TEAM_ROLES
  const who =
    n.clientId !== null
      ? and(
          inArray(
            users.id,
            tx
              .select({ id: clientMemberships.userId })
              .from(clientMemberships)
              .where(and(eq(clientMemberships.clientId, n.clientId), inArray(clientMemberships.role, [...roles]))),
          ),
          n.userId !== null ? eq(users.id, n.userId) : undefined,
        )
      : or(isNotNull(users.agentId), eq(users.roleId, SUPER_ADMIN_ROLE.id))
  return tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(and(who, eq(users.active, true)))
    .orderBy(asc(users.id))
}

/** 'escalation' once the 24-hour escalation has begun (server/alerts/service-of-process.ts), else 'first'. */
async function roundOf(tx: Tx, documentId: number): Promise<'first' | 'escalation'> {
  const [{ escalations }] = await tx
    .select({ escalations: sql<number>`count(*)::int` })
    .from(documentAlerts)
    .where(and(eq(documentAlerts.documentId, documentId), eq(documentAlerts.round, 'escalation')))
  return Number(escalations) > 0 ? 'escalation' : 'first'
}

/** An e-mail to send once the announcing transaction has committed. */
interface PendingMail {
  to: string
  notificationId: number
  compose(): Promise<MailMessage>
}

/**
 * The e-mail of a client user: the service-of-process alert (always sent, so no unsubscribe link), or
 * the notification of a kind they may switch off, with its one-click unsubscribe address.
 */
function clientMail(env: AppDeps['env'], n: Claimed, to: string, link: string, unsubscribeUrl: string): PendingMail {
  const compose = (): Promise<MailMessage> => {
    if (n.urgent || n.kind === 'service-of-process')
      return composeMail(env, 'service-of-process', { companyName: n.companyName ?? '', message: n.message, url: link }, { to })
    return composeMail(env, 'notification', { kind: n.kind as NoticeKind, message: n.message, url: link, unsubscribeUrl }, { to })
  }
  return { to, notificationId: n.id, compose }
}

function attorneyMail(env: AppDeps['env'], n: Claimed, to: string): PendingMail {
  return { to, notificationId: n.id, compose: () => composeMail(env, 'attorney-notice', { companyName: n.companyName ?? '' }, { to }) }
}
