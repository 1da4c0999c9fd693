import type { QueryClient } from '@tanstack/react-query'
import { roleListQueryOptions, roleQueryOptions } from './api'
import { roleIdFromParam } from './routing'

/** Route loaders of the role pages (they load with their page's chunk). */
export function loadRoleList(queryClient: QueryClient) {
  return queryClient.ensureQueryData(roleListQueryOptions())
}

export function loadRole(queryClient: QueryClient, param: string) {
  return queryClient.ensureQueryData(roleQueryOptions(roleIdFromParam(param)))
}
