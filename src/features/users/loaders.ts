import type { QueryClient } from '@tanstack/react-query'
import { roleListQueryOptions } from '~/features/roles'
import { cacheRestored } from '~/lib/query-client'
import { userListQueryOptions, userQueryOptions } from './api'
import { listParams, type UserListState } from './list-params'
import { userIdFromParam } from './routing'

/**
 * Route loaders of the user pages (they load with their page's chunk). They read the cache once the
 * saved one is back, so an offline start shows what was saved.
 */
export async function loadUserList(queryClient: QueryClient, state: UserListState) {
  await cacheRestored
  return queryClient.ensureQueryData(userListQueryOptions(listParams(state)))
}

export async function loadUser(queryClient: QueryClient, param: string) {
  const id = userIdFromParam(param)
  await cacheRestored
  return queryClient.ensureQueryData(userQueryOptions(id))
}

/** The roles a user can be given, for the add and edit forms. */
export async function loadRoleChoices(queryClient: QueryClient) {
  await cacheRestored
  return queryClient.ensureQueryData(roleListQueryOptions())
}
