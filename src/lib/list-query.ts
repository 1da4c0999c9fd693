import { DEFAULT_PAGE_SIZE as DEFAULT_LIST_PAGE_SIZE, PAGE_SIZES as LIST_PAGE_SIZES, type PageSize as ListPageSize } from '@contract/common'
import * as v from 'valibot'

/**
 * What every paged list keeps in its address (?page=2&pageSize=50&sort=x&order=asc&q=…) and sends to
 * its GET call. Route search schemas load with the entry chunk: this module imports only valibot and the
 * contract's paging constants. What each list sends is typed in contract/ (ListParams of its query schema).
 */

/** The page sizes a table offers, 20 rows by default: the ones the server's list queries accept. */
export { PAGE_SIZES as LIST_PAGE_SIZES, DEFAULT_PAGE_SIZE as DEFAULT_LIST_PAGE_SIZE, type PageSize as ListPageSize } from '@contract/common'

export type SortOrder = 'asc' | 'desc'

/** A text param; the router reads `?q=2026` as a number, so numbers are taken as text. */
export const SearchText = v.fallback(v.optional(v.pipe(v.union([v.string(), v.number()]), v.transform(String), v.trim(), v.maxLength(100))), undefined)

const Whole = v.pipe(v.union([v.number(), v.string()]), v.transform(Number), v.integer())

/** A whole number from 1 to `max`, or nothing. */
export const PositiveInt = (max: number) => v.fallback(v.optional(v.pipe(Whole, v.minValue(1), v.maxValue(max))), undefined)

/** The paging and sorting params of a list's search schema; anything malformed is dropped rather than failing the page. */
export function pagingSearchEntries<const S extends readonly [string, ...string[]]>(sorts: S) {
  return {
    page: PositiveInt(999_999),
    pageSize: v.fallback(v.optional(v.pipe(Whole, v.picklist(LIST_PAGE_SIZES))), undefined),
    sort: v.fallback(v.optional(v.picklist(sorts)), undefined),
    order: v.fallback(v.optional(v.picklist(['asc', 'desc'] as const)), undefined),
  }
}

export interface PagingState<S extends string> {
  /** 1-based. */
  page: number
  pageSize: number
  sort?: S
  order?: SortOrder
  /** The search box, as typed. */
  q: string
}

export interface PagingSearch<S extends string> {
  page?: number
  pageSize?: ListPageSize
  sort?: S
  order?: SortOrder
  q?: string
}

/** The paging part of a list state read from its address; an order means nothing without a field to sort by. */
export function pagingFromSearch<S extends string>(search: PagingSearch<S>): PagingState<S> {
  return {
    page: search.page ?? 1,
    pageSize: search.pageSize ?? DEFAULT_LIST_PAGE_SIZE,
    sort: search.sort,
    order: search.sort ? search.order : undefined,
    q: search.q ?? '',
  }
}

/** The address form of the paging part: defaults are left out, so a plain list has a plain address. */
export function searchFromPaging<S extends string>(state: PagingState<S>): PagingSearch<S> {
  return {
    page: state.page > 1 ? state.page : undefined,
    pageSize: state.pageSize !== DEFAULT_LIST_PAGE_SIZE ? (state.pageSize as ListPageSize) : undefined,
    sort: state.sort,
    order: state.sort ? state.order : undefined,
    q: state.q.trim() || undefined,
  }
}

/** The paging part of a list request: the order only with a sort. */
export function pagingParams<S extends string>(state: PagingState<S>): { page: number; pageSize: number; sort?: S; order?: SortOrder } {
  const params: { page: number; pageSize: number; sort?: S; order?: SortOrder } = { page: state.page, pageSize: state.pageSize }
  if (state.sort) {
    params.sort = state.sort
    if (state.order) params.order = state.order
  }
  return params
}
