import * as v from 'valibot'
import { BodyId, idParam, pageOf, PageQuerySchema } from './common'

/**
 * What happens to a piece of mail, as the client chooses (issue "mail handled as the best virtual
 * mailboxes do it"). The mailroom uploads a scan ('document') or, for a client whose mail is handled
 * envelope first, the image of the envelope ('envelope'); the client then asks for one action on it,
 * which staff work through in one queue (GET /api/mail-actions). Forwarding the original is the mail
 * request (POST /api/client/document-request), not an action here.
 */

/** What an uploaded file shows: the mail itself, or its envelope still unopened. */
export const DOCUMENT_KINDS = ['document', 'envelope'] as const
export type DocumentKind = (typeof DOCUMENT_KINDS)[number]
export const DocumentKindSchema = v.picklist(DOCUMENT_KINDS, `must be one of ${DOCUMENT_KINDS.join(', ')}`)

/** The actions a client may ask for, each with its own route (POST /api/document/{id}/{action}). */
export const MAIL_ACTIONS = ['open-and-scan', 'shred', 'hold'] as const
export type MailActionKind = (typeof MAIL_ACTIONS)[number]

export const MAIL_ACTION_LABELS: Record<MailActionKind, string> = {
  'open-and-scan': 'Open and scan',
  shred: 'Shred',
  hold: 'Hold for pick-up',
}

/** 'open' until staff complete it; 'done' after (a shred of a scan is done at once). */
export const MAIL_ACTION_STATUSES = ['open', 'done'] as const
export type MailActionStatus = (typeof MAIL_ACTION_STATUSES)[number]

/** A piece of mail's latest action, on the Document answer (null when none was ever asked for). */
export const DocumentMailActionSchema = v.object({
  id: v.number(),
  action: v.picklist(MAIL_ACTIONS),
  status: v.picklist(MAIL_ACTION_STATUSES),
  /** ISO 8601 UTC. */
  requestedAt: v.string(),
  completedAt: v.nullable(v.string()),
  /** Open and scan, once done: the scan of the envelope's contents (a document of the same client). */
  scanDocumentId: v.nullable(v.number()),
  /** A shred asked for by the client's rule (contract/mail-rules.ts): the paper original only, the scan kept. */
  originalOnly: v.boolean(),
})
export type DocumentMailAction = v.InferOutput<typeof DocumentMailActionSchema>

/** One action, as the request routes answer it and the staff queue lists it. */
export const MailActionSchema = v.object({
  id: v.number(),
  documentId: v.number(),
  clientId: v.number(),
  /** The client's company name. */
  clientName: v.string(),
  action: v.picklist(MAIL_ACTIONS),
  status: v.picklist(MAIL_ACTION_STATUSES),
  /** ISO 8601 UTC. */
  requestedAt: v.string(),
  /** Whole minutes since it was asked for (until it was done, once done). */
  ageMinutes: v.number(),
  completedAt: v.nullable(v.string()),
  scanDocumentId: v.nullable(v.number()),
  /** A shred asked for by the client's rule: the paper original only, the scan kept. */
  originalOnly: v.boolean(),
  /** The piece of mail: its kind, type and day received. */
  documentKind: v.picklist(DOCUMENT_KINDS),
  documentTypeId: v.number(),
  documentTypeName: v.string(),
  /** 1 Federal, 2 State, 3 Private (the scan of an envelope is uploaded with the envelope's type and jurisdiction). */
  jurisdiction: v.number(),
  dateReceived: v.string(),
  /** 'active' or 'shredded'. */
  documentStatus: v.picklist(['active', 'shredded']),
})
export type MailAction = v.InferOutput<typeof MailActionSchema>

export const MailActionPageSchema = pageOf(MailActionSchema)
export type MailActionPage = v.InferOutput<typeof MailActionPageSchema>

/** GET /api/mail-actions: staff's queue; open ones by default, oldest first. */
export const MailActionListQuerySchema = v.object({
  status: v.optional(v.picklist(MAIL_ACTION_STATUSES, `must be one of ${MAIL_ACTION_STATUSES.join(', ')}`), 'open'),
  action: v.optional(v.picklist(MAIL_ACTIONS, `must be one of ${MAIL_ACTIONS.join(', ')}`)),
  clientId: v.optional(idParam('must be a client id')),
  page: PageQuerySchema.entries.page,
  pageSize: PageQuerySchema.entries.pageSize,
})
export type MailActionListParams = v.InferInput<typeof MailActionListQuerySchema>

/**
 * POST /api/mail-actions/{id}/complete. An open-and-scan needs the scan: the mailroom uploads it first
 * as a document of the same client (POST /api/document/client/{id} or /api/uploads), then completes
 * the action with that document's id.
 */
export const CompleteMailActionSchema = v.object({
  scanDocumentId: v.optional(BodyId('must be a document id')),
})
export type CompleteMailAction = v.InferInput<typeof CompleteMailActionSchema>
