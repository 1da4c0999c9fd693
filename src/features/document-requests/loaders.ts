import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { isCacheRestored } from '~/lib/query-client'
import { documentRequestListQueryOptions, documentRequestQueryOptions } from './api'
import { requestListRequest, requestStateFromSearch, type RequestListSearch } from './list-params'
import { requestIdFromParam } from './routing'

/**
 * Route loaders of the mail request pages (a public entry of this feature), imported on navigation.
 * They start the data without waiting, so an offline start shows saved data at once; before the saved
 * cache is back (the first page of a start) they leave it to the page, whose queries start once it is.
 */
export function loadRequestList(queryClient: QueryClient, search: RequestListSearch): void {
  if (!isCacheRestored()) return
  const request = requestListRequest(requestStateFromSearch(search))
  if (request.kind === 'query') void queryClient.prefetchQuery(documentRequestListQueryOptions(request.params))
}

export function loadRequest(queryClient: QueryClient, id: number): void {
  if (!isCacheRestored()) return
  void queryClient.prefetchQuery(documentRequestQueryOptions(id))
}

interface LoaderContext {
  context: { queryClient: QueryClient }
}

/** The loader of both Requested Documents routes. */
export function requestListRouteLoader({ context, deps }: LoaderContext & { deps: RequestListSearch }): void {
  loadRequestList(context.queryClient, deps)
}

/** The loader of both Document Progress routes: an id that cannot be a request's is the not-found page. */
export function documentProgressRouteLoader({ context, params }: LoaderContext & { params: { id: string } }): void {
  const id = requestIdFromParam(params.id)
  if (id === null) throw notFound()
  loadRequest(context.queryClient, id)
}
