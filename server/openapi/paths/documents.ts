import { DocumentAlertListSchema, UrgentDocumentListSchema } from '../../../contract/alerts'
import {
  CreatedDocumentRequestsSchema,
  DocumentRequestDetailSchema,
  DocumentRequestPageSchema,
  RequestStatusListSchema,
} from '../../../contract/document-requests'
import {
  DocumentDeletedSchema,
  DocumentPageSchema,
  DocumentSchema,
  DocumentTextRetrySchema,
  DocumentTextSchema,
  DocumentTypeListSchema,
  DocumentUploadResponseSchema,
} from '../../../contract/documents'
import { MailActionPageSchema, MailActionSchema } from '../../../contract/mail-actions'
import { ShippingOptionListSchema, ShippingOptionSchema } from '../../../contract/shipping'
import { describeRoutes } from '../describe'

const IDEMPOTENCY = {
  'Idempotency-Key':
    'A key of the caller’s making: sending the same request again with it answers the first answer (Idempotent-Replayed: true) and stores nothing twice',
}

/** Uploads are multipart: the text fields, and one or more files in `file` or `files`. */
const UPLOAD_FORM = {
  type: 'object',
  required: ['documentTypeId', 'jurisdiction', 'dateReceived'],
  properties: {
    documentTypeId: { type: 'string', pattern: '^[1-9][0-9]{0,9}$', description: 'A document type id' },
    jurisdiction: { type: 'string', enum: ['1', '2', '3'], description: '1 Federal, 2 State, 3 Private' },
    dateReceived: { type: 'string', format: 'date' },
    servedOn: { type: 'string', format: 'date', description: 'Service of process: the day it was served (the day received when left out)' },
    kind: {
      type: 'string',
      enum: ['document', 'envelope'],
      default: 'document',
      description:
        'document: the scan of the mail; envelope: the image of its envelope, for the client to choose what happens to it (not for service of process or state mail)',
    },
    file: { type: 'string', contentMediaType: 'application/octet-stream', description: 'A PDF, JPEG or PNG scan' },
    files: { type: 'array', items: { type: 'string', contentMediaType: 'application/octet-stream' } },
  },
}

/** Documents received for clients, their files and words, alerts about them, and requests to mail them. */
export const documentDocs = describeRoutes('Documents', {
  'GET /api/document-types': { summary: 'The kinds of document', answers: { 200: DocumentTypeListSchema } },
  'POST /api/document/client/{id}': {
    summary: 'Mailroom upload: one or more scans received for a client',
    description: 'The client is told (notification, e-mail, push); a service of process alerts at once and again after 24 hours unopened.',
    headers: IDEMPOTENCY,
    body: { media: 'multipart/form-data', schema: UPLOAD_FORM },
    answers: { 201: DocumentUploadResponseSchema },
    errors: {
      413: 'A file is larger than the upload limit, or too many files at once',
      415: 'Not multipart/form-data, or a file that is not a PDF, JPEG or PNG',
      422: 'A field is missing or not valid, or an envelope of service of process or state mail (always opened and scanned)',
    },
  },
  'GET /api/client/documents/{clientId}': {
    summary: 'A client’s documents, paged, searched, filtered and sorted',
    answers: { 200: DocumentPageSchema },
  },
  'GET /api/documents': {
    summary: 'Every client’s documents (the provider’s Documents list)',
    answers: { 200: DocumentPageSchema },
  },
  'POST /api/documents/archive': {
    summary: 'Many documents as one ZIP: the chosen ones, or every one a list’s search and filters match',
    bodyExample: { documentIds: [12, 15] },
    answers: {
      200: {
        media: 'application/zip',
        description: 'The files, named as each downloads alone; shredded ones are listed in MANIFEST.txt',
        headers: { 'Content-Disposition': 'attachment, with the archive’s name' },
      },
    },
    errors: {
      404: 'A chosen document the caller may not see, or none matches',
      409: 'A document’s file is missing from the store',
      422: 'More documents match than one download holds',
    },
  },
  'GET /api/document/{id}/text': { summary: 'The words read from a document’s file', answers: { 200: DocumentTextSchema } },
  'POST /api/document/{id}/text/retry': {
    summary: 'Reads a document’s words again',
    answers: { 202: DocumentTextRetrySchema },
    errors: { 409: 'The document was shredded' },
  },
  'GET /api/document/{id}': {
    summary: 'A document’s file (a client opening its own marks it read)',
    description: 'Answers byte ranges (Range, If-Range) and revalidation (If-None-Match with the ETag).',
    headers: { Range: 'bytes=start-end, for one part of the file', 'If-None-Match': 'The ETag of a copy held' },
    answers: {
      200: {
        media: 'application/octet-stream',
        description: 'The file, in its own content type (PDF, JPEG, PNG)',
        headers: { ETag: 'The file’s hash', 'Content-Disposition': 'attachment or inline (inline=true), with the download name' },
      },
      206: { media: 'application/octet-stream', description: 'The part of the file asked for', headers: { 'Content-Range': 'The bytes sent' } },
      304: { empty: 'The copy held is current' },
    },
    errors: {
      404: 'No such document, one the caller may not see, or its file is missing',
      410: 'The document was shredded',
      416: 'The range asked for is outside the file',
    },
  },
  'PATCH /api/document/{id}/read': {
    summary: 'Marks a document read, or unread again (the client’s own flag)',
    bodyExample: { isRead: true },
    answers: { 200: DocumentSchema },
  },
  'DELETE /api/client/document/{id}': {
    summary: 'Deletes a document and its file (staff with DCD)',
    answers: { 200: DocumentDeletedSchema },
    errors: { 403: 'Not staff with DCD', 409: 'The document has an open mail request' },
  },
  'GET /api/client/action-required/{clientId}': {
    summary: 'A client’s services of process waiting to be opened',
    answers: { 200: UrgentDocumentListSchema },
  },
  'GET /api/documents/overdue-service': {
    summary: 'Services of process unopened past their alert (every client)',
    answers: { 200: UrgentDocumentListSchema },
  },
  'GET /api/document/{id}/alerts': {
    summary: 'Who was alerted about a document, and when',
    answers: { 200: DocumentAlertListSchema },
  },
  'GET /api/client/resources/status': {
    summary: 'The statuses of a request to mail documents',
    answers: { 200: RequestStatusListSchema },
  },
  'POST /api/client/document-request': {
    summary: 'A client asks for documents to be mailed',
    description:
      'The documents are one shipment (one envelope): one request per document, all moved together. Address fields left out are taken from the client’s profile. With addressId, one of the client’s saved addresses is the mailing address (forwarding the original to it); saveAddressAs saves the address typed. shippingOptionId chooses the carrier and speed (the first active option when left out); its price at this moment is the shipment’s, charged on one invoice when above zero.',
    headers: IDEMPOTENCY,
    answers: { 201: CreatedDocumentRequestsSchema },
    errors: {
      404: 'A document, or the saved address, is not the caller’s',
      409: 'A document already has an open request, or another action (open and scan, shred, hold) is open on it',
      422: 'The address is incomplete, a document’s 60 days are over, or the shipping option is unknown or inactive',
    },
  },
  'GET /api/client/document-requests': {
    summary: 'Requests to mail documents: a client’s own, or every client’s for staff with DCV',
    answers: { 200: DocumentRequestPageSchema },
  },
  'GET /api/document-request/{id}': {
    summary: 'A request to mail documents, with its document, client and timeline',
    answers: { 200: DocumentRequestDetailSchema },
  },
  'POST /api/document/{id}/open-and-scan': {
    summary: 'A client asks the mailroom to open an envelope and scan its contents',
    description:
      'The client’s own envelope only. Asking again while the request is open answers it (200) and makes no second one. Staff complete it with the scan (POST /api/mail-actions/{id}/complete).',
    answers: {
      201: { schema: MailActionSchema, description: 'Asked for' },
      200: { schema: MailActionSchema, description: 'Already asked for: the open request' },
    },
    errors: {
      404: 'No such document of the caller’s',
      409: 'Another request is open on this mail, it is being mailed, was opened already, or was shredded',
      422: 'Not an envelope: a scan is opened already',
    },
  },
  'POST /api/document/{id}/shred': {
    summary: 'A client asks for a piece of mail to be shredded now',
    description:
      'A scan is shredded at once: its file is deleted and the record stays, shredded (the action answers done). An envelope waits for the mailroom, which shreds the held original and completes the request; its file is deleted then. Asking again answers the same request (200).',
    answers: {
      201: { schema: MailActionSchema, description: 'Asked for (or done, for a scan)' },
      200: { schema: MailActionSchema, description: 'Already asked for or done' },
    },
    errors: { 404: 'No such document of the caller’s', 409: 'Another request is open on this mail, or it is being mailed' },
  },
  'POST /api/document/{id}/hold': {
    summary: 'A client asks for the original of a piece of mail to be held for pick-up',
    description: 'Asking again while the request is open answers it (200). Staff complete it once the original is set aside; the client is told.',
    answers: {
      201: { schema: MailActionSchema, description: 'Asked for' },
      200: { schema: MailActionSchema, description: 'Already asked for: the open request' },
    },
    errors: { 404: 'No such document of the caller’s', 409: 'Another request is open on this mail, it is being or was mailed, or it was shredded' },
  },
  'GET /api/mail-actions': {
    summary: 'The mailroom’s queue of clients’ actions on their mail (open and scan, shred, hold), oldest first, with their age',
    description: 'Open ones by default (status=open); done ones latest first. Staff with DCV.',
    answers: { 200: MailActionPageSchema },
  },
  'POST /api/mail-actions/{id}/complete': {
    summary: 'Staff complete a client’s action on a piece of mail; the client is told',
    description:
      'An open and scan takes scanDocumentId: the scan the mailroom uploaded for the same client (POST /api/document/client/{id} or /api/uploads), which joins the envelope. A shred deletes the envelope’s file and leaves its record shredded. Completing a done action again (with the same scan, or none) answers it unchanged.',
    bodyExample: { scanDocumentId: 1234 },
    answers: { 200: MailActionSchema },
    errors: {
      404: 'No such action',
      409: 'Completed already with another scan',
      422: 'An open and scan without a scan of the same client, or a scan given for another action',
    },
  },
  'GET /api/shipping-options': {
    summary: 'The carriers and speeds originals may be mailed by, with their prices',
    description: 'Active options, in their order, for any signed-in user; staff with SHE also see the inactive ones.',
    answers: { 200: ShippingOptionListSchema },
  },
  'POST /api/shipping-options': {
    summary: 'Adds a shipping option (staff with SHE)',
    answers: { 201: ShippingOptionSchema },
    errors: { 403: 'Not staff with SHE', 409: 'The carrier already has an option of that speed' },
  },
  'PUT /api/shipping-options/{id}': {
    summary: 'Changes a shipping option: carrier, speed, price, active, order (staff with SHE)',
    description: 'Fields left out stay. A price change applies to requests made afterwards; requests made before keep their price.',
    answers: { 200: ShippingOptionSchema },
    errors: { 403: 'Not staff with SHE', 404: 'No such option', 409: 'Another option has this carrier and speed' },
  },
  'PATCH /api/document-request/{id}/status': {
    summary: 'Moves a request on, with every request of its shipment (processing, mailed with its tracking, cancelled)',
    description: 'Mailed needs trackingNumber; carrier defaults to the shipment’s chosen carrier.',
    answers: { 200: DocumentRequestDetailSchema },
    errors: { 403: 'The caller may not make this change', 409: 'The request is not in a state that allows this change' },
  },
})

const TUS = { 'Tus-Resumable': '1.0.0, on every request but OPTIONS' }

/** Resumable uploads (the tus protocol, 1.0.0): a scan sent in pieces, resumed from the server's offset. */
export const uploadDocs = describeRoutes('Resumable uploads', {
  'OPTIONS /api/uploads': {
    summary: 'What the server offers: the tus version, its extensions and the largest upload',
    answers: {
      204: {
        empty: 'The protocol’s capabilities',
        headers: {
          'Tus-Version': '1.0.0',
          'Tus-Extension': 'The extensions served (creation, termination, expiration...)',
          'Tus-Max-Size': 'The largest upload in bytes',
        },
      },
    },
  },
  'POST /api/uploads': {
    summary: 'Creates an upload of a client’s scan (staff with DCU); its bytes follow with PATCH',
    description:
      'Upload-Metadata carries filename, filetype, clientId, documentTypeId, jurisdiction and dateReceived (and servedOn for a service of process, kind for an envelope), checked as the multipart upload checks its form. The completed upload becomes the client’s document once, with the same content checks and notifications as POST /api/document/client/{id}.',
    headers: {
      ...TUS,
      'Upload-Length': 'The file’s size in bytes',
      'Upload-Metadata':
        'Comma-separated key and base64 value pairs (filename, filetype, clientId, documentTypeId, jurisdiction, dateReceived, servedOn, kind)',
      'Idempotency-Key': 'The same key makes one document however many uploads carry it',
    },
    body: { media: 'application/offset+octet-stream', required: false, description: 'Optionally the first bytes (creation with upload)' },
    answers: {
      201: { empty: 'Created', headers: { Location: 'The upload’s address, for HEAD and PATCH', 'Upload-Offset': 'Bytes received with the creation' } },
    },
    errors: {
      413: 'The file is larger than the upload limit',
      422: 'The metadata is missing a field, or a field is not valid',
      503: 'The upload storage does not answer: send the request again shortly',
    },
  },
  'GET /api/uploads/{id}': {
    summary: 'HEAD only: how many bytes of an upload the server has (completing it if every byte is in)',
    headers: TUS,
    answers: {
      200: {
        empty: 'The offset',
        headers: { 'Upload-Offset': 'Bytes received', 'Upload-Length': 'The file’s size', 'Document-Id': 'The document it became, once complete' },
      },
    },
    errors: {
      404: 'No such upload of the caller’s',
      405: 'A GET (only HEAD is answered)',
      410: 'The upload expired',
      423: 'Being completed by another request: ask again shortly',
      503: 'The upload storage does not answer: send the request again shortly',
    },
  },
  'PATCH /api/uploads/{id}': {
    summary: 'Sends the next bytes of an upload from its offset; the last bytes make the document',
    headers: { ...TUS, 'Upload-Offset': 'Where these bytes start: the offset HEAD gave' },
    body: { media: 'application/offset+octet-stream', description: 'The bytes from Upload-Offset on' },
    answers: { 204: { empty: 'Received', headers: { 'Upload-Offset': 'Bytes received now', 'Document-Id': 'With the last bytes: the document it became' } } },
    errors: {
      404: 'No such upload of the caller’s',
      409: 'Upload-Offset is not the server’s offset',
      410: 'The upload expired',
      415: 'The completed file is not a PDF, JPEG, PNG or TIFF (or the content type is not application/offset+octet-stream)',
      423: 'Being completed by another request: ask again shortly',
      503: 'The upload storage does not answer: send the request again shortly',
    },
  },
  'DELETE /api/uploads/{id}': {
    summary: 'Gives up an unfinished upload: its bytes are removed',
    headers: TUS,
    answers: { 204: { empty: 'Removed' } },
    errors: { 404: 'No such upload of the caller’s', 410: 'The upload expired', 503: 'The upload storage does not answer: send the request again shortly' },
  },
})
