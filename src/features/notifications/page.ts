/** The /notifications page on its own (a public entry of this feature), so the bell does not carry it. */
export { NotificationsPage, type NotificationsPageProps } from './notifications-page'
