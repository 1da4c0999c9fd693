import { MarkAllReadResultSchema, NotificationPageSchema, NotificationSchema, type Notification, type NotificationPage } from '@contract/notifications'
import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api-client'
import { userKind, type SessionUser } from '~/lib/session'
import { notificationKeys, type NotificationListParams } from './keys'
import { adoptPausedMutations, retryWhenUnreachable } from './queue'

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

/** GET /api/system-notifications: newest first, with the caller's unread count. */
export const notificationListQueryOptions = (params: NotificationListParams) =>
  queryOptions({
    queryKey: notificationKeys.list(params),
    queryFn: ({ signal }) => api.get('/system-notifications', { query: { ...params }, schema: NotificationPageSchema, signal }),
  })

/**
 * May this user mark the notification read? Clients their own client's; agents only those addressed
 * to staff (a client's unread mark is the client's, and the server answers 403).
 */
export function canMarkRead(notification: Pick<Notification, 'clientId'>, user: Pick<SessionUser, 'clientId' | 'agentId'>): boolean {
  const kind = userKind(user)
  if (kind === 'client') return notification.clientId === user.clientId
  if (kind === 'agent') return notification.clientId === null
  return false
}

// ---------- where a notification leads ----------

export type NotificationTarget =
  | { to: '/client/document-progress/$id' | '/provider/document-progress/$id'; params: { id: string } }
  | { to: '/client/documents' }
  | { to: '/provider/documents'; search: { clientId?: number } }

/**
 * SPEC.md section 4 and DECISIONS.md: a notification of a document request opens its
 * document-progress page (client or provider path by role); one without opens the documents list
 * (for staff, the documents of that notification's client).
 */
export function notificationTarget(notification: Pick<Notification, 'documentRequestId' | 'clientId'>, user: Pick<SessionUser, 'clientId' | 'agentId'>): NotificationTarget {
  const isClient = userKind(user) === 'client'
  if (notification.documentRequestId !== null) {
    return { to: isClient ? '/client/document-progress/$id' : '/provider/document-progress/$id', params: { id: String(notification.documentRequestId) } }
  }
  if (isClient) return { to: '/client/documents' }
  return { to: '/provider/documents', search: notification.clientId !== null ? { clientId: notification.clientId } : {} }
}

// ---------- mark read ----------

export interface MarkReadVariables {
  id: number
  idempotencyKey: string
}

type Snapshot = [readonly unknown[], NotificationPage | undefined][]

function withRead(page: NotificationPage | undefined, id: number, wasUnread: boolean): NotificationPage | undefined {
  if (!page) return page
  return {
    ...page,
    data: page.data.map((notification) => (notification.id === id ? { ...notification, isRead: true } : notification)),
    unreadCount: wasUnread ? Math.max(0, page.unreadCount - 1) : page.unreadCount,
  }
}

const registered = new WeakSet<QueryClient>()

/**
 * PATCH /api/system-notifications/{id}/mark-read. Optimistic: every cached list shows it read at once
 * and the badge drops by one; a failure puts them back and says 'Failed to update notification
 * status. Please try again.' Offline, the call waits (saved with the query cache) and is sent once
 * the connection returns. The call is idempotent on the server; the key rides along all the same.
 */
export function registerNotificationMutations(queryClient: QueryClient): void {
  if (registered.has(queryClient)) return
  registered.add(queryClient)
  queryClient.setMutationDefaults<Notification, Error, MarkReadVariables, { snapshot: Snapshot }>(notificationKeys.markRead(), {
    mutationFn: ({ id, idempotencyKey }) =>
      api.patch(`/system-notifications/${id}/mark-read`, undefined, { schema: NotificationSchema, headers: { 'Idempotency-Key': idempotencyKey } }),
    onMutate: async ({ id }) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.lists() })
      const snapshot = queryClient.getQueriesData<NotificationPage>({ queryKey: notificationKeys.lists() })
      const wasUnread = snapshot.some(([, page]) => page?.data.some((notification) => notification.id === id && !notification.isRead))
      queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.lists() }, (page) => withRead(page, id, wasUnread))
      return { snapshot }
    },
    onError: (_error, _variables, context) => {
      for (const [key, page] of context?.snapshot ?? []) queryClient.setQueryData(key, page)
      showError(MARK_READ_FAILED_MESSAGE)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
    // Queued while offline (the portal's other changes fail at once; this one is safe to replay).
    networkMode: 'online',
    retry: retryWhenUnreachable,
  })
  adoptPausedMutations(queryClient, notificationKeys.markRead())
}

export function useMarkNotificationRead() {
  const queryClient = useQueryClient()
  registerNotificationMutations(queryClient)
  return useMutation<Notification, Error, MarkReadVariables, { snapshot: Snapshot }>({ mutationKey: notificationKeys.markRead() })
}

/** PATCH /api/system-notifications/mark-all-read (the full list's button); needs a connection. */
export function useMarkAllNotificationsRead() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationKey: notificationKeys.markAllRead(),
    mutationFn: () => api.patch('/system-notifications/mark-all-read', undefined, { schema: MarkAllReadResultSchema }),
    networkMode: 'always',
    onError: () => showError(MARK_READ_FAILED_MESSAGE),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.lists() }),
  })
}
