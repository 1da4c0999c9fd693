import type { QueryClient } from '@tanstack/react-query'
import { cacheRestored } from '~/lib/query-client'
import { conversationListQueryOptions, conversationQueryOptions, inboxListParams, OWN_CONVERSATIONS } from './api'
import { conversationIdFromParam, type InboxSearch } from './routing'

/**
 * Route loaders of the support pages (they load with their page's chunk). They read the cache once the
 * saved one is back, so an offline start shows what was saved.
 */
export async function loadClientSupport(queryClient: QueryClient) {
  await cacheRestored
  return queryClient.ensureQueryData(conversationListQueryOptions(OWN_CONVERSATIONS))
}

export async function loadInbox(queryClient: QueryClient, search: InboxSearch) {
  await cacheRestored
  return queryClient.ensureQueryData(conversationListQueryOptions(inboxListParams(search)))
}

/** One conversation; an id that cannot be one is the not-found page. */
export async function loadConversation(queryClient: QueryClient, param: string) {
  const id = conversationIdFromParam(param)
  await cacheRestored
  return queryClient.ensureQueryData(conversationQueryOptions(id))
}
