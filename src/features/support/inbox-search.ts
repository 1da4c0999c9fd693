import * as v from 'valibot'

/**
 * ?status=all|unanswered|open|closed&page=N of the provider's support inbox, with fallbacks. Its own
 * module: the route reads it before its page loads, so it must not bring the page along.
 */
export const InboxSearchSchema = v.object({
  status: v.fallback(v.optional(v.picklist(['all', 'unanswered', 'open', 'closed']), 'all'), 'all'),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
})
export type InboxSearch = v.InferOutput<typeof InboxSearchSchema>
