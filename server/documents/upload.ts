import { asc, eq, inArray } from 'drizzle-orm'
import { DateTime } from 'luxon'
import * as v from 'valibot'
import { DOCUMENT_UPLOAD_MAX_FILES, DocumentUploadFieldsSchema, type Document } from '../../contract/documents'
import type { DocumentKind } from '../../contract/mail-actions'
import type { Readable } from 'node:stream'
import type { AppDeps } from '../context'
import type { Tx } from '../db/client'
import { SERVICE_OF_PROCESS } from '../db/reference'
import { documents, documentTypes } from '../db/schema'
import { HttpError, unprocessable } from '../http/errors'
import { assertNoControlCharacters, validationError } from '../http/validate'
import { notifyClient } from '../notifications'
import { queueDocumentText, textQueued } from './text/queue'
import { sniffAndStore, type SniffedBlob } from '../storage/sniff-and-store'
import { completeIdempotent, hashRequest, releaseIdempotent, startIdempotent, type IdempotencyClaim } from '../idempotency'
import { readMultipart } from './multipart'
import { documentKeyPrefix, formatBytes } from './naming'
import { selectDocuments, toDocument } from './queries'
import { todayInFlorida } from './retention'
import { recordAudit } from '../audit'
import { estimatedAnswerDate } from '../deadlines/rules'
import { applyMailRulesIn } from '../clients/mail-rules'

const FILE_FIELDS = new Set(['file', 'files', 'files[]'])

export interface UploadRequest {
  client: { id: number; companyName: string }
  userId: number
  contentType: string | undefined
  contentLength: string | undefined
  body: ReadableStream<Uint8Array> | null
  idempotencyKey?: string
  requestId?: string
}

export interface UploadAnswer {
  status: 201
  body: { documents: Document[] }
  replayed: boolean
}

/** Who uploads what for whom, and how the upload takes effect once. */
export interface NewDocumentsRequest {
  client: { id: number; companyName: string }
  userId: number
  idempotencyKey?: string
  /** The key's scope: 'document-upload' (every upload route's own) unless told. */
  idempotencyScope?: string
  /** How long to wait for a request still running with the same key before answering 409 (0 by default). */
  idempotencyWaitMs?: number
  requestId?: string
  /** Written in the transaction that creates the documents (a resumable upload records its document). */
  onCreated?: (tx: Tx, documents: Document[]) => Promise<void>
}

/** One file of an upload, as it arrives. */
export interface IncomingFile {
  rawName: string
  stream: Readable
}

/**
 * Reads the files of one upload: hands each file, in order, to `store` (which checks its content and
 * streams it to the blob store) and returns the upload's fields, checked with checkUploadFields.
 */
export type ReceiveFiles = (store: (file: IncomingFile) => Promise<void>) => Promise<CheckedFields>

/**
 * Receives the files of one upload (POST /document/client/{id}) for one client. All or nothing: each
 * file is sniffed and streamed to the blob store under a fresh key; if any file, field or the insert
 * fails, the files already written are deleted and no record is left. Files written just before a crash
 * (no record yet) are removed by the orphan sweep of the shred job.
 */
export async function receiveUpload(deps: AppDeps, request: UploadRequest): Promise<UploadAnswer> {
  const maxBytes = deps.env.UPLOAD_MAX_BYTES
  const maxBodyBytes = DOCUMENT_UPLOAD_MAX_FILES * (maxBytes + 64 * 1024) + 1024 * 1024
  if (!request.contentType?.toLowerCase().startsWith('multipart/form-data')) {
    throw new HttpError(415, 'Unsupported upload', 'Send the files as multipart/form-data')
  }
  if (request.contentLength && Number(request.contentLength) > maxBodyBytes) {
    throw new HttpError(413, 'Upload too large', `Each file may be at most ${formatBytes(maxBytes)}, and at most ${DOCUMENT_UPLOAD_MAX_FILES} files at once`)
  }
  const contentType = request.contentType
  return createDocuments(deps, request, async (store) => {
    let fileCount = 0
    let checked: Promise<CheckedFields> | undefined
    const fields = await readMultipart(
      request.body,
      contentType,
      { maxFiles: DOCUMENT_UPLOAD_MAX_FILES, maxBodyBytes },
      {
        async file(part, fieldsSoFar) {
          if (!FILE_FIELDS.has(part.field))
            throw unprocessable('Invalid upload', `Unexpected file field ${part.field.slice(0, 40)}: send files as 'file' or 'files'`)
          // A browser sends an empty, unnamed part when no file was chosen.
          if (!part.fileName) return
          // Fields sent before the files are checked before any file is stored.
          if (!checked && FIELD_NAMES.every((name) => name in fieldsSoFar)) checked = checkUploadFields(deps, { ...fieldsSoFar })
          if (checked) await checked
          fileCount++
          await store({ rawName: part.fileName, stream: part.stream })
        },
      },
    )
    if (fileCount === 0) throw unprocessable('No file', 'Choose at least one file to upload')
    // Checked again with every field: a date served sent after the files is checked too.
    if (checked) await checked
    return checkUploadFields(deps, fields)
  })
}

/**
 * Makes the client's documents of one upload, whichever route received it (the multipart form, or a
 * completed resumable upload: server/uploads/): the Idempotency-Key (a repeat gets the first answer),
 * the content checks of each file (sniffAndStore), the fields, then in one transaction the documents,
 * their text reading, the client's notifications, the client's mail rule for the type
 * (server/clients/mail-rules.ts), the audit entry and the stored answer. All or
 * nothing: on any failure the files already stored are deleted and the key is released.
 */
export async function createDocuments(deps: AppDeps, request: NewDocumentsRequest, receive: ReceiveFiles): Promise<UploadAnswer> {
  const maxBytes = deps.env.UPLOAD_MAX_BYTES
  let claim: IdempotencyClaim | undefined
  if (request.idempotencyKey) {
    const scope = request.idempotencyScope ?? 'document-upload'
    const started = await startIdempotent(deps.db, {
      key: request.idempotencyKey,
      scope,
      userId: request.userId,
      requestHash: hashRequest('document-upload', request.client.id),
      now: deps.clock.now(),
      waitMs: request.idempotencyWaitMs,
    })
    if (started.kind === 'replay') return { status: 201, body: started.body as { documents: Document[] }, replayed: true }
    claim = started.claim
  }

  const stored: SniffedBlob[] = []
  let committed = false
  try {
    const { documentTypeId, jurisdiction, dateReceived, type, servedOn, kind } = await receive(async (file) => {
      stored.push(await sniffAndStore(deps, { prefix: documentKeyPrefix(request.client.id), rawName: file.rawName, stream: file.stream, maxBytes }))
    })
    // Service of process: served on the day given (else the day received) and answered by the estimated date.
    const service = type.name === SERVICE_OF_PROCESS ? { servedOn, responseDueOn: estimatedAnswerDate(servedOn!, jurisdiction) } : {}

    const now = deps.clock.now()
    const answer = await deps.db.transaction(async (tx) => {
      const rows = await tx
        .insert(documents)
        .values(
          stored.map((file) => ({
            clientId: request.client.id,
            documentTypeId,
            jurisdiction,
            dateReceived,
            uploadedAt: now,
            uploadedBy: request.userId,
            fileName: file.name,
            storageKey: file.key,
            contentType: file.contentType,
            sizeBytes: file.size,
            sha256: file.sha256,
            kind,
            ...service,
          })),
        )
        .returning({ id: documents.id })
      const ids = rows.map((r) => r.id)
      // Their words are read after the answer, by the text reader (./text/queue.ts).
      await queueDocumentText(tx, ids, now)
      // Service of process is urgent: pushed at high urgency and e-mailed to every user and the attorney.
      const urgent = type.name === SERVICE_OF_PROCESS
      for (const documentId of ids) {
        await notifyClient(
          tx,
          request.client.id,
          kind === 'envelope' ? `New mail received (envelope): ${type.name}. Choose what happens to it` : `New document received: ${type.name}`,
          { documentId, kind: urgent ? 'service-of-process' : 'new-mail', urgent },
          now,
        )
      }
      // The client's rule for the type (forward the original, shred the paper), in this transaction.
      await applyMailRulesIn(tx, deps, { client: request.client, documentIds: ids, documentTypeId, typeName: type.name, dateReceived, kind }, now)
      await recordAudit(tx, {
        at: now,
        actorUserId: request.userId,
        action: 'document.upload',
        entity: 'client',
        entityId: String(request.client.id),
        details: { documentIds: ids, kind, files: stored.map((f) => ({ name: f.name, size: f.size, type: f.type })) },
        requestId: request.requestId,
      })
      const created = (await selectDocuments(tx).where(inArray(documents.id, ids)).orderBy(asc(documents.id))).map((row) =>
        toDocument(row, now, { withClient: true }),
      )
      if (claim) await completeIdempotent(tx, claim, 201, { documents: created })
      await request.onCreated?.(tx, created)
      return created
    })
    committed = true
    textQueued.emit('queued')
    return { status: 201, body: { documents: answer }, replayed: false }
  } finally {
    if (!committed) {
      await Promise.all(
        stored.map((file) =>
          deps.blobs.delete(file.key).catch((error) => deps.logger.error('could not delete an uploaded file', { key: file.key, error: String(error) })),
        ),
      )
      await releaseIdempotent(deps.db, claim).catch(() => {})
    }
  }
}

/** The jurisdiction of mail from the state (JURISDICTIONS). */
const STATE_JURISDICTION = 2

/** The fields every upload sends (servedOn and kind are optional). */
const FIELD_NAMES = ['documentTypeId', 'jurisdiction', 'dateReceived']

export interface CheckedFields {
  documentTypeId: number
  jurisdiction: number
  dateReceived: string
  type: { id: number; name: string }
  /** Service of process only: the day it was served. */
  servedOn?: string
  /** A scan of the mail, or the image of its envelope. */
  kind: DocumentKind
}

/** Mail always opened and scanned, whatever the client's mail handling: service of process, and mail from the state. */
export function alwaysScanned(type: { name: string }, jurisdiction: number): boolean {
  return type.name === SERVICE_OF_PROCESS || jurisdiction === STATE_JURISDICTION
}

/**
 * The fields of an upload (documentTypeId, jurisdiction, dateReceived, servedOn), as the multipart form
 * and a resumable upload's metadata carry them: 422 with a readable reason for each problem.
 */
export async function checkUploadFields(deps: AppDeps, fields: Record<string, string>): Promise<CheckedFields> {
  assertNoControlCharacters(fields, 'form')
  // A form's empty "Date served" is no date.
  const { servedOn: givenServedOn, ...rest } = fields
  const parsed = v.safeParse(DocumentUploadFieldsSchema, givenServedOn ? fields : rest)
  if (!parsed.success) throw validationError(parsed.issues, 'form')
  const { documentTypeId, jurisdiction, dateReceived, kind } = parsed.output
  checkDateReceived(dateReceived, deps.clock.now())
  const [type] = await deps.db.select().from(documentTypes).where(eq(documentTypes.id, documentTypeId))
  if (!type) throw unprocessable('Unknown document type', 'Choose a document type from the list')
  if (kind === 'envelope' && alwaysScanned(type, jurisdiction)) {
    const what = type.name === SERVICE_OF_PROCESS ? 'Service of process' : 'State mail'
    throw new HttpError(
      422,
      'This mail is always opened and scanned',
      `${what} is always opened and scanned: upload the scan of its contents, not the envelope`,
      [{ path: 'kind', message: `kind: ${what} cannot be uploaded as an envelope` }],
    )
  }
  if (type.name !== SERVICE_OF_PROCESS) {
    if (parsed.output.servedOn) throw unprocessable('Invalid date served', 'Date served is only for service of process')
    return { documentTypeId, jurisdiction, dateReceived, type, kind }
  }
  const servedOn = parsed.output.servedOn ?? dateReceived
  if (servedOn > dateReceived) throw unprocessable('Invalid date served', 'Date served cannot be after the date received')
  if (servedOn < '2000-01-01') throw unprocessable('Invalid date served', 'Date served must be in the year 2000 or later')
  return { documentTypeId, jurisdiction, dateReceived, type, servedOn, kind }
}

function checkDateReceived(dateReceived: string, now: Date) {
  const day = DateTime.fromISO(dateReceived, { zone: 'America/New_York' })
  if (!day.isValid) throw unprocessable('Invalid date received', `${dateReceived} is not a valid date`)
  if (dateReceived > todayInFlorida(now)) throw unprocessable('Invalid date received', 'Date received cannot be in the future')
  if (dateReceived < '2000-01-01') throw unprocessable('Invalid date received', 'Date received must be in the year 2000 or later')
}
