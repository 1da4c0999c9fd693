import { EventEmitter } from 'node:events'
import type { Readable } from 'node:stream'
import { and, asc, eq, inArray, isNotNull, lte, notExists, sql } from 'drizzle-orm'
import type { AppDeps } from '../../context'
import { claimRows } from '../../db/claim'
import type { Db, Tx } from '../../db/client'
import { documents, documentTexts } from '../../db/schema'
import { errorForLog } from '../../logger'
import { startQueueLoop, type QueueLoop } from '../../jobs/queue-loop'
import { TextThread } from './thread'

/**
 * The text reader's queue, kept in the database (document_texts): a document is queued in its upload's
 * transaction, read by one server's reader one at a time, off the request path, and read again after a
 * stop (a row left 'reading' is taken again once its hold ends).
 */

/** Attempts before a document is marked failed. */
export const MAX_ATTEMPTS = 3
/**
 * How long a reader holds a document it is reading before another may take it again; each page read
 * renews the hold (at most once a minute), so a long PDF is never taken while it is still being read.
 */
const HOLD_MS = 10 * 60_000
const HOLD_RENEWAL_MS = 60_000

/** Tells this server's reader that a document was queued (a hint: it also polls). */
export const textQueued = new EventEmitter()

/** Queues the documents' files to be read (in the transaction that stores them). */
export async function queueDocumentText(tx: Db | Tx, documentIds: number[], now: Date): Promise<void> {
  if (!documentIds.length) return
  await tx
    .insert(documentTexts)
    .values(documentIds.map((documentId) => ({ documentId, nextAt: now, updatedAt: now })))
    .onConflictDoNothing()
}

/** The documents stored before the reader existed (or by the demo seed): queued once, at start. */
export async function queueUnreadDocuments(db: Db, now: Date): Promise<number> {
  const at = now.toISOString()
  const queued = await db.execute(sql`
    insert into ${documentTexts} (${sql.identifier('document_id')}, ${sql.identifier('next_at')}, ${sql.identifier('updated_at')})
    select ${documents.id}, ${at}::timestamptz, ${at}::timestamptz from ${documents}
    where ${and(
      eq(documents.status, 'active'),
      isNotNull(documents.storageKey),
      notExists(
        db
          .select({ one: sql`1` })
          .from(documentTexts)
          .where(eq(documentTexts.documentId, documents.id)),
      ),
    )}
    on conflict do nothing
    returning 1`)
  return Array.isArray(queued) ? queued.length : ((queued as { rows?: unknown[] }).rows?.length ?? 0)
}

/** Staff ask for a document to be read again (after a failure): queued now, with its attempts anew. */
export async function retryDocumentText(db: Db, documentId: number, now: Date): Promise<void> {
  await db
    .insert(documentTexts)
    .values({ documentId, nextAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: documentTexts.documentId, set: { state: 'queued', attempts: 0, nextAt: now, error: null, updatedAt: now } })
  textQueued.emit('queued')
}

/** Takes the next document due, holding it for HOLD_MS. */
async function claimNext(db: Db, now: Date) {
  const [row] = await claimRows(
    db,
    (tx) =>
      tx
        .select({ documentId: documentTexts.documentId })
        .from(documentTexts)
        .where(and(inArray(documentTexts.state, ['queued', 'reading']), lte(documentTexts.nextAt, now)))
        .orderBy(asc(documentTexts.nextAt))
        .limit(1)
        .for('update', { skipLocked: true }),
    (tx, keys) =>
      tx
        .update(documentTexts)
        .set({ state: 'reading', attempts: sql`${documentTexts.attempts} + 1`, nextAt: new Date(now.getTime() + HOLD_MS), updatedAt: now })
        .where(
          inArray(
            documentTexts.documentId,
            keys.map((k) => k.documentId),
          ),
        )
        .returning({ documentId: documentTexts.documentId, attempts: documentTexts.attempts }),
  )
  return row
}

async function readAll(stream: Readable, limit: number): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    size += (chunk as Buffer).length
    if (size > limit) {
      stream.destroy()
      throw new Error('the file is larger than the upload limit')
    }
    chunks.push(chunk as Buffer)
  }
  // A copy of its own, so the thread can be handed the buffer.
  return new Uint8Array(Buffer.concat(chunks, size))
}

/** Reads one due document, if any; false when none was due. */
export async function readNextDocument(deps: Pick<AppDeps, 'db' | 'blobs' | 'clock' | 'logger' | 'env'>, thread: TextThread): Promise<boolean> {
  const claimed = await claimNext(deps.db, deps.clock.now())
  if (!claimed) return false
  const started = performance.now()
  const finish = (values: Partial<typeof documentTexts.$inferInsert>) =>
    deps.db
      .update(documentTexts)
      .set({ ...values, updatedAt: deps.clock.now() })
      .where(eq(documentTexts.documentId, claimed.documentId))
  try {
    const [document] = await deps.db
      .select({ storageKey: documents.storageKey, contentType: documents.contentType, status: documents.status })
      .from(documents)
      .where(eq(documents.id, claimed.documentId))
    if (!document) return true
    if (!document.storageKey) {
      await finish({ state: 'failed', nextAt: null, error: 'The file was shredded before it could be read' })
      return true
    }
    const file = await deps.blobs.get(document.storageKey)
    if (!file) {
      await finish({ state: 'failed', nextAt: null, error: 'The file could not be found in the document store' })
      return true
    }
    const bytes = await readAll(file, deps.env.UPLOAD_MAX_BYTES)
    let heldAt = performance.now()
    const renewHold = () => {
      if (performance.now() - heldAt < HOLD_RENEWAL_MS) return
      heldAt = performance.now()
      deps.db
        .update(documentTexts)
        .set({ nextAt: new Date(deps.clock.now().getTime() + HOLD_MS) })
        .where(and(eq(documentTexts.documentId, claimed.documentId), eq(documentTexts.state, 'reading')))
        .catch((error: unknown) => deps.logger.warn('could not renew a text reading hold', { documentId: claimed.documentId, error: errorForLog(error) }))
    }
    const text = await thread.read(bytes, document.contentType, renewHold)
    await finish({ state: 'done', nextAt: null, error: null, body: text })
    deps.logger.debug('document text read', { documentId: claimed.documentId, chars: text.length, ms: Math.round(performance.now() - started) })
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    const last = claimed.attempts >= MAX_ATTEMPTS
    deps.logger.warn('could not read a document text', { documentId: claimed.documentId, attempt: claimed.attempts, error: errorForLog(error) })
    // Tried again after 1, then 4 minutes; then failed until staff retry.
    await finish(
      last
        ? { state: 'failed', nextAt: null, error: message }
        : { state: 'queued', nextAt: new Date(deps.clock.now().getTime() + claimed.attempts ** 2 * 60_000), error: message },
    )
  }
  return true
}

export type TextReader = QueueLoop

/**
 * Reads queued documents one at a time: shortly after an upload on this server (a hint), and every
 * `pollMs` for retries and for documents queued by other servers. Starts by queueing the documents that
 * have no text yet.
 */
export function startTextReader(deps: AppDeps, options: { pollMs?: number; thread?: TextThread } = {}): TextReader {
  const thread = options.thread ?? new TextThread()
  let queuedOld = false
  const loop = startQueueLoop({
    name: 'text reader',
    logger: deps.logger,
    hints: textQueued,
    hintDelaysMs: [20, 500],
    pollMs: options.pollMs ?? 5_000,
    firstPassMs: 1_000,
    pass: async (stopped) => {
      if (!queuedOld) {
        const count = await queueUnreadDocuments(deps.db, deps.clock.now())
        queuedOld = true
        if (count) deps.logger.info('documents queued to have their text read', { count })
      }
      while (!stopped() && (await readNextDocument(deps, thread))) {
        // One at a time, until none is due.
      }
    },
  })
  return {
    drain: loop.drain,
    async stop() {
      await loop.stop()
      await thread.close()
    },
  }
}
