import { and, eq, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import { IdParamsSchema } from '../../contract/common'
import { NotificationListQuerySchema } from '../../contract/notifications'
import { access, isAgent, isClient } from '../auth/policy'
import type { AppEnv, Caller } from '../context'
import { notifications } from '../db/schema'
import { forbidden, notFound } from '../http/errors'
import { validate } from '../http/validate'
import { listNotifications, toNotification } from '../notifications'

/** The notifications a caller may mark read: its client's, or for agents those addressed to staff. */
function ownedBy(caller: Caller) {
  if (isClient(caller)) return eq(notifications.clientId, caller.clientId!)
  if (isAgent(caller)) return isNull(notifications.clientId)
  throw notFound('Notification')
}

export const notificationRoutes = new Hono<AppEnv>()
  /**
   * Clients: their own client's notifications (another clientId answers 404). Agents: every
   * notification, as SPEC.md says ("unfiltered"), or one client's with clientId, or only those
   * addressed to staff with audience=agents. unreadCount counts what the caller can mark read.
   */
  .get('/system-notifications', access.signedIn(), validate('query', NotificationListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    const { deps, caller } = c.var
    let audience
    if (isClient(caller)) {
      if (query.clientId !== undefined && query.clientId !== caller.clientId) throw notFound('Client')
      audience = eq(notifications.clientId, caller.clientId!)
    } else if (isAgent(caller)) {
      audience = query.clientId !== undefined ? eq(notifications.clientId, query.clientId) : query.audience === 'agents' ? isNull(notifications.clientId) : undefined
    } else {
      throw notFound('Client')
    }
    const { rows, total, unreadCount } = await listNotifications(deps.db, audience, ownedBy(caller), {
      page: query.page,
      pageSize: query.limit,
      unreadOnly: query.unread,
    })
    return c.json({ data: rows.map(toNotification), total, page: query.page, pageSize: query.limit, unreadCount })
  })

  // Idempotent: marking a read notification again answers the same. Only its owner may mark it.
  .patch('/system-notifications/:id/mark-read', access.signedIn(), validate('param', IdParamsSchema), async (c) => {
    const { id } = c.req.valid('param')
    const { deps, caller } = c.var
    const [row] = await deps.db.select().from(notifications).where(eq(notifications.id, id))
    if (!row) throw notFound('Notification')
    if (isClient(caller)) {
      if (row.clientId !== caller.clientId) throw notFound('Notification')
    } else if (isAgent(caller)) {
      if (row.clientId !== null) throw forbidden("This notification is the client's: only the client can mark it read")
    } else {
      throw notFound('Notification')
    }
    const [updated] = row.isRead ? [row] : await deps.db.update(notifications).set({ isRead: true }).where(eq(notifications.id, id)).returning()
    return c.json(toNotification(updated))
  })

  .patch('/system-notifications/mark-all-read', access.signedIn(), async (c) => {
    const { deps, caller } = c.var
    const updated = await deps.db
      .update(notifications)
      .set({ isRead: true })
      .where(and(ownedBy(caller), eq(notifications.isRead, false)))
      .returning({ id: notifications.id })
    return c.json({ updated: updated.length })
  })
