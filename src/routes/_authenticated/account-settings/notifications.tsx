import { createFileRoute } from '@tanstack/react-router'
import { NotificationSettingsPage } from '~/features/notifications/settings-page'

/** Account Settings → Notifications: alerts on this device and the choices per kind and channel. */
export const Route = createFileRoute('/_authenticated/account-settings/notifications')({
  component: NotificationSettingsPage,
})
