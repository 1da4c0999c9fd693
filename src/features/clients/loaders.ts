import type { QueryClient } from '@tanstack/react-query'
import { clientListQueryOptions, clientQueryOptions } from './api'
import { listParams, type ClientListState } from './list-params'

/** Route loaders of the client pages (split with their page, so the API code loads with it). */
export function loadClientList(queryClient: QueryClient, state: ClientListState) {
  return queryClient.ensureQueryData(clientListQueryOptions(listParams(state)))
}

export function loadClient(queryClient: QueryClient, clientId: number) {
  return queryClient.ensureQueryData(clientQueryOptions(clientId))
}
