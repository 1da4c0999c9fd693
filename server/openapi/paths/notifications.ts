import { MarkAllReadResultSchema, NotificationPageSchema, NotificationSchema } from '../../../contract/notifications'
import { NotificationPreferencesSchema } from '../../../contract/preferences'
import { PushPublicKeySchema, PushSubscribedSchema, PushSubscriptionBodySchema, PushUnsubscribeBodySchema } from '../../../contract/push'
import { describeRoutes } from '../describe'

/** The bell’s notifications, notification settings and their unsubscribe links, and web push. */
export const notificationDocs = describeRoutes('Notifications', {
  'GET /api/system-notifications': {
    summary: 'One page of the caller’s notifications, newest first, with the unread count',
    answers: { 200: NotificationPageSchema },
  },
  'PATCH /api/system-notifications/{id}/mark-read': {
    summary: 'Marks one notification read (idempotent)',
    answers: { 200: NotificationSchema },
  },
  'PATCH /api/system-notifications/mark-all-read': {
    summary: 'Marks every notification the caller sees read (staff may narrow it like the list)',
    answers: { 200: MarkAllReadResultSchema },
  },
  'GET /api/notification-preferences': {
    summary: 'Which notifications the signed-in user receives, by kind and channel',
    answers: { 200: NotificationPreferencesSchema },
  },
  'PUT /api/notification-preferences': {
    summary: 'Changes which notifications the signed-in user receives',
    answers: { 200: NotificationPreferencesSchema },
  },
  'GET /api/notification-preferences/unsubscribe': {
    summary: 'The page an e-mail’s unsubscribe link opens: it asks, and changes nothing',
    answers: { 200: { media: 'text/html', description: 'A page with the button that unsubscribes' } },
    errors: { 400: { media: 'text/html', description: 'The link has expired or is not valid: a page saying so' } },
  },
  'POST /api/notification-preferences/unsubscribe': {
    summary: 'Unsubscribes from one kind of e-mail (the page’s button, and one-click unsubscribe, RFC 8058)',
    body: {
      media: 'application/x-www-form-urlencoded',
      required: false,
      description: 'List-Unsubscribe=One-Click, as a mail program sends it; the signed token in the query names the user and the kind',
    },
    answers: { 200: { media: 'text/html', description: 'A page saying the e-mails stopped' } },
    errors: { 400: { media: 'text/html', description: 'The link has expired or is not valid: a page saying so' } },
  },
  'GET /api/push/public-key': {
    summary: 'The server’s VAPID public key, for the browser’s push subscription',
    answers: { 200: PushPublicKeySchema },
  },
  'POST /api/push/subscriptions': {
    summary: 'Saves this device’s push subscription for the signed-in user',
    body: { media: 'application/json', schema: PushSubscriptionBodySchema, description: 'The browser’s PushSubscription, as its toJSON() gives it' },
    answers: { 201: PushSubscribedSchema },
    errors: { 400: 'Not a subscription a browser made (endpoint not https or not on a known push service, bad keys)', 413: 'The body is too large' },
  },
  'DELETE /api/push/subscriptions': {
    summary: 'Removes a push subscription of the signed-in user',
    body: { media: 'application/json', schema: PushUnsubscribeBodySchema },
    answers: { 204: { empty: 'Removed (or there was none)' } },
    errors: { 400: 'Not a valid endpoint', 413: 'The body is too large' },
  },
})
