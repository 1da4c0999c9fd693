import type { QueryClient } from '@tanstack/react-query'
import { roleListQueryOptions } from '~/features/roles/api'
import { userListQueryOptions, userQueryOptions } from './api'
import { listParams, type UserListState } from './list-params'
import { userIdFromParam } from './routing'

/** Route loaders of the user pages (they load with their page's chunk). */
export function loadUserList(queryClient: QueryClient, state: UserListState) {
  return queryClient.ensureQueryData(userListQueryOptions(listParams(state)))
}

export function loadUser(queryClient: QueryClient, param: string) {
  return queryClient.ensureQueryData(userQueryOptions(userIdFromParam(param)))
}

/** The roles a user can be given, for the add and edit forms. */
export function loadRoleChoices(queryClient: QueryClient) {
  return queryClient.ensureQueryData(roleListQueryOptions())
}
