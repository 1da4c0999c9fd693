import type { ClientSortField } from '@contract/clients'
import * as v from 'valibot'
import { DEFAULT_LIST_PAGE_SIZE, LIST_PAGE_SIZES, pagingFromSearch, pagingSearchEntries, searchFromPaging } from '~/lib/list-query'
import type { ClientListParams } from './api'

/**
 * The Clients list's paging, sorting and search, kept in the URL (?page=2&sort=companyName&order=asc&q=gulf)
 * and sent as they are to GET /api/client, which pages, sorts and searches on the server.
 */
/**
 * The sort fields of GET /api/client (contract/clients.ts CLIENT_SORT_FIELDS), listed here so the
 * address's parser stays out of the contract module; `satisfies` keeps the two lists in step.
 */
const SORT_FIELDS = ['id', 'companyName', 'firstName', 'lastName', 'email', 'city', 'createdAt'] as const satisfies readonly ClientSortField[]

export const CLIENT_PAGE_SIZES = LIST_PAGE_SIZES
export const DEFAULT_CLIENT_PAGE_SIZE = DEFAULT_LIST_PAGE_SIZE

export type ClientListState = Required<Pick<ClientListParams, 'page' | 'pageSize'>> & Pick<ClientListParams, 'sort' | 'order'> & { q: string }

export const DEFAULT_CLIENT_LIST_STATE: ClientListState = { page: 1, pageSize: DEFAULT_CLIENT_PAGE_SIZE, q: '' }

/** Anything malformed in the address is dropped rather than failing the page. */
export const ClientListSearchSchema = v.object({
  ...pagingSearchEntries(SORT_FIELDS),
  // The router reads ?q=2026 as a number: take it as text.
  q: v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.maxLength(200))), undefined),
})
export type ClientListSearch = v.InferOutput<typeof ClientListSearchSchema>

export function listStateFromSearch(search: ClientListSearch): ClientListState {
  return pagingFromSearch(search)
}

/** The URL's search for a state: defaults are left out, so the plain address is the first page. */
export function searchFromListState(state: ClientListState): ClientListSearch {
  return searchFromPaging(state)
}

/** The request for a state: the search trimmed, the order only with a sort. */
export function listParams(state: ClientListState): ClientListParams {
  return { page: state.page, pageSize: state.pageSize, sort: state.sort, order: state.sort ? (state.order ?? 'asc') : undefined, q: state.q.trim() }
}
