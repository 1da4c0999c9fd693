import { MarkAllReadResultSchema, NotificationPageSchema, UNREAD_COUNT_CAP, type Notification, type NotificationPage } from '@contract/notifications'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { useCallback } from 'react'
import { api } from '~/lib/api-client'
import { userKind, type SessionUser } from '~/lib/session'
import { notificationKeys, type NotificationListParams } from './keys'

/**
 * The notification calls (docs/documents.md "Notifications"): the bell's latest five, the full list,
 * and marking read. Query keys come only from `notificationKeys`.
 */

export const LOAD_FAILED_MESSAGE = 'Failed to load notifications. Please try again.'
export const MARK_READ_FAILED_MESSAGE = 'Failed to update notification status. Please try again.'

/**
 * A 10 s error toast. The toaster loads after the first paint, so the bell on every page does not
 * carry it.
 */
export function showError(message: string): void {
  void import('~/ui/toaster').then(({ notify }) => notify.error(message, { id: message }))
}

/** The query of the signed-in user: a client's own clientId, nothing for agents. */
export function notificationAudience(user: Pick<SessionUser, 'clientId' | 'agentId'>): Pick<NotificationListParams, 'clientId'> {
  return userKind(user) === 'client' && user.clientId != null ? { clientId: user.clientId } : {}
}

/** The bell's query: a client's own notifications; for staff, what is addressed to staff (mail requests, support). */
export function bellAudience(user: Pick<SessionUser, 'clientId' | 'agentId'>): Pick<NotificationListParams, 'clientId' | 'audience'> {
  return userKind(user) === 'agent' ? { audience: 'agents' } : notificationAudience(user)
}

/** GET /api/system-notifications: newest first, with the caller's unread count. */
export const notificationListQueryOptions = (params: NotificationListParams) =>
  queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => api.get('/system-notifications', { query: { ...params }, schema: NotificationPageSchema, signal }),
  })

/**
 * May this user mark the notification read? Clients their own client's; staff anything they see (the
 * mark is theirs alone: the client's and other staff members' stay as they were).
 */
export function canMarkRead(notification: Pick<Notification, 'clientId'>, user: Pick<SessionUser, 'clientId' | 'agentId'>): boolean {
  const kind = userKind(user)
  if (kind === 'client') return notification.clientId === user.clientId
  return kind === 'agent'
}

// ---------- where a notification leads ----------

export type NotificationTarget =
  | { to: '/client/document-progress/$id' | '/provider/document-progress/$id'; params: { id: string } }
  | { to: '/client/documents'; search?: { document: number } }
  | { to: '/client/invoices' }
  | { to: '/client/dashboard' }
  | { to: '/client/invoices/$id'; params: { id: string } }
  | { to: '/client/support/$id' | '/provider/support/$id'; params: { id: string } }
  | { to: '/provider/documents'; search: { clientId?: number } }

/**
 * Where a notification leads: what it is about. A support reply opens its conversation; a client's
 * invoice notice the invoice it names (`invoiceId`, when known) or else the invoices; a notification of
 * a document request its document-progress page (client or provider path by role); a client's notice of
 * a document that document in the documents list; anything else the documents list (for staff, the
 * documents of that notification's client).
 */
export function notificationTarget(
  notification: Pick<Notification, 'documentRequestId' | 'clientId' | 'kind' | 'supportConversationId'> & {
    documentId?: number | null
    invoiceId?: number | null
  },
  user: Pick<SessionUser, 'clientId' | 'agentId'>,
): NotificationTarget {
  const isClient = userKind(user) === 'client'
  if (notification.supportConversationId != null) {
    return { to: isClient ? '/client/support/$id' : '/provider/support/$id', params: { id: String(notification.supportConversationId) } }
  }
  if (isClient && notification.kind === 'invoice') {
    return notification.invoiceId != null ? { to: '/client/invoices/$id', params: { id: String(notification.invoiceId) } } : { to: '/client/invoices' }
  }
  if (isClient && notification.kind === 'deadline') return { to: '/client/dashboard' }
  if (notification.documentRequestId !== null) {
    return { to: isClient ? '/client/document-progress/$id' : '/provider/document-progress/$id', params: { id: String(notification.documentRequestId) } }
  }
  if (isClient)
    return notification.documentId != null ? { to: '/client/documents', search: { document: notification.documentId } } : { to: '/client/documents' }
  return { to: '/provider/documents', search: notification.clientId !== null ? { clientId: notification.clientId } : {} }
}

// ---------- mark read ----------

function withRead(page: NotificationPage | undefined, id: number, wasUnread: boolean): NotificationPage | undefined {
  if (!page) return page
  return {
    ...page,
    data: page.data.map((notification) => (notification.id === id ? { ...notification, isRead: true } : notification)),
    // At the cap the true count is unknown (more than 99): it stays "99+" until the server says otherwise.
    unreadCount: wasUnread && page.unreadCount < UNREAD_COUNT_CAP ? Math.max(0, page.unreadCount - 1) : page.unreadCount,
  }
}

/**
 * PATCH /api/system-notifications/{id}/mark-read, through the outbox (lib/outbox): every cached list
 * shows it read at once and the badge drops by one; the change is stored on this device and sent
 * when it can be, exactly once (the call is idempotent on the server; the key rides along all the
 * same). When the device cannot store it, or the server refuses it, the lists go back and say
 * 'Failed to update notification status. Please try again.'
 */
export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  return useCallback(
    (notification: Pick<Notification, 'id' | 'message'>) => {
      const { id } = notification
      const snapshot = queryClient.getQueriesData<NotificationPage>({ queryKey: notificationKeys.lists() })
      const wasUnread = snapshot.some(([, page]) => page?.data.some((item) => item.id === id && !item.isRead))
      void queryClient.cancelQueries({ queryKey: notificationKeys.lists() })
      queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.lists() }, (page) => withRead(page, id, wasUnread))
      const restore = () => {
        for (const [key, page] of snapshot) queryClient.setQueryData(key, page)
        showError(MARK_READ_FAILED_MESSAGE)
      }
      // The outbox's code loads on first use: the bell is on every page.
      import('~/lib/outbox/outbox')
        .then(async ({ enqueue, whenTried }) => {
          const stored = await enqueue({
            kind: MARK_READ_KIND,
            label: `Mark read: ${notification.message}`,
            request: { method: 'PATCH', path: `/system-notifications/${id}/mark-read` },
            invalidate: [notificationKeys.lists()],
          })
          return whenTried(stored.seq)
        })
        // Refused by the server: the unread mark comes back (the outbox keeps the entry with its reason).
        .then((entry) => entry?.state === 'failed' && restore())
        .catch(restore)
    },
    [queryClient],
  )
}

/** The outbox kind of marking a notification read. */
export const MARK_READ_KIND = 'mark-read'

/**
 * PATCH /api/system-notifications/mark-all-read (the full list's button); needs a connection. Staff
 * pass the list's audience, so only what they are looking at is marked (for them alone).
 */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: notificationKeys.markAllRead(),
    mutationFn: (scope: Pick<NotificationListParams, 'audience'> = {}) =>
      api.patch('/system-notifications/mark-all-read', undefined, { schema: MarkAllReadResultSchema, query: { ...scope } }),
    networkMode: 'always',
    onError: () => showError(MARK_READ_FAILED_MESSAGE),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  })
}
