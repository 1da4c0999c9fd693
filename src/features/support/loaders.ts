import type { QueryClient } from '@tanstack/react-query'
import { conversationListQueryOptions, conversationQueryOptions, inboxListParams, OWN_CONVERSATIONS } from './api'
import { conversationIdFromParam, type InboxSearch } from './routing'

/** Route loaders of the support pages (they load with their page's chunk). */
export function loadClientSupport(queryClient: QueryClient) {
  return queryClient.ensureQueryData(conversationListQueryOptions(OWN_CONVERSATIONS))
}

export function loadInbox(queryClient: QueryClient, search: InboxSearch) {
  return queryClient.ensureQueryData(conversationListQueryOptions(inboxListParams(search)))
}

/** One conversation; an id that cannot be one is the not-found page. */
export function loadConversation(queryClient: QueryClient, param: string) {
  return queryClient.ensureQueryData(conversationQueryOptions(conversationIdFromParam(param)))
}
