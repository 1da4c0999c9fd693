import type { QueryClient } from '@tanstack/react-query'
import { documentRequestListQueryOptions, documentRequestQueryOptions } from './api'
import { requestListRequest, requestStateFromSearch, type RequestListSearch } from './list-params'

/**
 * Route loaders of the mail request pages (a public entry of this feature), imported on navigation.
 * They start the data without waiting, so an offline start shows saved data at once.
 */
export function loadRequestList(queryClient: QueryClient, search: RequestListSearch): void {
  const request = requestListRequest(requestStateFromSearch(search))
  if (request.kind === 'query') void queryClient.prefetchQuery(documentRequestListQueryOptions(request.params))
}

export function loadRequest(queryClient: QueryClient, id: number): void {
  void queryClient.prefetchQuery(documentRequestQueryOptions(id))
}
