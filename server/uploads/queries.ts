import { and, eq, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { documentUploads } from '../db/schema'

export type UploadRow = typeof documentUploads.$inferSelect
export type NewUploadRow = typeof documentUploads.$inferInsert

export async function insertUpload(db: Db, row: NewUploadRow): Promise<void> {
  await db.insert(documentUploads).values(row)
}

export async function findUpload(db: Db, id: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(documentUploads).where(eq(documentUploads.id, id))
  return row
}

/**
 * Records the document an upload became, once: false when the upload was already completed (then the
 * caller's transaction rolls back, leaving the first document the only one).
 */
export async function markCompleted(db: Db | Tx, id: string, documentId: number | null, at: Date): Promise<boolean> {
  const updated = await db
    .update(documentUploads)
    .set({ completedAt: at, documentId })
    .where(and(eq(documentUploads.id, id), isNull(documentUploads.completedAt)))
    .returning({ id: documentUploads.id })
  return updated.length > 0
}

/** Keeps a refusal at completion, so a repeat of the last request gets the same answer. */
export async function markRefused(db: Db, id: string, refusal: NonNullable<UploadRow['refusal']>): Promise<void> {
  await db
    .update(documentUploads)
    .set({ refusal })
    .where(and(eq(documentUploads.id, id), isNull(documentUploads.completedAt)))
}
