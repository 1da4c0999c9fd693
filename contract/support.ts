import * as v from 'valibot'
import { BodyId, IdParam, multiLine, PageQuerySchema, pageOf, REQUIRED_MESSAGE, singleLine, type ListParams } from './common'

/**
 * Support conversations. A client starts one with a subject and a message (and optionally an attached
 * PDF or image, and a link to one of its documents or invoices); staff with SPV read every client's,
 * staff with SPR reply (the client is notified) and open or close them. Free text is plain text.
 *
 *   GET   /api/support/conversations                      client: its own; staff (SPV): all, unanswered first
 *   POST  /api/support/conversations                      client: a new conversation (multipart or JSON)
 *   GET   /api/support/conversations/{id}                 the conversation with its messages
 *   POST  /api/support/conversations/{id}/messages        client (own) or staff (SPR): a message
 *   PATCH /api/support/conversations/{id}                 staff (SPR): { status: 'open' | 'closed' }
 *   GET   /api/support/messages/{id}/attachment            the attached file
 */
export const SUPPORT_SUBJECT_MAX = 200
export const SUPPORT_MESSAGE_MAX = 5000
export const SUPPORT_STATUSES = ['open', 'closed'] as const
export type SupportStatus = (typeof SUPPORT_STATUSES)[number]

/** The form field that carries an attachment in a multipart body. */
export const SUPPORT_ATTACHMENT_FIELD = 'attachment'
/** For the file input's `accept`; the server recognises the file by its content anyway. */
export const SUPPORT_ATTACHMENT_ACCEPT = '.pdf,.jpg,.jpeg,.png,.tif,.tiff,application/pdf,image/jpeg,image/png,image/tiff'

/** Trimmed, with line breaks as \n (a form sends \r\n), not empty, at most `max` characters. */
const text = (max: number, label: string, lines: 'single' | 'multi') =>
  v.pipe(
    v.string(REQUIRED_MESSAGE),
    v.transform((value) => value.replace(/\r\n?/g, '\n')),
    v.trim(),
    v.nonEmpty(REQUIRED_MESSAGE),
    v.maxLength(max, `${label} cannot exceed ${max} characters`),
    lines === 'single' ? singleLine(label) : multiLine(label),
  )

/** An optional id as a form field gives it ('' or absent: none). */
const optionalId = v.optional(v.union([v.literal(''), IdParam, BodyId()], 'must be an id'))

/** The fields of a new conversation (multipart fields or a JSON body). */
export const NewConversationSchema = v.object({
  subject: text(SUPPORT_SUBJECT_MAX, 'Subject', 'single'),
  message: text(SUPPORT_MESSAGE_MAX, 'Message', 'multi'),
  /** One of the client's documents the message is about. */
  documentId: optionalId,
  /** One of the client's invoices the message is about. */
  invoiceId: optionalId,
})
export type NewConversationInput = v.InferInput<typeof NewConversationSchema>

export const NewMessageSchema = v.object({ message: text(SUPPORT_MESSAGE_MAX, 'Message', 'multi') })

export const ConversationStatusSchema = v.object({ status: v.picklist(SUPPORT_STATUSES, 'status must be open or closed') })

export const ConversationListQuerySchema = v.object({
  page: PageQuerySchema.entries.page,
  pageSize: PageQuerySchema.entries.pageSize,
  /** Staff: 'open' (default for the inbox is all), 'closed' or 'unanswered'. */
  status: v.optional(v.picklist(['open', 'closed', 'unanswered', 'all'], 'status must be open, closed, unanswered or all'), 'all'),
  /** Staff: one client's conversations. */
  clientId: v.optional(IdParam),
})
export type ConversationListParams = ListParams<typeof ConversationListQuerySchema>

export const SupportAttachmentSchema = v.object({ name: v.string(), contentType: v.string(), size: v.number() })

export const SupportMessageSchema = v.object({
  id: v.number(),
  fromStaff: v.boolean(),
  /** The writer's name as the reader should see it ('Support' for staff when no name is known). */
  author: v.string(),
  body: v.string(),
  createdAt: v.string(),
  attachment: v.nullable(SupportAttachmentSchema),
})
export type SupportMessage = v.InferOutput<typeof SupportMessageSchema>

export const ConversationSummarySchema = v.object({
  id: v.number(),
  clientId: v.number(),
  companyName: v.string(),
  subject: v.string(),
  status: v.picklist(SUPPORT_STATUSES),
  /** The last message is the client's: staff have not answered it. */
  awaitingReply: v.boolean(),
  /** Staff replied since the client last opened the conversation. */
  unreadByClient: v.boolean(),
  lastMessageAt: v.string(),
  createdAt: v.string(),
  messageCount: v.number(),
})
export type ConversationSummary = v.InferOutput<typeof ConversationSummarySchema>

export const ConversationPageSchema = pageOf(ConversationSummarySchema)
export type ConversationPage = v.InferOutput<typeof ConversationPageSchema>

export const ConversationSchema = v.object({
  ...ConversationSummarySchema.entries,
  document: v.nullable(v.object({ id: v.number(), name: v.string() })),
  invoice: v.nullable(v.object({ id: v.number(), invoiceNumber: v.string() })),
  messages: v.array(SupportMessageSchema),
})
export type Conversation = v.InferOutput<typeof ConversationSchema>
