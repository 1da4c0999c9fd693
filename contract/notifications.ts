import * as v from 'valibot'
import { idParam, type ListParams } from './common'

/** The bell shows this many; the full list lives at /notifications. The PWA polls every 50 s. */
export const NOTIFICATION_BELL_SIZE = 5
export const NOTIFICATION_POLL_MS = 50_000

/**
 * Unread notifications are counted up to this many (a count past it would cost a scan of them all);
 * at the cap the count reads "99+".
 */
export const UNREAD_COUNT_CAP = 100

/** An unread count as shown: "99+" once it reaches the cap. */
export const unreadText = (count: number): string => (count >= UNREAD_COUNT_CAP ? `${UNREAD_COUNT_CAP - 1}+` : String(count))

/**
 * clientId null: addressed to provider staff; otherwise to that client's users. isRead is the caller's:
 * a client's users share one read mark per notification, each staff member has their own.
 */
export const NotificationSchema = v.object({
  id: v.number(),
  message: v.string(),
  isRead: v.boolean(),
  createdAt: v.string(),
  clientId: v.nullable(v.number()),
  documentRequestId: v.nullable(v.number()),
  documentId: v.nullable(v.number()),
  /** A support reply: opening the notification opens this conversation. */
  supportConversationId: v.optional(v.nullable(v.number())),
  /** The client a client's notification belongs to (staff see whose it is); null for staff notices. */
  companyName: v.optional(v.nullable(v.string())),
  /** new-mail, service-of-process, mail-request, invoice, staff or general: where a click leads. */
  kind: v.optional(v.string()),
})
export type Notification = v.InferOutput<typeof NotificationSchema>

export const NotificationPageSchema = v.object({
  data: v.array(NotificationSchema),
  total: v.number(),
  /** `total` is the database's estimate ("about N"): the list is large. */
  totalIsEstimate: v.optional(v.boolean()),
  page: v.number(),
  pageSize: v.number(),
  /** Unread notifications of the same scope (the bell's badge), counted up to UNREAD_COUNT_CAP. */
  unreadCount: v.number(),
})
export type NotificationPage = v.InferOutput<typeof NotificationPageSchema>

/** GET /system-notifications: clients pass their clientId (or nothing); agents pass nothing to see all. */
export const NotificationListQuerySchema = v.object({
  clientId: v.optional(idParam('must be a client id')),
  limit: v.optional(v.pipe(v.string(), v.regex(/^\d{1,3}$/, 'must be a whole number'), v.transform(Number), v.minValue(1), v.maxValue(100)), '20'),
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a whole number'), v.transform(Number), v.minValue(1)), '1'),
  /** 'true': unread only. */
  unread: v.optional(
    v.pipe(
      v.picklist(['true', 'false']),
      v.transform((s) => s === 'true'),
    ),
  ),
  /** Agents: 'agents' narrows to notifications addressed to staff (clientId null). */
  audience: v.optional(v.picklist(['all', 'agents'])),
})
export type NotificationListParams = ListParams<typeof NotificationListQuerySchema>

/** PATCH /system-notifications/mark-all-read: staff may narrow it like the list (default: all they see). */
export const MarkAllReadQuerySchema = v.object({
  clientId: NotificationListQuerySchema.entries.clientId,
  audience: NotificationListQuerySchema.entries.audience,
})

/** How many were unread and are now read; for staff counted up to UNREAD_COUNT_CAP. */
export const MarkAllReadResultSchema = v.object({ updated: v.number() })
