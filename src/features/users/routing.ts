import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { userListQueryOptions, userQueryOptions } from './api'
import { listParams, type UserListState } from './list-params'

/** Route loaders of the user pages. */
export function loadUserList(queryClient: QueryClient, state: UserListState) {
  return queryClient.ensureQueryData(userListQueryOptions(listParams(state)))
}

/** The id of /provider/users/view/{id} and /edit/{id}; anything else is a not-found page. */
export function userIdFromParam(param: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(param)) throw notFound()
  return Number(param)
}

export function loadUser(queryClient: QueryClient, param: string) {
  return queryClient.ensureQueryData(userQueryOptions(userIdFromParam(param)))
}
