import { and, desc, eq, isNull, sql, type SQL } from 'drizzle-orm'
import type { Notification } from '../../contract/notifications'
import type { Db, Tx } from '../db/client'
import { notifications } from '../db/schema'

/**
 * In-portal notifications (the bell and /notifications). A notification with a clientId is for that
 * client's users; one without is for provider staff. Call these inside the transaction of the change
 * they announce, so a rolled-back change leaves no notification behind.
 */
export interface NotificationLinks {
  documentId?: number | null
  documentRequestId?: number | null
}

export async function createNotification(
  db: Db | Tx,
  values: { message: string; clientId: number | null; createdAt?: Date } & NotificationLinks,
): Promise<Notification> {
  const [row] = await db
    .insert(notifications)
    .values({
      message: values.message,
      clientId: values.clientId,
      documentId: values.documentId ?? null,
      documentRequestId: values.documentRequestId ?? null,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning()
  return toNotification(row)
}

/** To the users of one client. */
export const notifyClient = (db: Db | Tx, clientId: number, message: string, links: NotificationLinks = {}, createdAt?: Date) =>
  createNotification(db, { message, clientId, createdAt, ...links })

/** To provider staff. */
export const notifyAgents = (db: Db | Tx, message: string, links: NotificationLinks = {}, createdAt?: Date) =>
  createNotification(db, { message, clientId: null, createdAt, ...links })

export function toNotification(row: typeof notifications.$inferSelect): Notification {
  return {
    id: row.id,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    clientId: row.clientId,
    documentRequestId: row.documentRequestId,
    documentId: row.documentId,
  }
}

/** Who sees what: a client its own client's; an agent everything, or only staff-addressed ones. */
export function notificationAudience(target: { clientId: number } | { agents: 'all' | 'agents' }): SQL | undefined {
  if ('clientId' in target) return eq(notifications.clientId, target.clientId)
  return target.agents === 'agents' ? isNull(notifications.clientId) : undefined
}

export async function listNotifications(
  db: Db,
  audience: SQL | undefined,
  unreadScope: SQL,
  options: { page: number; pageSize: number; unreadOnly?: boolean },
) {
  const where = and(audience, options.unreadOnly ? eq(notifications.isRead, false) : undefined)
  const rows = await db
    .select()
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(options.pageSize)
    .offset((options.page - 1) * options.pageSize)
  const [{ total }] = await db.select({ total: sql<number>`count(*)::int` }).from(notifications).where(where)
  const [{ unread }] = await db
    .select({ unread: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(unreadScope, eq(notifications.isRead, false)))
  return { rows, total: Number(total), unreadCount: Number(unread) }
}
