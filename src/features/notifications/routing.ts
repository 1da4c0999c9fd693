import * as v from 'valibot'

/** ?page=2&show=unread&audience=agents; anything malformed falls back to the first page of all. */
export const NotificationsSearchSchema = v.object({
  page: v.fallback(v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(99_999))), undefined),
  show: v.fallback(v.optional(v.picklist(['all', 'unread'])), undefined),
  audience: v.fallback(v.optional(v.picklist(['all', 'agents'])), undefined),
})
export type NotificationsSearch = v.InferOutput<typeof NotificationsSearchSchema>
