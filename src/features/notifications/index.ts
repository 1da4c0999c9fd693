/**
 * Notifications: the top bar's bell (loaded on every signed-in page, so kept small).
 *
 * Other public entries: ./page (the /notifications page), ./routing (its search params), ./keys
 * (query keys, for features that change what the bell shows) and ./queue (calls that wait for the
 * network).
 */
export { NotificationBell } from './notification-bell'
export { notificationKeys } from './keys'
export { notificationListQueryOptions, notificationTarget } from './api'
