import { notFound } from '@tanstack/react-router'
import * as v from 'valibot'
import { idFromParam } from '~/lib/route-params'

/**
 * What the support routes need outside their loaders: the inbox's search params and the conversation
 * `$id`. Light (no components, no calls): route options are part of the app's first script. Loaders are
 * in ./loaders.
 */

/** ?status=all|unanswered|open|closed&page=N of the provider's support inbox, with fallbacks. */
export const InboxSearchSchema = v.object({
  status: v.fallback(v.optional(v.picklist(['all', 'unanswered', 'open', 'closed']), 'all'), 'all'),
  page: v.fallback(v.optional(v.pipe(v.number(), v.integer(), v.minValue(1)), 1), 1),
})
export type InboxSearch = v.InferOutput<typeof InboxSearchSchema>

/** The id of /client/support/{id} and /provider/support/{id}; anything else is a not-found page. */
export function conversationIdFromParam(param: string): number {
  const id = idFromParam(param)
  if (id === null) throw notFound()
  return id
}
