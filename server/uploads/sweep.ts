import { and, inArray, isNotNull, isNull, lt, or } from 'drizzle-orm'
import { claimRows } from '../db/claim'
import { documentUploads } from '../db/schema'
import type { Job } from '../jobs/scheduler'
import { RETENTION_MS } from '../jobs/housekeeping'
import { removeBytes } from './complete'

const BATCH = 200

/**
 * Removes uploads that are over: unfinished ones past their expiry (their bytes and their row), and
 * the rows of finished or refused ones after the week a repeat of their last request is answered from
 * (docs/decisions/2026-12-02-resumable-uploads.md). Rows another server is sweeping are skipped.
 */
export const sweepUploadsJob: Job = {
  name: 'sweep-uploads',
  everyMs: 60 * 60 * 1000,
  async run(deps, now) {
    const answeredBefore = new Date(now.getTime() - RETENTION_MS.requestAnswer)
    const over = or(
      and(isNull(documentUploads.completedAt), isNull(documentUploads.refusal), lt(documentUploads.expiresAt, now)),
      and(or(isNotNull(documentUploads.completedAt), isNotNull(documentUploads.refusal)), lt(documentUploads.createdAt, answeredBefore)),
    )!
    let removed = 0
    for (;;) {
      const rows = await claimRows(
        deps.db,
        (tx) =>
          tx
            .select({ id: documentUploads.id })
            .from(documentUploads)
            .where(over)
            .limit(BATCH)
            .for('update', { skipLocked: true })
            .then((batch) => batch.map((row) => row.id)),
        (tx, ids) => tx.delete(documentUploads).where(inArray(documentUploads.id, ids)).returning({ id: documentUploads.id }),
      )
      // Finished uploads' bytes were removed when they finished; removing again is harmless.
      for (const row of rows) await removeBytes(deps, row.id)
      removed += rows.length
      if (rows.length < BATCH) return { uploadsRemoved: removed }
    }
  },
}
