import type { QueryClient } from '@tanstack/react-query'
import { cacheRestored } from '~/lib/query-client'
import { clientListQueryOptions, clientQueryOptions } from './api'
import { listParams, type ClientListState } from './list-params'

/**
 * Route loaders of the client pages (split with their page, so the API code loads with it). They read
 * the cache once the saved one is back, so an offline start shows what was saved.
 */
export async function loadClientList(queryClient: QueryClient, state: ClientListState) {
  await cacheRestored
  return queryClient.ensureQueryData(clientListQueryOptions(listParams(state)))
}

export async function loadClient(queryClient: QueryClient, clientId: number) {
  await cacheRestored
  return queryClient.ensureQueryData(clientQueryOptions(clientId))
}
