import * as v from 'valibot'
import { BodyId, calendarDay, idParam, pageOf, PageQuerySchema, type ListParams } from './common'
import { DOCUMENT_KINDS, DocumentKindSchema, DocumentMailActionSchema } from './mail-actions'

/** Clients may ask for a document to be mailed for this many days after upload; then it is shredded. */
export const DOCUMENT_RETENTION_DAYS = 60

/** Jurisdiction codes of a document. */
export const JURISDICTIONS = [
  { id: 1, name: 'Federal' },
  { id: 2, name: 'State' },
  { id: 3, name: 'Private' },
] as const
export type JurisdictionId = (typeof JURISDICTIONS)[number]['id']

/** File types the mailroom may upload, recognised by their content. `documentBlobUrl` carries the key. */
export const DOCUMENT_FILE_TYPES = {
  pdf: { contentType: 'application/pdf', label: 'PDF' },
  jpg: { contentType: 'image/jpeg', label: 'JPEG' },
  png: { contentType: 'image/png', label: 'PNG' },
  tif: { contentType: 'image/tiff', label: 'TIFF' },
} as const
export type DocumentFileType = keyof typeof DOCUMENT_FILE_TYPES

/** For the file input's `accept` attribute; the server checks the content anyway. */
export const DOCUMENT_UPLOAD_ACCEPT = '.pdf,.jpg,.jpeg,.png,.tif,.tiff,application/pdf,image/jpeg,image/png,image/tiff'
/** Files per upload request (the PWA sends one per request, for per-file progress). */
export const DOCUMENT_UPLOAD_MAX_FILES = 20

/** What the text reader made of a document's file: queued, being read, read, or failed (staff may retry). */
export const DOCUMENT_TEXT_STATES = ['queued', 'reading', 'done', 'failed'] as const
export type DocumentTextState = (typeof DOCUMENT_TEXT_STATES)[number]

export const DocumentStatusSchema = v.picklist(['active', 'shredded'])
export type DocumentStatus = v.InferOutput<typeof DocumentStatusSchema>

export const DocumentTypeSchema = v.object({ id: v.number(), name: v.string() })
export type DocumentType = v.InferOutput<typeof DocumentTypeSchema>
export const DocumentTypeListSchema = v.array(DocumentTypeSchema)

export const DocumentSchema = v.object({
  id: v.number(),
  clientId: v.number(),
  /** Present on lists across clients (GET /documents) and on single documents. */
  client: v.optional(v.object({ id: v.number(), companyName: v.string() })),
  jurisdiction: v.picklist([1, 2, 3]),
  jurisdictionName: v.string(),
  documentTypeId: v.number(),
  documentTypeNavigation: v.object({ name: v.string() }),
  /** YYYY-MM-DD, the day the mail arrived (shown as DD-MMM-YYYY). */
  dateReceived: v.string(),
  /** ISO 8601 UTC. */
  uploadedAt: v.string(),
  isRead: v.boolean(),
  readAt: v.nullable(v.string()),
  /** The file's type, such as 'pdf'. */
  documentBlobUrl: v.picklist(['pdf', 'jpg', 'png', 'tif']),
  contentType: v.string(),
  sizeBytes: v.number(),
  /** The name the file downloads under, chosen by the server. */
  fileName: v.string(),
  /** The name of the file as the mailroom uploaded it. */
  originalFileName: v.string(),
  /** API path of the file (GET, with the bearer token); add ?inline=true to view it in the portal. */
  urlFile: v.string(),
  status: DocumentStatusSchema,
  /** 'document': a scan of the mail; 'envelope': the image of its envelope, the mail still unopened (contract/mail-actions.ts). */
  kind: v.picklist(DOCUMENT_KINDS),
  /** The latest action the client asked for on this piece of mail (open and scan, shred, hold), or null. */
  mailAction: v.nullable(DocumentMailActionSchema),
  /** ISO 8601 UTC: when the document was shredded, or when it will be once its 60 days are over. */
  shredDate: v.string(),
  shreddedAt: v.nullable(v.string()),
  /** Whole days left before shredding; 0 once the window has closed or the document is shredded. */
  daysLeft: v.number(),
  /** May the client ask for it by mail now (active, within 60 days, no open request, original not mailed)? */
  canRequest: v.boolean(),
  /** The open (Requested or Processing) mail request of this document, if any. */
  openRequestId: v.nullable(v.number()),
  /** The original was mailed (Mailed or Delivered) by this request; it cannot be requested again. */
  originalMailed: v.nullable(
    v.object({
      requestId: v.number(),
      /** 'Mailed' or 'Delivered'. */
      statusName: v.string(),
      /** ISO 8601 UTC: when the request was marked Mailed. */
      mailedAt: v.string(),
      carrier: v.nullable(v.string()),
      trackingNumber: v.nullable(v.string()),
    }),
  ),
  /** Service of process only: the day it was served (YYYY-MM-DD). */
  servedOn: v.optional(v.nullable(v.string())),
  /**
   * Service of process only: the estimated day the answer is due (YYYY-MM-DD; 20 days after service in a
   * state court, 21 in a federal court), null for private papers; an estimate to confirm with an attorney.
   */
  responseDueDate: v.optional(v.nullable(v.string())),
  /** False once staff corrected the answer date. */
  responseDueEstimate: v.optional(v.boolean()),
  /** ISO 8601 UTC: when a client user acknowledged it (its alerts then stop); null until then. */
  acknowledgedAt: v.optional(v.nullable(v.string())),
  /**
   * On a search (`q`) that matched words inside the document: the text around the first match, plain
   * text (the PWA highlights the searched words).
   */
  snippet: v.optional(v.string()),
  /** For staff: reading the document's words (OCR): queued, reading, done or failed (null: never queued). */
  textState: v.optional(v.nullable(v.picklist(DOCUMENT_TEXT_STATES))),
})
export type Document = v.InferOutput<typeof DocumentSchema>
export const DocumentPageSchema = pageOf(DocumentSchema)
export type DocumentPage = v.InferOutput<typeof DocumentPageSchema>

const flag = v.pipe(
  v.picklist(['true', 'false'], 'must be true or false'),
  v.transform((s) => s === 'true'),
)

export const DOCUMENT_SORTS = ['dateReceived', 'uploadedAt', 'type', 'jurisdiction', 'isRead', 'status', 'daysLeft', 'company'] as const

/** Server-side paging, sorting and filters of the documents tables. Default: Date Received, newest first (then the latest upload). */
export const DocumentListQuerySchema = v.object({
  ...PageQuerySchema.entries,
  sort: v.optional(v.picklist(DOCUMENT_SORTS, `must be one of ${DOCUMENT_SORTS.join(', ')}`)),
  documentTypeId: v.optional(idParam('must be a document type id')),
  jurisdiction: v.optional(v.pipe(v.picklist(['1', '2', '3'], 'must be 1, 2 or 3'), v.transform(Number))),
  isRead: v.optional(flag),
  status: v.optional(DocumentStatusSchema),
  /** Day received, from and to (both included). */
  receivedFrom: v.optional(calendarDay()),
  receivedTo: v.optional(calendarDay()),
  /** GET /documents only: one client's documents. */
  clientId: v.optional(idParam('must be a client id')),
  /** One document only: where a notification about it leads. */
  id: v.optional(idParam('must be a document id')),
})
export type DocumentListParams = ListParams<typeof DocumentListQuerySchema>

/** Text fields of the multipart upload (POST /document/client/{id}); files go in 'file' or 'files'. */
export const DocumentUploadFieldsSchema = v.object({
  documentTypeId: v.pipe(v.string('Document type is mandatory'), idParam('Choose a document type')),
  jurisdiction: v.pipe(
    v.string('Jurisdiction is mandatory'),
    v.picklist(['1', '2', '3'], 'Jurisdiction must be 1 (Federal), 2 (State) or 3 (Private)'),
    v.transform(Number),
  ),
  dateReceived: v.pipe(
    v.string('Date received is mandatory'),
    calendarDay({ pattern: 'Date received must be a date as YYYY-MM-DD', calendar: (issue) => `Date received ${String(issue.input)} is not a valid date` }),
  ),
  /** Service of process: the day it was served (the day received when left out). */
  servedOn: v.optional(
    v.pipe(
      v.string(),
      calendarDay({ pattern: 'Date served must be a date as YYYY-MM-DD', calendar: (issue) => `Date served ${String(issue.input)} is not a valid date` }),
    ),
  ),
  /**
   * 'document' (the default): the scan of the mail; 'envelope': the image of its envelope, for the client
   * to choose what happens to it. Service of process and state mail are always opened and scanned.
   */
  kind: v.optional(v.pipe(v.string(), DocumentKindSchema), 'document'),
})
export type DocumentUploadFields = v.InferInput<typeof DocumentUploadFieldsSchema>

export const DocumentUploadResponseSchema = v.object({ documents: v.array(DocumentSchema) })

/** PATCH /document/{id}/read: mark read (default) or unread again. */
export const DocumentReadBodySchema = v.object({ isRead: v.optional(v.boolean(), true) })

export const DocumentDeletedSchema = v.object({ message: v.literal('Document deleted successfully') })

/**
 * POST /documents/archive: the documents to download as one ZIP, either chosen (`documentIds`, in this
 * order, each at most once) or every document matching a list's search and filters (`filter`: the
 * list's own parameters, without paging; in the list's order). More than DOCUMENT_ARCHIVE_MAX matching
 * is refused (422) rather than cut short.
 */
export const DOCUMENT_ARCHIVE_MAX = 500
export const DocumentArchiveFilterSchema = v.object({
  q: PageQuerySchema.entries.q,
  sort: v.optional(v.picklist(DOCUMENT_SORTS, `must be one of ${DOCUMENT_SORTS.join(', ')}`)),
  order: PageQuerySchema.entries.order,
  documentTypeId: v.optional(BodyId('must be a document type id')),
  jurisdiction: v.optional(v.picklist([1, 2, 3], 'must be 1, 2 or 3')),
  isRead: v.optional(v.boolean('must be true or false')),
  status: v.optional(DocumentStatusSchema),
  receivedFrom: v.optional(calendarDay()),
  receivedTo: v.optional(calendarDay()),
  /** Staff: one client's documents (a client's own are the only ones it may archive anyway). */
  clientId: v.optional(BodyId('must be a client id')),
})
export type DocumentArchiveFilter = v.InferOutput<typeof DocumentArchiveFilterSchema>
export const DocumentArchiveBodySchema = v.pipe(
  v.object({
    documentIds: v.optional(
      v.pipe(
        v.array(BodyId('must be a document id')),
        v.minLength(1, 'Choose at least one document'),
        v.maxLength(DOCUMENT_ARCHIVE_MAX, `At most ${DOCUMENT_ARCHIVE_MAX} documents in one download`),
      ),
    ),
    filter: v.optional(DocumentArchiveFilterSchema),
  }),
  v.check((body) => (body.documentIds === undefined) !== (body.filter === undefined), 'Send either documentIds or filter'),
)
export type DocumentArchiveBody = v.InferOutput<typeof DocumentArchiveBodySchema>

/** POST /document/{id}/text/retry (staff): the document is queued to have its words read again. */
export const DocumentTextRetrySchema = v.object({ textState: v.literal('queued') })

/** GET /document/{id}/text: the words read from the document's file (null until read, or unreadable). */
export const DocumentTextSchema = v.object({ documentId: v.number(), text: v.nullable(v.string()) })
export type DocumentText = v.InferOutput<typeof DocumentTextSchema>
