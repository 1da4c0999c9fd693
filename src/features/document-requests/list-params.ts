import { DOCUMENT_REQUEST_SORTS, DOCUMENT_REQUEST_STATUSES } from '@contract/document-requests'
import * as v from 'valibot'
import type { DocumentRequestListParams } from './api'

/**
 * The requested documents table's paging, sorting, search and status filter, kept in the URL
 * (?page=2&sort=status&status=mailed) and turned into the query of GET /api/client/document-requests.
 */

export const REQUEST_PAGE_SIZES = [10, 20, 50, 100] as const
export const DEFAULT_REQUEST_PAGE_SIZE = 20

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

const Text = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(100))), undefined)

export const RequestListSearchSchema = v.object({
  page: v.fallback(v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer(), v.minValue(1), v.maxValue(999_999))), undefined),
  pageSize: v.fallback(v.optional(v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.picklist(REQUEST_PAGE_SIZES))), undefined),
  sort: v.fallback(v.optional(v.picklist(DOCUMENT_REQUEST_SORTS)), undefined),
  order: v.fallback(v.optional(v.picklist(['asc', 'desc'])), undefined),
  q: Text,
  status: Text,
})
export type RequestListSearch = v.InferOutput<typeof RequestListSearchSchema>

export function requestStateFromSearch(search: RequestListSearch): RequestListState {
  return {
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_REQUEST_PAGE_SIZE,
    sort: search.sort,
    order: search.sort ? search.order : undefined,
    q: search.q ?? '',
    status: search.status ?? '',
  }
}

export function searchFromRequestState(state: RequestListState): RequestListSearch {
  return {
    page: state.page > 1 ? state.page : undefined,
    pageSize: state.pageSize !== DEFAULT_REQUEST_PAGE_SIZE ? (state.pageSize as RequestListSearch['pageSize']) : undefined,
    sort: state.sort,
    order: state.sort ? state.order : undefined,
    q: state.q.trim() || undefined,
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
  const params: DocumentRequestListParams = { page: state.page, pageSize: state.pageSize }
  if (state.sort) {
    params.sort = state.sort
    if (state.order) params.order = state.order
  }
  if (state.q.trim()) params.q = state.q.trim()
  if (state.status.trim()) {
    const match = matchRequestStatus(state.status)
    if (!match) return { kind: 'no-match', message: NO_STATUS_MATCH }
    if ('open' in match) params.open = true
    else params.status = match.status
  }
  return { kind: 'query', params }
}
