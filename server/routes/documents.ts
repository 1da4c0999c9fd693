import { and, asc, eq, inArray, isNull } from 'drizzle-orm'
import { Hono } from 'hono'
import { Readable } from 'node:stream'
import * as v from 'valibot'
import { OPEN_REQUEST_STATUSES } from '../../contract/document-requests'
import { DocumentListQuerySchema, DocumentReadBodySchema, type Document } from '../../contract/documents'
import { IdParamsSchema } from '../../contract/common'
import { access, hasPermission, isAgent, isClient } from '../auth/policy'
import type { AppEnv, Caller } from '../context'
import type { Db } from '../db/client'
import { auditEvents, clients, documentRequests, documents, documentTypes, notifications } from '../db/schema'
import { idempotencyKeyOf } from '../documents/idempotency'
import { contentDisposition } from '../documents/naming'
import { downloadNameOf, findDocument, listDocuments, toDocument, type DocumentRow } from '../documents/queries'
import { displayDate } from '../documents/retention'
import { receiveUpload } from '../documents/upload'
import { conflict, forbidden, HttpError, notFound } from '../http/errors'
import { validate } from '../http/validate'

const ClientIdParamsSchema = v.object({ clientId: IdParamsSchema.entries.id })
const FileQuerySchema = v.object({ inline: v.optional(v.picklist(['true', 'false'], 'inline must be true or false'), 'false') })

/** Agents need DCV to see documents; a client sees only its own (another client's answer 404). */
function assertCanView(caller: Caller, document?: Pick<DocumentRow, 'clientId'>) {
  if (isClient(caller)) {
    if (document && document.clientId !== caller.clientId) throw notFound('Document')
    return
  }
  if (!isAgent(caller)) throw notFound('Document')
  if (!hasPermission(caller, 'DCV')) throw forbidden('You do not have permission to view documents')
}

async function loadVisibleDocument(c: { var: AppEnv['Variables'] }, id: number): Promise<DocumentRow> {
  assertCanView(c.var.caller)
  const row = await findDocument(c.var.deps.db, id)
  if (!row) throw notFound('Document')
  assertCanView(c.var.caller, row)
  return row
}

/** The client has seen the document: so has it the bell's "New document received" about it. */
async function markDocumentRead(db: Db, row: DocumentRow, now: Date) {
  await db.transaction(async (tx) => {
    await tx
      .update(documents)
      .set({ isRead: true, readAt: now })
      .where(and(eq(documents.id, row.id), eq(documents.isRead, false)))
    await tx
      .update(notifications)
      .set({ isRead: true })
      .where(and(eq(notifications.documentId, row.id), eq(notifications.clientId, row.clientId), isNull(notifications.documentRequestId), eq(notifications.isRead, false)))
  })
}

export const documentRoutes = new Hono<AppEnv>()
  .get('/document-types', access.signedIn(), async (c) => {
    const types = await c.var.deps.db.select({ id: documentTypes.id, name: documentTypes.name }).from(documentTypes).orderBy(asc(documentTypes.name))
    return c.json(types)
  })

  // Mailroom upload: multipart with documentTypeId, jurisdiction, dateReceived and one or more files.
  .post('/document/client/:id', access.agent(), validate('param', IdParamsSchema), async (c) => {
    const { id } = c.req.valid('param')
    const { deps, caller } = c.var
    const [client] = await deps.db.select({ id: clients.id, companyName: clients.companyName }).from(clients).where(eq(clients.id, id))
    if (!client) throw notFound('Client')
    const result = await receiveUpload(deps, {
      client,
      userId: caller.userId,
      contentType: c.req.header('content-type'),
      contentLength: c.req.header('content-length'),
      body: c.req.raw.body,
      idempotencyKey: idempotencyKeyOf(c.req.header('idempotency-key')),
      requestId: c.var.requestId,
    })
    if (result.replayed) c.header('Idempotent-Replayed', 'true')
    return c.json(result.body, result.status)
  })

  .get('/client/documents/:clientId', access.ownClient('clientId', 'DCV'), validate('param', ClientIdParamsSchema), validate('query', DocumentListQuerySchema), async (c) => {
    const { clientId } = c.req.valid('param')
    const query = c.req.valid('query')
    const { deps } = c.var
    if (!isClient(c.var.caller)) {
      const [client] = await deps.db.select({ id: clients.id }).from(clients).where(eq(clients.id, clientId))
      if (!client) throw notFound('Client')
    }
    const { rows, total } = await listDocuments(deps.db, { ...query, clientId }, query)
    const now = deps.clock.now()
    return c.json({ data: rows.map((row) => toDocument(row, now)), total, page: query.page, pageSize: query.pageSize })
  })

  // All documents across clients (provider "Documents").
  .get('/documents', access.agent('DCV'), validate('query', DocumentListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    const { deps } = c.var
    const { rows, total } = await listDocuments(deps.db, { ...query, searchCompany: true }, query)
    const now = deps.clock.now()
    return c.json({ data: rows.map((row) => toDocument(row, now, { withClient: true })), total, page: query.page, pageSize: query.pageSize })
  })

  // The file itself. A client opening its own document marks it read.
  .get('/document/:id', access.signedIn(), validate('param', IdParamsSchema), validate('query', FileQuerySchema), async (c) => {
    const { id } = c.req.valid('param')
    const { inline } = c.req.valid('query')
    const { deps, caller } = c.var
    const row = await loadVisibleDocument(c, id)
    if (row.status !== 'active' || !row.storageKey) {
      const when = displayDate(row.shreddedAt ?? deps.clock.now())
      throw new HttpError(410, `This document was shredded on ${when}`, `This document was shredded on ${when}, 60 days after it was received`)
    }
    const etag = `"${row.sha256}"`
    const headers: Record<string, string> = {
      ETag: etag,
      'Cache-Control': 'private, max-age=0',
      'X-Content-Type-Options': 'nosniff',
    }
    const markRead = async () => {
      if (isClient(caller) && !row.isRead) await markDocumentRead(deps.db, row, deps.clock.now())
    }
    const ifNoneMatch = c.req.header('if-none-match')
    if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag)) {
      await markRead()
      return c.body(null, 304, headers)
    }
    const file = await deps.blobs.get(row.storageKey)
    if (!file) {
      deps.logger.error('document file missing from the blob store', { documentId: row.id, key: row.storageKey, requestId: c.var.requestId })
      throw new HttpError(404, 'Document file not found', 'The file of this document could not be found; please contact support')
    }
    await markRead()
    return new Response(Readable.toWeb(file) as ReadableStream<Uint8Array>, {
      status: 200,
      headers: {
        ...headers,
        'Content-Type': row.contentType,
        'Content-Length': String(row.sizeBytes),
        'Content-Disposition': contentDisposition(inline === 'true' ? 'inline' : 'attachment', downloadNameOf(row)),
      },
    })
  })

  // Mark read (or unread again) without opening the file. The client's own flag: agents cannot change it.
  .patch('/document/:id/read', access.client(), validate('param', IdParamsSchema), validate('json', DocumentReadBodySchema), async (c) => {
    const { id } = c.req.valid('param')
    const { isRead } = c.req.valid('json')
    const { deps } = c.var
    const row = await loadVisibleDocument(c, id)
    if (isRead) await markDocumentRead(deps.db, row, deps.clock.now())
    else await deps.db.update(documents).set({ isRead: false, readAt: null }).where(eq(documents.id, id))
    const updated = (await findDocument(deps.db, id))!
    return c.json(toDocument(updated, deps.clock.now()) satisfies Document)
  })

  // Delete a document and its file (agents with DCD).
  .delete('/client/document/:id', access.signedIn(), validate('param', IdParamsSchema), async (c) => {
    const { id } = c.req.valid('param')
    const { deps, caller } = c.var
    if (!isAgent(caller) || !hasPermission(caller, 'DCD')) throw forbidden('You do not have permission to delete documents')
    const deleted = await deps.db.transaction(async (tx) => {
      // Locked so a mail request cannot be created for it meanwhile (see document-requests).
      const [locked] = await tx.select({ id: documents.id }).from(documents).where(eq(documents.id, id)).for('update')
      if (!locked) return null
      // A client waiting for the paper original must not lose it silently: cancel the request first.
      const [open] = await tx
        .select({ id: documentRequests.id })
        .from(documentRequests)
        .where(and(eq(documentRequests.documentId, id), inArray(documentRequests.status, [...OPEN_REQUEST_STATUSES])))
      if (open) {
        throw conflict(
          'This document has an open mail request',
          `This document has an open mail request (#${open.id}); cancel the request before deleting the document`,
        )
      }
      const [row] = await tx.delete(documents).where(eq(documents.id, id)).returning()
      if (!row) return null
      await tx.insert(auditEvents).values({
        at: deps.clock.now(),
        actorUserId: caller.userId,
        action: 'document.delete',
        entity: 'document',
        entityId: String(id),
        details: { clientId: row.clientId, fileName: row.fileName, status: row.status },
        requestId: c.var.requestId,
      })
      return row
    })
    if (!deleted) throw notFound('Document')
    if (deleted.storageKey) {
      // The record is gone; a file left behind by a failure here is removed by the orphan sweep.
      await deps.blobs.delete(deleted.storageKey).catch((error) => deps.logger.error('could not delete a document file', { key: deleted.storageKey, error: String(error) }))
    }
    return c.json({ message: 'Document deleted successfully' as const })
  })

