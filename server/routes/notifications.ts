import { Hono } from 'hono'
import { IdParamsSchema } from '../../contract/common'
import { MarkAllReadQuerySchema, NotificationListQuerySchema } from '../../contract/notifications'
import { access, assertSecondFactorSetUp, isAgent, isClient } from '../auth/policy'
import type { AppEnv, Caller } from '../context'
import { notFound } from '../http/errors'
import { cachedJson, defineAnswerCache } from '../http/cached-json'
import { validate } from '../http/validate'
import {
  findNotification,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  toNotification,
  type NotificationReader,
  type NotificationScope,
} from '../notifications'

/** Each person has their own read marks: a staff member, or one person of a company's team. */
function readerOf(caller: Caller): NotificationReader {
  if (isAgent(caller)) assertSecondFactorSetUp(caller)
  else if (!isClient(caller)) throw notFound('Notification')
  return { userId: caller.userId }
}

/** Whose answer it is, for caching it: per user, as each person has their own read marks (and some notifications of their own). */
const readerKey = (caller: Caller) => `user ${caller.userId}`

/** The notification lists: notifications with their client's name, read marks of the reader, per reader. */
const notificationLists = defineAnswerCache({
  name: 'notification list',
  tables: ['notifications', 'notification_reads', 'notification_read_marks', 'clients'],
  perCaller: readerKey,
})

/**
 * What the caller sees: a client user its own client's, those for every user and its own (another
 * clientId answers 404); staff every
 * notification, or one client's with clientId, or only those addressed to staff with audience=agents.
 */
function scopeOf(caller: Caller, query: { clientId?: number; audience?: 'all' | 'agents' }): NotificationScope {
  if (isClient(caller)) {
    if (query.clientId !== undefined && query.clientId !== caller.clientId) throw notFound('Client')
    return { clientId: caller.clientId!, userId: caller.userId }
  }
  if (isAgent(caller)) {
    assertSecondFactorSetUp(caller)
    return query.clientId !== undefined ? { clientId: query.clientId } : { agents: query.audience ?? 'all' }
  }
  throw notFound('Client')
}

export const notificationRoutes = new Hono<AppEnv>()
  /** One page of what the caller sees, newest first; unreadCount counts the unread of that same scope (up to 100). */
  .get('/system-notifications', access.signedIn(), validate('query', NotificationListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    const deps = c.get('deps')
    const caller = c.get('caller')
    const scope = scopeOf(caller, query)
    const reader = readerOf(caller)
    return cachedJson(c, notificationLists, query, async () => {
      const { rows, total, totalIsEstimate, unreadCount } = await listNotifications(deps.db, scope, reader, {
        page: query.page,
        pageSize: query.limit,
        unreadOnly: query.unread,
      })
      return { data: rows.map(toNotification), total, totalIsEstimate, page: query.page, pageSize: query.limit, unreadCount }
    })
  })

  // Idempotent, for the caller only. A client user marks their own company's; staff may mark anything they see.
  .patch('/system-notifications/:id/mark-read', access.signedIn(), validate('param', IdParamsSchema), async (c) => {
    const { id } = c.req.valid('param')
    const deps = c.get('deps')
    const caller = c.get('caller')
    const reader = readerOf(caller)
    const row = await findNotification(deps.db, id, reader)
    if (!row || (isClient(caller) && (row.clientId !== caller.clientId || (row.userId !== null && row.userId !== caller.userId))))
      throw notFound('Notification')
    if (!row.isRead) await markNotificationRead(deps.db, id, reader, deps.clock.now())
    return c.json(toNotification({ ...row, isRead: true }))
  })

  .patch('/system-notifications/mark-all-read', access.signedIn(), validate('query', MarkAllReadQuerySchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const updated = await markAllNotificationsRead(deps.db, scopeOf(caller, c.req.valid('query')), readerOf(caller), deps.clock.now())
    return c.json({ updated })
  })
