import { Hono, type Context } from 'hono'
import { Readable } from 'node:stream'
import * as v from 'valibot'
import {
  DOCUMENT_ARCHIVE_MAX,
  DocumentArchiveBodySchema,
  type DocumentArchiveFilter,
  DocumentListQuerySchema,
  DocumentReadBodySchema,
  type Document,
  type DocumentText,
} from '../../contract/documents'
import { IdParamsSchema } from '../../contract/common'
import { access, assertClientArea, hasPermission, isAgent, isClient } from '../auth/policy'
import type { AppEnv, Caller } from '../context'
import { findClient } from '../clients/queries'
import { idempotencyKeyOf } from '../idempotency'
import { contentDisposition } from '../documents/naming'
import {
  deleteDocument,
  downloadNameOf,
  findDocument,
  listDocuments,
  listDocumentTypes,
  markDocumentRead,
  markDocumentUnread,
  findDocuments,
  documentTextOf,
  toDocument,
  type DocumentRow,
} from '../documents/queries'
import { documentArchive } from '../documents/archive'
import { retryDocumentText } from '../documents/text/queue'
import { searchWords } from '../../contract/text-snippet'
import { daysLeftChangeAt, displayDate, shredDueAt } from '../documents/retention'
import { receiveUpload } from '../documents/upload'
import { conflict, errorBody, forbidden, HttpError, notFound } from '../http/errors'
import { cachedJson, defineAnswerCache, type AnswerLife } from '../http/cached-json'
import { requestedRange } from '../http/range'
import { FILE_HEADERS } from '../http/security'
import { validate } from '../http/validate'
import type { BlobStore } from '../storage/blob-store'

const ClientIdParamsSchema = v.object({ clientId: IdParamsSchema.entries.id })
const FileQuerySchema = v.object({ inline: v.optional(v.picklist(['true', 'false'], 'inline must be true or false'), 'false') })

/** Agents need DCV to see documents; a client sees only its own (another client's answer 404), with a role that sees documents. */
function assertCanView(caller: Caller, document?: Pick<DocumentRow, 'clientId'>) {
  if (isClient(caller)) {
    if (document && document.clientId !== caller.clientId) throw notFound('Document')
    assertClientArea(caller, 'documents')
    return
  }
  if (!isAgent(caller)) throw notFound('Document')
  if (!hasPermission(caller, 'DCV')) throw forbidden('You do not have permission to view documents')
}

async function loadVisibleDocument(c: Context<AppEnv>, id: number): Promise<DocumentRow> {
  assertCanView(c.get('caller'))
  const row = await findDocument(c.get('deps').db, id)
  if (!row) throw notFound('Document')
  assertCanView(c.get('caller'), row)
  return row
}

/** The document lists: documents with their type, client, live mail request and its history. */
const documentLists = defineAnswerCache({
  name: 'document list',
  tables: ['documents', 'document_types', 'document_requests', 'document_request_events', 'clients', 'document_texts', 'mail_actions'],
})

/** A page of a document list as answered, cached no longer than until one of its documents' days left change. */
function documentPage(c: Context<AppEnv>, rows: DocumentRow[], life: AnswerLife, q: string | undefined, options: { withClient?: boolean } = {}): Document[] {
  const now = c.get('deps').clock.now()
  for (const row of rows) {
    const changesAt = daysLeftChangeAt(row.uploadedAt, row.status, now)
    if (changesAt !== null) life.changesAt(changesAt)
  }
  // Staff see how reading each document's words went (and may retry); the searched words make the snippet.
  const more = { withTextState: isAgent(c.get('caller')), words: q ? searchWords(q) : [] }
  return rows.map((row) => toDocument(row, now, { ...options, ...more }))
}

/** The chosen documents, in the order given; one the caller may not see refuses the whole (404). */
async function chosenDocuments(c: Context<AppEnv>, documentIds: number[]): Promise<DocumentRow[]> {
  const caller = c.get('caller')
  const ids = [...new Set(documentIds)]
  const found = await findDocuments(c.get('deps').db, ids)
  const byId = new Map(found.map((row) => [row.id, row]))
  for (const id of ids) {
    const row = byId.get(id)
    if (!row) throw notFound('Document')
    assertCanView(caller, row)
  }
  return ids.map((id) => byId.get(id)!)
}

/**
 * "All matching": the documents a list with these search and filters shows, in its order, within the
 * same access rules (a client's own documents only; staff across clients, or one client's). More than
 * DOCUMENT_ARCHIVE_MAX is refused with the count, so nobody gets a ZIP silently cut short.
 */
async function matchingDocuments(c: Context<AppEnv>, filter: DocumentArchiveFilter): Promise<DocumentRow[]> {
  const caller = c.get('caller')
  const { sort, order, ...filters } = filter
  const own = caller.clientId
  if (own !== null && filters.clientId !== undefined && filters.clientId !== own) throw notFound('Client')
  const scope = own !== null ? { clientId: own } : { searchCompany: true }
  const { rows, total, totalIsEstimate } = await listDocuments(
    c.get('deps').db,
    { ...filters, ...scope },
    { page: 1, pageSize: DOCUMENT_ARCHIVE_MAX + 1, sort, order },
  )
  if (!rows.length) throw new HttpError(404, 'No document matches', 'No document matches this search and these filters')
  if (rows.length > DOCUMENT_ARCHIVE_MAX) {
    const count = totalIsEstimate ? `About ${total.toLocaleString('en-US')}` : total.toLocaleString('en-US')
    throw new HttpError(
      422,
      'Too many documents for one download',
      `${count} documents match; at most ${DOCUMENT_ARCHIVE_MAX} can be downloaded as one ZIP. Narrow the search or the filters.`,
    )
  }
  return rows
}

/** A document's file missing from the store refuses the archive before it starts, naming the document. */
async function assertFilesStored(blobs: BlobStore, rows: DocumentRow[]): Promise<void> {
  const stored = rows.filter((row) => row.status === 'active' && row.storageKey)
  // A few at a time: with S3 each is a request.
  for (let at = 0; at < stored.length; at += 16) {
    const batch = stored.slice(at, at + 16)
    const present = await Promise.all(batch.map((row) => blobs.exists(row.storageKey!)))
    const missing = batch.find((_, i) => !present[i])
    if (missing) {
      const received = displayDate(new Date(`${missing.dateReceived}T12:00:00Z`))
      throw new HttpError(
        409,
        'A document file is missing',
        `The file of document #${missing.id} (${missing.companyName}, ${missing.typeName}, received ${received}) is missing from the document store; leave it out or ask support.`,
      )
    }
  }
}

export const documentRoutes = new Hono<AppEnv>()
  .get('/document-types', access.signedIn(), async (c) => {
    return c.json(await listDocumentTypes(c.get('deps').db))
  })

  // Mailroom upload: multipart with documentTypeId, jurisdiction, dateReceived and one or more files.
  .post('/document/client/:id', access.agent(), validate('param', IdParamsSchema), async (c) => {
    const { id } = c.req.valid('param')
    const deps = c.get('deps')
    const caller = c.get('caller')
    const client = await findClient(deps.db, id)
    if (!client) throw notFound('Client')
    const result = await receiveUpload(deps, {
      client: { id: client.id, companyName: client.companyName },
      userId: caller.userId,
      contentType: c.req.header('content-type'),
      contentLength: c.req.header('content-length'),
      body: c.req.raw.body,
      idempotencyKey: idempotencyKeyOf(c.req.header('idempotency-key')),
      requestId: c.get('requestId'),
    })
    if (result.replayed) c.header('Idempotent-Replayed', 'true')
    return c.json(result.body, result.status)
  })

  .get(
    '/client/documents/:clientId',
    access.ownClient('clientId', 'documents', 'DCV'),
    validate('param', ClientIdParamsSchema),
    validate('query', DocumentListQuerySchema),
    async (c) => {
      const { clientId } = c.req.valid('param')
      const query = c.req.valid('query')
      const deps = c.get('deps')
      return cachedJson(c, documentLists, query, async (life) => {
        if (!isClient(c.get('caller'))) {
          if (!(await findClient(deps.db, clientId))) throw notFound('Client')
        }
        const { rows, ...total } = await listDocuments(deps.db, { ...query, clientId }, query)
        return { data: documentPage(c, rows, life, query.q), ...total, page: query.page, pageSize: query.pageSize }
      })
    },
  )

  // All documents across clients (provider "Documents").
  .get('/documents', access.agent('DCV'), validate('query', DocumentListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    return cachedJson(c, documentLists, query, async (life) => {
      const { rows, ...total } = await listDocuments(c.get('deps').db, { ...query, searchCompany: true }, query)
      return { data: documentPage(c, rows, life, query.q, { withClient: true }), ...total, page: query.page, pageSize: query.pageSize }
    })
  })

  // Many documents as one ZIP, streamed (names as each downloads alone; shredded ones listed in MANIFEST.txt):
  // the chosen ones, or every one matching a list's search and filters (at most DOCUMENT_ARCHIVE_MAX).
  // A client only its own; staff with DCV across clients. Any document not the caller's refuses the whole.
  .post('/documents/archive', access.signedIn(), validate('json', DocumentArchiveBodySchema), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    assertCanView(caller)
    const body = c.req.valid('json')
    const rows = body.filter ? await matchingDocuments(c, body.filter) : await chosenDocuments(c, body.documentIds ?? [])
    await assertFilesStored(deps.blobs, rows)
    const now = deps.clock.now()
    const archive = documentArchive(rows, deps.blobs, deps.logger, now)
    const name = new Set(rows.map((row) => row.clientId)).size === 1 ? rows[0].companyName : 'Documents'
    return new Response(Readable.toWeb(archive) as ReadableStream<Uint8Array>, {
      status: 200,
      headers: {
        ...FILE_HEADERS,
        'Content-Type': 'application/zip',
        'Content-Disposition': contentDisposition(
          'attachment',
          `${name.replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '') || 'Documents'}_${now.toISOString().slice(0, 10)}.zip`,
        ),
      },
    })
  })

  // The words read from a document (the PWA keeps those of the documents opened, to search them offline).
  .get('/document/:id/text', access.signedIn(), validate('param', IdParamsSchema), async (c) => {
    const { id } = c.req.valid('param')
    await loadVisibleDocument(c, id)
    return c.json({ documentId: id, text: await documentTextOf(c.get('deps').db, id) } satisfies DocumentText)
  })

  // Staff: read a document's words again (after a failure, or a poor reading).
  .post('/document/:id/text/retry', access.agent('DCV'), validate('param', IdParamsSchema), async (c) => {
    const { id } = c.req.valid('param')
    const deps = c.get('deps')
    const row = await loadVisibleDocument(c, id)
    if (row.status !== 'active' || !row.storageKey) throw new HttpError(409, 'This document was shredded', 'A shredded document has no file to read')
    await retryDocumentText(deps.db, id, deps.clock.now())
    return c.json({ textState: 'queued' as const }, 202)
  })

  // The file itself. A client opening its own document marks it read.
  .get('/document/:id', access.signedIn(), validate('param', IdParamsSchema), validate('query', FileQuerySchema), async (c) => {
    const { id } = c.req.valid('param')
    const { inline } = c.req.valid('query')
    const deps = c.get('deps')
    const caller = c.get('caller')
    const row = await loadVisibleDocument(c, id)
    if (row.status !== 'active' || !row.storageKey) {
      const when = displayDate(row.shreddedAt ?? deps.clock.now())
      // Before its 60 days were over: shredded at the client's request.
      const early = row.shreddedAt != null && row.shreddedAt < shredDueAt(row.uploadedAt)
      throw new HttpError(
        410,
        `This document was shredded on ${when}`,
        `This document was shredded on ${when}, ${early ? 'as the client asked' : '60 days after it was received'}`,
      )
    }
    const etag = `"${row.sha256}"`
    const headers: Record<string, string> = { ...FILE_HEADERS, ETag: etag }
    const markRead = async () => {
      if (!isClient(caller)) return
      // A write made by a read: the cached answers read from documents are dropped at once, as after a write request.
      if (await markDocumentRead(deps.db, row, caller, deps.clock.now())) deps.answers?.drop('documents')
    }
    const ifNoneMatch = c.req.header('if-none-match')
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      await markRead()
      return c.body(null, 304, headers)
    }
    // Large PDFs open page by page: a viewer asks for byte ranges.
    const wanted = requestedRange(c.req.header('range'), row.sizeBytes, { header: c.req.header('if-range'), etag })
    if (wanted.kind === 'unsatisfiable') {
      return c.json(errorBody('Range not satisfiable', `This file has ${row.sizeBytes} bytes`), 416, { 'Content-Range': `bytes */${row.sizeBytes}` })
    }
    const range = wanted.kind === 'part' ? wanted.range : undefined
    const file = await deps.blobs.get(row.storageKey, { range })
    if (!file) {
      deps.logger.error('document file missing from the blob store', { documentId: row.id, key: row.storageKey, requestId: c.get('requestId') })
      throw new HttpError(404, 'Document file not found', 'The file of this document could not be found; please contact support')
    }
    await markRead()
    return new Response(Readable.toWeb(file) as ReadableStream<Uint8Array>, {
      status: range ? 206 : 200,
      headers: {
        ...headers,
        'Accept-Ranges': 'bytes',
        'Content-Type': row.contentType,
        'Content-Length': String(range ? range.end - range.start + 1 : row.sizeBytes),
        ...(range ? { 'Content-Range': `bytes ${range.start}-${range.end}/${row.sizeBytes}` } : {}),
        'Content-Disposition': contentDisposition(inline === 'true' ? 'inline' : 'attachment', downloadNameOf(row)),
      },
    })
  })

  // Mark read (or unread again) without opening the file. The client's own flag: agents cannot change it.
  .patch('/document/:id/read', access.client('documents'), validate('param', IdParamsSchema), validate('json', DocumentReadBodySchema), async (c) => {
    const { id } = c.req.valid('param')
    const { isRead } = c.req.valid('json')
    const deps = c.get('deps')
    const row = await loadVisibleDocument(c, id)
    if (isRead) await markDocumentRead(deps.db, row, c.get('caller'), deps.clock.now())
    else await markDocumentUnread(deps.db, id)
    const updated = (await findDocument(deps.db, id))!
    return c.json(toDocument(updated, deps.clock.now()) satisfies Document)
  })

  // Delete a document and its file (agents with DCD).
  .delete('/client/document/:id', access.signedIn(), validate('param', IdParamsSchema), async (c) => {
    const { id } = c.req.valid('param')
    const deps = c.get('deps')
    const caller = c.get('caller')
    if (!isAgent(caller) || !hasPermission(caller, 'DCD')) throw forbidden('You do not have permission to delete documents')
    const deleted = await deleteDocument(deps.db, id, { at: deps.clock.now(), actorUserId: caller.userId, requestId: c.get('requestId') })
    if (deleted.kind === 'open-request') {
      throw conflict(
        'This document has an open mail request',
        `This document has an open mail request (#${deleted.requestId}); cancel the request before deleting the document`,
      )
    }
    if (deleted.kind === 'not-found') throw notFound('Document')
    const { storageKey } = deleted
    if (storageKey) {
      // The record is gone; a file left behind by a failure here is removed by the orphan sweep.
      await deps.blobs.delete(storageKey).catch((error) => deps.logger.error('could not delete a document file', { key: storageKey, error: String(error) }))
    }
    return c.json({ message: 'Document deleted successfully' as const })
  })
