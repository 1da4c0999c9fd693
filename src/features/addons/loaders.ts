import type { QueryClient } from '@tanstack/react-query'
import { clientQueryOptions } from '~/features/clients'
import { addonCatalogueQueryOptions } from './api'

/** The route loader of the add-ons page: the catalogue and the client's current services. */
export function loadAddons(queryClient: QueryClient, clientId: number) {
  return Promise.all([queryClient.ensureQueryData(addonCatalogueQueryOptions()), queryClient.ensureQueryData(clientQueryOptions(clientId))])
}
