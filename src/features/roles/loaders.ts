import type { QueryClient } from '@tanstack/react-query'
import { cacheRestored } from '~/lib/query-client'
import { roleListQueryOptions, roleQueryOptions } from './api'
import { roleIdFromParam } from './routing'

/**
 * Route loaders of the role pages (they load with their page's chunk). They read the cache once the
 * saved one is back, so an offline start shows what was saved.
 */
export async function loadRoleList(queryClient: QueryClient) {
  await cacheRestored
  return queryClient.ensureQueryData(roleListQueryOptions())
}

export async function loadRole(queryClient: QueryClient, param: string) {
  const id = roleIdFromParam(param)
  await cacheRestored
  return queryClient.ensureQueryData(roleQueryOptions(id))
}
