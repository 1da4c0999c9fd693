import * as v from 'valibot'

/** GET /api/health: the database answers; `documents` says whether the document store does too. */
export const HealthSchema = v.object({
  status: v.picklist(['ok', 'degraded']),
  database: v.literal('ok'),
  documents: v.picklist(['ok', 'unavailable']),
  /** Which document store the server uses ('fs', 's3'). */
  store: v.string(),
})
export type Health = v.InferOutput<typeof HealthSchema>
