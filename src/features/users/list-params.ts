import type { StaffStatus, UserSortField } from '@contract/users'
import * as v from 'valibot'
import { LIST_PAGE_SIZES, pagingFromSearch, pagingParams, pagingSearchEntries, SearchText as Text, searchFromPaging } from '~/lib/list-query'
import type { UserListParams } from './api'

/**
 * The staff list's paging, sorting, search and column filters, kept in the URL
 * (?page=2&sort=email&order=desc&q=rivera&status=deact) and sent to GET /api/users. Filters keep what
 * the user typed; only the request turns the status text into a status.
 */

/** The sort fields of GET /api/users (USER_SORT_FIELDS), listed here to keep the contract out of the route's parser. */
const SORT_FIELDS = ['name', 'email', 'role', 'status', 'lastSignInAt', 'createdAt'] as const satisfies readonly UserSortField[]
export const USER_PAGE_SIZES = LIST_PAGE_SIZES

export const USER_FILTER_COLUMNS = ['name', 'email', 'role', 'status'] as const
export type UserFilterColumn = (typeof USER_FILTER_COLUMNS)[number]

export interface UserListState {
  page: number
  pageSize: number
  sort?: UserSortField
  order?: 'asc' | 'desc'
  q: string
  filters: Partial<Record<UserFilterColumn, string>>
}

export const UserListSearchSchema = v.object({
  ...pagingSearchEntries(SORT_FIELDS),
  q: Text,
  name: Text,
  email: Text,
  role: Text,
  status: Text,
})
export type UserListSearch = v.InferOutput<typeof UserListSearchSchema>

export function listStateFromSearch(search: UserListSearch): UserListState {
  const filters: UserListState['filters'] = {}
  for (const column of USER_FILTER_COLUMNS) if (search[column]) filters[column] = search[column]
  return { ...pagingFromSearch(search), filters }
}

export function searchFromListState(state: UserListState): UserListSearch {
  const search: UserListSearch = { ...searchFromPaging(state), name: undefined, email: undefined, role: undefined, status: undefined }
  for (const column of USER_FILTER_COLUMNS) search[column] = state.filters[column]?.trim() || undefined
  return search
}

const STATUS_WORDS: [StaffStatus, string][] = [
  ['active', 'active'],
  ['invited', 'invited'],
  ['deactivated', 'deactivated'],
]

/** The status a typed filter means ("deact" → deactivated); undefined when it means none or several. */
export function statusFromText(text: string | undefined): StaffStatus | undefined {
  const typed = text?.trim().toLowerCase()
  if (!typed) return undefined
  const matches = STATUS_WORDS.filter(([, word]) => word.startsWith(typed))
  return matches.length === 1 ? matches[0][0] : undefined
}

export function listParams(state: UserListState): UserListParams {
  const params: UserListParams = { ...pagingParams(state) }
  const q = state.q.trim()
  if (q) params.q = q
  const { name, email, role, status } = state.filters
  if (name?.trim()) params.name = name.trim()
  if (email?.trim()) params.email = email.trim()
  if (role?.trim()) params.role = role.trim()
  const chosen = statusFromText(status)
  if (chosen) params.status = chosen
  return params
}
