/**
 * Notifications: the top bar's bell (loaded on every signed-in page, so kept small).
 *
 * Other public entries: ./settings-page (Account Settings → Notifications), ./action-required-banner
 * (the client's unopened service of process), ./overdue-service-card (the staff flag), ./page (the
 * /notifications page), ./routing (its search params) and ./keys (query keys, for features that change
 * what the bell shows).
 */
export { NotificationBell } from './notification-bell'
export { notificationKeys } from './keys'
export { notificationListQueryOptions, notificationTarget } from './api'
