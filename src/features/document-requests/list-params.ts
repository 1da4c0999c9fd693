import { DOCUMENT_REQUEST_SORTS, DOCUMENT_REQUEST_STATUSES } from '@contract/document-requests'
import * as v from 'valibot'
import {
  DEFAULT_LIST_PAGE_SIZE,
  LIST_PAGE_SIZES,
  pagingFromSearch,
  pagingParams,
  pagingSearchEntries,
  SearchText as Text,
  searchFromPaging,
} from '~/lib/list-query'
import type { DocumentRequestListParams } from './api'

/**
 * The requested documents table's paging, sorting, search and status filter, kept in the URL
 * (?page=2&sort=status&status=mailed) and turned into the query of GET /api/client/document-requests.
 */

export const REQUEST_PAGE_SIZES = LIST_PAGE_SIZES
export const DEFAULT_REQUEST_PAGE_SIZE = DEFAULT_LIST_PAGE_SIZE

export type RequestSortField = (typeof DOCUMENT_REQUEST_SORTS)[number]

export interface RequestListState {
  page: number
  pageSize: number
  sort?: RequestSortField
  order?: 'asc' | 'desc'
  q: string
  /** What the user typed in the Status filter: a status name, or 'open'. */
  status: string
}

export const DEFAULT_REQUEST_LIST_STATE: RequestListState = { page: 1, pageSize: DEFAULT_REQUEST_PAGE_SIZE, q: '', status: '' }

export const RequestListSearchSchema = v.object({
  ...pagingSearchEntries(DOCUMENT_REQUEST_SORTS),
  q: Text,
  status: Text,
})
export type RequestListSearch = v.InferOutput<typeof RequestListSearchSchema>

export function requestStateFromSearch(search: RequestListSearch): RequestListState {
  return { ...pagingFromSearch(search), status: search.status ?? '' }
}

export function searchFromRequestState(state: RequestListState): RequestListSearch {
  return {
    ...searchFromPaging(state),
    status: state.status.trim() || undefined,
  }
}

/** 'mai' -> Mailed (3); 'open' -> Requested or Processing; a number names its status. Null: no match. */
export function matchRequestStatus(text: string): { status: number } | { open: true } | null {
  const needle = text.trim().toLowerCase()
  if (!needle) return null
  if ('open'.startsWith(needle) && needle.length >= 2) return { open: true }
  const found = DOCUMENT_REQUEST_STATUSES.filter((s) => String(s.id) === needle || s.name.toLowerCase().startsWith(needle))
  return found.length === 1 ? { status: found[0].id } : null
}

export type RequestListRequest = { kind: 'query'; params: DocumentRequestListParams } | { kind: 'no-match'; message: string }

export const NO_STATUS_MATCH = 'No results. Filter the status by Requested, Processing, Mailed, Delivered, Cancelled or Open.'

export function requestListRequest(state: RequestListState): RequestListRequest {
  const params: DocumentRequestListParams = pagingParams(state)
  if (state.q.trim()) params.q = state.q.trim()
  if (state.status.trim()) {
    const match = matchRequestStatus(state.status)
    if (!match) return { kind: 'no-match', message: NO_STATUS_MATCH }
    if ('open' in match) params.open = true
    else params.status = match.status
  }
  return { kind: 'query', params }
}
