import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Notification } from '../../contract/notifications'
import type { NotificationKind } from '../../contract/preferences'
import type { Db, Tx } from '../db/client'
import { clients, notificationReads, notifications } from '../db/schema'
import { outgoingQueued } from './signal'

/**
 * In-portal notifications (the bell and /notifications). A notification with a clientId is for that
 * client's users; one without is for provider staff. Call these inside the transaction of the change
 * they announce, so a rolled-back change leaves no notification behind.
 */
export interface NotificationLinks {
  documentId?: number | null
  documentRequestId?: number | null
  /** A support conversation the notification is about (a reply): opening it opens the conversation. */
  supportConversationId?: number | null
}

/** Kinds of client notifications (preferences and wording), and 'staff' for notices to staff. */
export type NotificationKindOrStaff = NotificationKind | 'staff' | 'general'

export interface NotificationOptions {
  kind?: NotificationKindOrStaff
  /** Service of process: pushed with high urgency and e-mailed whatever the preferences say. */
  urgent?: boolean
}

/**
 * Records the notification and marks it to be announced: the notification worker then pushes it to the
 * devices of everyone who may see it and e-mails those who want e-mail (server/notifications/announce.ts).
 */
export async function createNotification(
  db: Db | Tx,
  values: { message: string; clientId: number | null; createdAt?: Date } & NotificationLinks & NotificationOptions,
): Promise<Notification> {
  const kind = values.kind ?? (values.clientId === null ? 'staff' : values.documentRequestId ? 'mail-request' : values.documentId ? 'new-mail' : 'general')
  const [row] = await db
    .insert(notifications)
    .values({
      message: values.message,
      clientId: values.clientId,
      documentId: values.documentId ?? null,
      documentRequestId: values.documentRequestId ?? null,
      kind,
      urgent: values.urgent ?? false,
      announcePending: true,
      supportConversationId: values.supportConversationId ?? null,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning()
  outgoingQueued.emit('queued')
  return toNotification(row)
}

/** To the users of one client. */
export const notifyClient = (db: Db | Tx, clientId: number, message: string, links: NotificationLinks & NotificationOptions = {}, createdAt?: Date) =>
  createNotification(db, { message, clientId, createdAt, ...links })

/** To provider staff. */
export const notifyAgents = (db: Db | Tx, message: string, links: NotificationLinks = {}, createdAt?: Date) =>
  createNotification(db, { message, clientId: null, createdAt, ...links, kind: 'staff' })

type NotificationRow = Pick<typeof notifications.$inferSelect, 'id' | 'message' | 'isRead' | 'createdAt' | 'clientId' | 'documentRequestId' | 'documentId' | 'kind'>

export function toNotification(row: NotificationRow & { supportConversationId?: number | null; companyName?: string | null }): Notification {
  return {
    id: row.id,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    clientId: row.clientId,
    documentRequestId: row.documentRequestId,
    documentId: row.documentId,
    supportConversationId: row.supportConversationId ?? null,
    companyName: row.companyName ?? null,
    kind: row.kind,
  }
}

/**
 * Whose read marks apply: a client's users share their client's is_read; each staff member has their
 * own (notification_reads), so one staff member's "read" leaves it unread for the others.
 */
export type NotificationReader = { kind: 'client' } | { kind: 'staff'; userId: number }

function isReadBy(reader: NotificationReader): SQL<boolean> {
  if (reader.kind === 'client') return sql<boolean>`${notifications.isRead}`
  return sql<boolean>`exists (select 1 from ${notificationReads} where ${notificationReads.notificationId} = ${notifications.id} and ${notificationReads.userId} = ${reader.userId})`
}

const notificationColumns = (reader: NotificationReader) => ({
  id: notifications.id,
  message: notifications.message,
  isRead: isReadBy(reader).mapWith(Boolean),
  clientId: notifications.clientId,
  documentRequestId: notifications.documentRequestId,
  documentId: notifications.documentId,
  supportConversationId: notifications.supportConversationId,
  kind: notifications.kind,
  createdAt: notifications.createdAt,
  companyName: clients.companyName,
})

/** Who sees what: a client its own client's; an agent everything, or only staff-addressed ones. */
export function notificationAudience(target: { clientId: number } | { agents: 'all' | 'agents' }): SQL | undefined {
  if ('clientId' in target) return eq(notifications.clientId, target.clientId)
  return target.agents === 'agents' ? isNull(notifications.clientId) : undefined
}

/** One page of the notifications in `audience`, as `reader` sees them; unreadCount counts the whole audience. */
export async function listNotifications(
  db: Db,
  audience: SQL | undefined,
  reader: NotificationReader,
  options: { page: number; pageSize: number; unreadOnly?: boolean },
) {
  const unread = sql`not ${isReadBy(reader)}`
  const where = and(audience, options.unreadOnly ? unread : undefined)
  const rows = await db
    .select(notificationColumns(reader))
    .from(notifications)
    .leftJoin(clients, eq(clients.id, notifications.clientId))
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(notifications).where(where)
  const [{ unreadCount }] = await db
    .select({ unreadCount: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(audience, unread))
  return { rows, total: Number(total), unreadCount: Number(unreadCount) }
}

export async function findNotification(db: Db, id: number, reader: NotificationReader) {
  const [row] = await db.select(notificationColumns(reader)).from(notifications).leftJoin(clients, eq(clients.id, notifications.clientId)).where(eq(notifications.id, id))
  return row
}

/** Marks one notification read for the reader; idempotent. */
export async function markNotificationRead(db: Db, id: number, reader: NotificationReader, now: Date): Promise<void> {
  if (reader.kind === 'client') await db.update(notifications).set({ isRead: true }).where(and(eq(notifications.id, id), eq(notifications.isRead, false)))
  else await db.insert(notificationReads).values({ notificationId: id, userId: reader.userId, readAt: now }).onConflictDoNothing()
}

/** Marks every unread notification of `audience` read for the reader; answers how many changed. */
export async function markAllNotificationsRead(db: Db, audience: SQL | undefined, reader: NotificationReader, now: Date): Promise<number> {
  if (reader.kind === 'client') {
    const updated = await db.update(notifications).set({ isRead: true }).where(and(audience, eq(notifications.isRead, false))).returning({ id: notifications.id })
    return updated.length
  }
  const inserted = await db
    .insert(notificationReads)
    .select(
      db
        .select({ notificationId: notifications.id, userId: sql<number>`${reader.userId}::int`.as('user_id'), readAt: sql<Date>`${now.toISOString()}::timestamptz`.as('read_at') })
        .from(notifications)
        .where(and(audience, sql`not ${isReadBy(reader)}`)),
    )
    .onConflictDoNothing()
    .returning({ id: notificationReads.notificationId })
  return inserted.length
}

/** The unread count a user's bell shows (the app badge of a push): a client's own, staff their staff notices. */
export async function unreadCountFor(db: Db, user: { userId: number; clientId: number | null }): Promise<number> {
  const audience = user.clientId !== null ? notificationAudience({ clientId: user.clientId }) : notificationAudience({ agents: 'agents' })
  const reader: NotificationReader = user.clientId !== null ? { kind: 'client' } : { kind: 'staff', userId: user.userId }
  const [{ unreadCount }] = await db
    .select({ unreadCount: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(audience, sql`not ${isReadBy(reader)}`))
  return Number(unreadCount)
}
