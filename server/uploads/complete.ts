import type { Readable } from 'node:stream'
import type { AppDeps } from '../context'
import { findClient } from '../clients/queries'
import { checkUploadFields, createDocuments } from '../documents/upload'
import { HttpError, notFound } from '../http/errors'
import { findUpload, markCompleted, markRefused, type UploadRow } from './queries'
import { uploadStore } from './store'

/** How long a completion waits for the same upload being completed by another request or server. */
const CONCURRENT_WAIT_MS = 10_000

/**
 * Turns a completed upload into the client's document, exactly once: through the same creation as the
 * multipart route (createDocuments: content checks, fields, notifications, audit, Idempotency-Key),
 * with the upload's row marked completed in the document's transaction. The upload's key is the
 * sender's Idempotency-Key when it gave one (two uploads under one key make one document, as two
 * multipart requests would), else the upload's own id; a second completion of the same upload (a
 * repeated last PATCH, another server) waits for the first and gets its document. A refusal (not a
 * PDF, a type since removed) is kept on the row and the bytes are dropped; a failure of our own (the
 * document store unavailable) keeps the bytes, so the last request can be sent again.
 */
export async function completeUpload(deps: AppDeps, upload: UploadRow, requestId?: string): Promise<{ documentId: number | null }> {
  const { datastore } = uploadStore(deps)
  const client = await findClient(deps.db, upload.clientId)
  try {
    if (!client) throw notFound('Client')
    const answer = await createDocuments(
      deps,
      {
        client: { id: client.id, companyName: client.companyName },
        userId: upload.userId,
        idempotencyKey: upload.idempotencyKey ?? upload.id,
        idempotencyScope: upload.idempotencyKey ? undefined : 'document-tus-upload',
        idempotencyWaitMs: CONCURRENT_WAIT_MS,
        requestId,
        async onCreated(tx, documents) {
          if (!(await markCompleted(tx, upload.id, documents[0]?.id ?? null, deps.clock.now()))) {
            throw new HttpError(409, 'This upload is already complete', 'This upload was already turned into a document')
          }
        },
      },
      async (store) => {
        const fields = await checkUploadFields(deps, upload.fields)
        const stream = await (datastore as typeof datastore & { read(id: string): Readable | Promise<Readable> }).read(upload.id)
        await store({ rawName: upload.fileName, stream })
        return fields
      },
    )
    const documentId = answer.body.documents[0]?.id ?? null
    // A replay (another upload under the same key made the document): this one is complete too.
    if (answer.replayed) await markCompleted(deps.db, upload.id, documentId, deps.clock.now())
    await removeBytes(deps, upload.id)
    return { documentId }
  } catch (error) {
    if (error instanceof HttpError && error.status === 409) {
      // Completed meanwhile by another request: its document is this upload's.
      const now = await findUpload(deps.db, upload.id)
      if (now?.completedAt) return { documentId: now.documentId }
    }
    if (error instanceof HttpError && error.status >= 400 && error.status < 500 && error.status !== 409) {
      await markRefused(deps.db, upload.id, { status: error.status, body: { detail: error.detail, details: error.details } })
      await removeBytes(deps, upload.id)
    }
    throw error
  }
}

/** The bytes of a finished or refused upload are not needed any more (the sweep removes any left). */
export async function removeBytes(deps: AppDeps, id: string): Promise<void> {
  await uploadStore(deps)
    .datastore.remove(id)
    .catch((error: unknown) => {
      // Already gone (removed when it finished, or never written): nothing to do.
      if ((error as { status_code?: number }).status_code === 404) return
      deps.logger.warn('could not remove the bytes of an upload', { uploadId: id, error: String(error) })
    })
}
