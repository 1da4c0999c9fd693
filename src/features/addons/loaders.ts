import type { QueryClient } from '@tanstack/react-query'
import { clientQueryOptions } from '~/features/clients'
import { cacheRestored } from '~/lib/query-client'
import { addonCatalogueQueryOptions } from './api'

/**
 * The route loader of the add-ons page: the catalogue and the client's current services, read once the
 * saved cache is back (an offline start shows what was saved).
 */
export async function loadAddons(queryClient: QueryClient, clientId: number) {
  await cacheRestored
  return Promise.all([queryClient.ensureQueryData(addonCatalogueQueryOptions()), queryClient.ensureQueryData(clientQueryOptions(clientId))])
}
