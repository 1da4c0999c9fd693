import { and, asc, eq, gt, inArray, lt, notExists } from 'drizzle-orm'
import { OPEN_REQUEST_STATUSES } from '../../contract/document-requests'
import type { AppDeps } from '../context'
import type { Tx } from '../db/client'
import { documentRequests, documents, mailActions } from '../db/schema'
import { DOCUMENT_KEY_PREFIX, storageKeyCreatedAt } from './naming'
import { retentionCutoff } from './retention'
import { recordAudit } from '../audit'

type ShredDeps = Pick<AppDeps, 'db' | 'blobs' | 'logger'>

/** A file written this long ago with no record is an orphan (the server stopped between write and insert). */
export const ORPHAN_AGE_MS = 60 * 60 * 1000

const openRequestOf = (documentId: number | typeof documents.id) =>
  and(eq(documentRequests.documentId, documentId), inArray(documentRequests.status, [...OPEN_REQUEST_STATUSES]))

/** An open client action that keeps the piece of mail (open and scan, hold): the shred job waits for it. */
const heldActionOf = (documentId: number | typeof documents.id) =>
  and(eq(mailActions.documentId, documentId), eq(mailActions.status, 'open'), inArray(mailActions.action, ['open-and-scan', 'hold']))

/**
 * Marks one active document shredded in `tx` (the record kept, its file key cleared) with the audit row
 * 'document.shred'; its file is deleted after the commit (deleteShreddedFile). Answers the file's key
 * (null: it had none), or undefined when the document is not active any more (shredded already).
 */
export async function markShredded(
  tx: Tx,
  id: number,
  now: Date,
  by: { actorUserId?: number; requestId?: string; reason?: string } = {},
): Promise<{ storageKey: string | null } | undefined> {
  const [row] = await tx
    .select({ storageKey: documents.storageKey })
    .from(documents)
    .where(and(eq(documents.id, id), eq(documents.status, 'active')))
    .for('update')
  if (!row) return undefined
  await tx.update(documents).set({ status: 'shredded', shreddedAt: now, storageKey: null }).where(eq(documents.id, id))
  await recordAudit(tx, {
    at: now,
    actorUserId: by.actorUserId,
    action: 'document.shred',
    entity: 'document',
    entityId: String(id),
    details: { storageKey: row.storageKey, ...(by.reason ? { reason: by.reason } : {}) },
    requestId: by.requestId,
  })
  return row
}

/**
 * Deletes the file of a document just shredded. A file already gone is fine; a failure is logged and
 * leaves an orphan for the sweep (sweepOrphanBlobs). Answers whether the delete went through.
 */
export async function deleteShreddedFile(deps: Pick<AppDeps, 'blobs' | 'logger'>, documentId: number, key: string): Promise<boolean> {
  try {
    await deps.blobs.delete(key)
    return true
  } catch (error) {
    deps.logger.error('could not delete a shredded document file', { documentId, key, error: String(error) })
    return false
  }
}

/**
 * Shreds every active document uploaded more than 60 days before `now` that has no open mail request:
 * the record is marked shredded (kept, with its requests and notifications), then its file is deleted.
 * Each document is claimed by a conditional update under a row lock, so two runs at once (two servers)
 * shred each document exactly once; a run repeated later finds nothing left to do.
 */
export async function shredExpiredDocuments(deps: ShredDeps, now: Date, batchSize = 100): Promise<{ shredded: number; failedFileDeletes: number }> {
  const cutoff = retentionCutoff(now)
  let lastId = 0
  let shredded = 0
  let failedFileDeletes = 0
  for (;;) {
    const batch = await deps.db
      .select({ id: documents.id })
      .from(documents)
      .where(
        and(
          eq(documents.status, 'active'),
          lt(documents.uploadedAt, cutoff),
          gt(documents.id, lastId),
          notExists(deps.db.select({ id: documentRequests.id }).from(documentRequests).where(openRequestOf(documents.id))),
          notExists(deps.db.select({ id: mailActions.id }).from(mailActions).where(heldActionOf(documents.id))),
        ),
      )
      .orderBy(asc(documents.id))
      .limit(batchSize)
    if (!batch.length) break
    lastId = batch[batch.length - 1].id

    for (const { id } of batch) {
      const claimed = await deps.db.transaction(async (tx) => {
        // The lock waits for a mail request being created for this document (it locks the row too);
        // the open-request check below then runs on a fresh snapshot and sees it.
        const [row] = await tx
          .select({ id: documents.id, storageKey: documents.storageKey })
          .from(documents)
          .where(and(eq(documents.id, id), eq(documents.status, 'active'), lt(documents.uploadedAt, cutoff)))
          .for('update')
        if (!row) return null
        const [open] = await tx.select({ id: documentRequests.id }).from(documentRequests).where(openRequestOf(id))
        if (open) return null
        const [openAction] = await tx.select({ id: mailActions.id }).from(mailActions).where(heldActionOf(id))
        if (openAction) return null
        const marked = await markShredded(tx, id, now)
        return marked ? row : null
      })
      if (!claimed) continue
      shredded++
      if (claimed.storageKey && !(await deleteShreddedFile(deps, id, claimed.storageKey))) failedFileDeletes++
    }
    if (batch.length < batchSize) break
  }
  return { shredded, failedFileDeletes }
}

/** Files kept under one key prefix, and the table whose records point to them. */
export interface BlobOwner {
  prefix: string
  /** Which of `keys` a record points to. */
  referenced(db: AppDeps['db'], keys: string[]): Promise<string[]>
}

export const documentFiles: BlobOwner = {
  prefix: DOCUMENT_KEY_PREFIX,
  async referenced(db, keys) {
    const rows = await db.select({ key: documents.storageKey }).from(documents).where(inArray(documents.storageKey, keys))
    return rows.map((row) => row.key!)
  },
}

/**
 * Deletes files that no record points to and that are older than an hour: left by a server that stopped
 * between writing a file and inserting its record, or by a file delete that failed. The age comes from
 * the key (a UUIDv7), so young files of uploads still in flight are never touched. `owners` names the
 * prefixes to sweep (document files unless told otherwise).
 */
export async function sweepOrphanBlobs(
  deps: ShredDeps,
  now: Date,
  owners: readonly BlobOwner[] = [documentFiles],
  batchSize = 500,
): Promise<{ orphansDeleted: number }> {
  const before = now.getTime() - ORPHAN_AGE_MS
  let orphansDeleted = 0
  for (const owner of owners) {
    let batch: string[] = []
    const flush = async () => {
      if (!batch.length) return
      const keys = batch
      batch = []
      const kept = new Set(await owner.referenced(deps.db, keys))
      for (const key of keys) {
        if (kept.has(key)) continue
        await deps.blobs.delete(key)
        orphansDeleted++
        deps.logger.info('deleted an orphan file', { key })
      }
    }
    for await (const key of deps.blobs.list(owner.prefix)) {
      const createdAt = storageKeyCreatedAt(key)
      if (!createdAt || createdAt.getTime() >= before) continue
      batch.push(key)
      if (batch.length >= batchSize) await flush()
    }
    await flush()
  }
  return { orphansDeleted }
}

/**
 * Removes temporary blob files (`.tmp-*`) not written to for an hour: a server that stopped mid-upload
 * leaves one behind, and nothing else ever would. An upload in progress keeps writing to its file, so
 * it is never touched.
 */
export async function sweepTemporaryBlobs(deps: Pick<AppDeps, 'blobs' | 'logger'>, now: Date): Promise<{ tempFilesDeleted: number }> {
  if (!deps.blobs.sweepTemporary) return { tempFilesDeleted: 0 }
  const tempFilesDeleted = await deps.blobs.sweepTemporary(new Date(now.getTime() - ORPHAN_AGE_MS))
  if (tempFilesDeleted) deps.logger.info('deleted temporary files of interrupted uploads', { count: tempFilesDeleted })
  return { tempFilesDeleted }
}
