import type { QueryClient } from '@tanstack/react-query'
import { cacheRestored } from '~/lib/query-client'
import { shippingOptionsQueryOptions } from './api'

/** The loader of the Shipping options page: it reads the cache once the saved one is back. */
export async function loadShippingOptions(queryClient: QueryClient) {
  await cacheRestored
  return queryClient.ensureQueryData(shippingOptionsQueryOptions())
}
