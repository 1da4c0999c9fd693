import type { NotificationListParams } from '@contract/notifications'

/**
 * Query keys of notifications, on their own so other features can refresh the bell without loading it
 * (a public entry of this feature, like ./routing).
 */
export const notificationKeys = {
  all: ['notifications'] as const,
  lists: () => [...notificationKeys.all, 'list'] as const,
  list: (params: NotificationListParams) => [...notificationKeys.lists(), params] as const,
  markRead: () => [...notificationKeys.all, 'mark-read'] as const,
  markAllRead: () => [...notificationKeys.all, 'mark-all-read'] as const,
  /** Unopened service of process of a client (the "Action required" banner); refetched with the rest on a push. */
  actionRequired: (clientId: number) => [...notificationKeys.all, 'action-required', clientId] as const,
  preferences: () => [...notificationKeys.all, 'preferences'] as const,
}

export type { NotificationListParams }
