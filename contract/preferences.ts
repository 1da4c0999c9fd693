import * as v from 'valibot'

/**
 * Notification preferences (Account Settings → Notifications): per kind of notification and per
 * channel. Service of process is always sent on both channels; its switches are shown but fixed.
 */
export const NOTIFICATION_KINDS = ['new-mail', 'service-of-process', 'mail-request', 'invoice', 'deadline'] as const
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number]

export const NOTIFICATION_KIND_LABELS: Record<NotificationKind, string> = {
  'new-mail': 'New mail',
  'service-of-process': 'Service of process',
  'mail-request': 'Mail request updates',
  invoice: 'Invoices',
  deadline: 'Deadline reminders',
}

/** Kinds the user cannot turn off. */
export const ALWAYS_ON_KINDS: readonly NotificationKind[] = ['service-of-process']

/** Kinds whose in-portal notification (the bell) can be switched off too; every other kind always shows there. */
export const IN_APP_KINDS: readonly NotificationKind[] = ['deadline']

export const NotificationPreferenceSchema = v.object({
  kind: v.picklist(NOTIFICATION_KINDS),
  push: v.boolean(),
  email: v.boolean(),
  /** The in-portal notification, for the kinds of IN_APP_KINDS only. */
  inApp: v.optional(v.boolean()),
  /** False for kinds that are always sent. */
  editable: v.boolean(),
})
export type NotificationPreference = v.InferOutput<typeof NotificationPreferenceSchema>

export const NotificationPreferencesSchema = v.object({ preferences: v.array(NotificationPreferenceSchema) })

/** PUT /notification-preferences: the kinds to change (others stay as they are). */
export const NotificationPreferencesBodySchema = v.object({
  preferences: v.pipe(
    v.array(
      v.object({
        kind: v.picklist(NOTIFICATION_KINDS, 'kind must be one of ' + NOTIFICATION_KINDS.join(', ')),
        push: v.boolean(),
        email: v.boolean(),
        /** Kinds of IN_APP_KINDS only; left out, the choice stays as it is. */
        inApp: v.optional(v.boolean()),
      }),
    ),
    v.maxLength(NOTIFICATION_KINDS.length),
  ),
})
