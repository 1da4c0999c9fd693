import { MAX_ID } from '@contract/common'
import { DOCUMENT_SORTS, JURISDICTIONS, type DocumentListParams, type DocumentType } from '@contract/documents'
import * as v from 'valibot'
import { MONTH_ABBREVIATIONS, MONTH_NAMES } from '~/lib/month-names'
import {
  DEFAULT_LIST_PAGE_SIZE,
  LIST_PAGE_SIZES,
  pagingFromSearch,
  pagingParams,
  pagingSearchEntries,
  PositiveInt,
  SearchText as Text,
  searchFromPaging,
} from '~/lib/list-query'

/**
 * The documents table's paging, sorting, search and column filters, kept in the page's URL
 * (?page=2&sort=dateReceived&order=asc&type=tax&isRead=unread) and turned into the query of
 * GET /api/client/documents/{clientId} or GET /api/documents. Filters keep what the user typed; only
 * the request speaks in ids, flags and date ranges.
 */

export const DOCUMENT_PAGE_SIZES = LIST_PAGE_SIZES
/** Document tables show 20 rows by default. */
export const DEFAULT_DOCUMENT_PAGE_SIZE = DEFAULT_LIST_PAGE_SIZE

export type DocumentSortField = (typeof DOCUMENT_SORTS)[number]

/** Columns with a filter box, by column id. */
export const DOCUMENT_FILTER_COLUMNS = ['dateReceived', 'type', 'jurisdiction', 'isRead'] as const
export type DocumentFilterColumn = (typeof DOCUMENT_FILTER_COLUMNS)[number]

export interface DocumentListState {
  /** 1-based. */
  page: number
  pageSize: number
  sort?: DocumentSortField
  order?: 'asc' | 'desc'
  /** The search box: type, file name, jurisdiction (and company across clients). */
  q: string
  filters: Partial<Record<DocumentFilterColumn, string>>
  /** Across clients only: one client's documents (a notification's link). */
  clientId?: number
  /** One document only (?document=): where a notification about it leads. */
  documentId?: number
}

export const DEFAULT_DOCUMENT_LIST_STATE: DocumentListState = { page: 1, pageSize: DEFAULT_DOCUMENT_PAGE_SIZE, q: '', filters: {} }

/** The list's search params; anything malformed is dropped rather than failing the page. */
export const DocumentListSearchSchema = v.object({
  ...pagingSearchEntries(DOCUMENT_SORTS),
  q: Text,
  dateReceived: Text,
  type: Text,
  jurisdiction: Text,
  isRead: Text,
  clientId: PositiveInt(MAX_ID),
  document: PositiveInt(MAX_ID),
})
export type DocumentListSearch = v.InferOutput<typeof DocumentListSearchSchema>

export function listStateFromSearch(search: DocumentListSearch): DocumentListState {
  const filters: DocumentListState['filters'] = {}
  for (const column of DOCUMENT_FILTER_COLUMNS) {
    const value = search[column]
    if (value) filters[column] = value
  }
  return { ...pagingFromSearch(search), filters, clientId: search.clientId, documentId: search.document }
}

/** The URL form of a state: defaults are left out, so a plain list has a plain address. */
export function searchFromListState(state: DocumentListState): DocumentListSearch {
  return {
    ...searchFromPaging(state),
    dateReceived: state.filters.dateReceived?.trim() || undefined,
    type: state.filters.type?.trim() || undefined,
    jurisdiction: state.filters.jurisdiction?.trim() || undefined,
    isRead: state.filters.isRead?.trim() || undefined,
    clientId: state.clientId,
    document: state.documentId,
  }
}

// ---------- filters ----------

export interface DayRange {
  /** YYYY-MM-DD, both ends included. */
  from: string
  to: string
}

const pad = (n: number) => String(n).padStart(2, '0')
const ymd = (year: number, month: number, day: number) => `${year}-${pad(month)}-${pad(day)}`
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()

function monthOf(word: string): number | null {
  const name = word.toLowerCase().replace(/\.$/, '')
  if (name.length < 3) return null
  const index = MONTH_ABBREVIATIONS.findIndex((month) => name.startsWith(month.toLowerCase()))
  if (index < 0) return null
  // 'sept' and 'september' are fine; 'mayo' is not a month.
  return MONTH_NAMES[index]!.toLowerCase().startsWith(name) ? index + 1 : null
}

function dayRange(year: number, month: number, day: number): DayRange | null {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null
  return { from: ymd(year, month, day), to: ymd(year, month, day) }
}
function monthRange(year: number, month: number): DayRange | null {
  if (month < 1 || month > 12) return null
  return { from: ymd(year, month, 1), to: ymd(year, month, daysInMonth(year, month)) }
}

/**
 * What the Date Received filter accepts, read as a range of days: a year ('2026'), a month ('Nov-2026',
 * 'Nov 2026', '2026-11'), or a day as the table shows it ('21-Nov-2026') or as '2026-11-21' or
 * '11/21/2026'. Anything else answers null.
 */
export function parseReceivedDateFilter(text: string): DayRange | null {
  const value = text.trim().replace(/\s+/g, ' ')
  let m: RegExpExecArray | null
  if ((m = /^(\d{4})$/.exec(value))) return { from: `${m[1]}-01-01`, to: `${m[1]}-12-31` }
  if ((m = /^(\d{4})-(\d{1,2})$/.exec(value))) return monthRange(Number(m[1]), Number(m[2]))
  if ((m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value))) return dayRange(Number(m[1]), Number(m[2]), Number(m[3]))
  if ((m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value))) return dayRange(Number(m[3]), Number(m[1]), Number(m[2]))
  if ((m = /^(\d{1,2})[- ]([a-z]+\.?)[- ,]+(\d{4})$/i.exec(value))) {
    const month = monthOf(m[2])
    return month ? dayRange(Number(m[3]), month, Number(m[1])) : null
  }
  if ((m = /^([a-z]+\.?)[- ,]+(\d{4})$/i.exec(value))) {
    const month = monthOf(m[1])
    return month ? monthRange(Number(m[2]), month) : null
  }
  return null
}

/** Jurisdiction codes whose name starts with the text, or whose code it is: 'fed' -> 1. */
export function matchJurisdiction(text: string): number | null {
  const needle = text.trim().toLowerCase()
  if (!needle) return null
  const found = JURISDICTIONS.filter((j) => String(j.id) === needle || j.name.toLowerCase().startsWith(needle))
  return found.length === 1 ? found[0].id : null
}

/** 'read' -> true, 'unread' (or 'un…') -> false; anything else null. */
export function matchReadStatus(text: string): boolean | null {
  const needle = text.trim().toLowerCase()
  if (!needle) return null
  if ('unread'.startsWith(needle)) return false
  if ('read'.startsWith(needle)) return true
  return null
}

/** Document types whose name contains the text. */
export function matchDocumentTypes(text: string, types: readonly DocumentType[]): DocumentType[] {
  const needle = text.trim().toLowerCase()
  if (!needle) return []
  return types.filter((type) => type.name.toLowerCase().includes(needle))
}

// ---------- the request ----------

/** The query of one page, as GET /api/client/documents/{id} and GET /api/documents take it (typed in the contract). */
export type { DocumentListParams }

export type DocumentListRequest =
  | { kind: 'query'; params: DocumentListParams }
  /** A filter the server cannot match: the table says how to write it instead of asking. */
  | { kind: 'no-match'; column: DocumentFilterColumn; message: string }

export const NO_MATCH_MESSAGES: Record<DocumentFilterColumn, string> = {
  dateReceived: 'No results. Filter dates as 21-Nov-2026, Nov-2026 or 2026.',
  type: 'No results. No document type matches this filter.',
  jurisdiction: 'No results. Filter the jurisdiction by Federal, State or Private.',
  isRead: 'No results. Filter the status by Read or Unread.',
}

/**
 * The request for a list state. `types` are the document types (for the Type filter); with several
 * types matching, the text goes to the server's search when the search box is empty.
 */
export function documentListRequest(state: DocumentListState, types: readonly DocumentType[]): DocumentListRequest {
  const params: DocumentListParams = pagingParams(state)
  let q = state.q.trim()
  if (state.clientId !== undefined) params.clientId = state.clientId
  if (state.documentId !== undefined) params.id = state.documentId

  const { dateReceived, type, jurisdiction, isRead } = state.filters
  if (dateReceived?.trim()) {
    const range = parseReceivedDateFilter(dateReceived)
    if (!range) return { kind: 'no-match', column: 'dateReceived', message: NO_MATCH_MESSAGES.dateReceived }
    params.receivedFrom = range.from
    params.receivedTo = range.to
  }
  if (type?.trim()) {
    const found = matchDocumentTypes(type, types)
    if (found.length === 1) params.documentTypeId = found[0].id
    else if (found.length > 1 && !q) q = type.trim()
    else if (types.length > 0)
      return { kind: 'no-match', column: 'type', message: found.length > 1 ? 'No results. Type more of the document type name.' : NO_MATCH_MESSAGES.type }
    else if (!q) q = type.trim()
  }
  if (jurisdiction?.trim()) {
    const code = matchJurisdiction(jurisdiction)
    if (code === null) return { kind: 'no-match', column: 'jurisdiction', message: NO_MATCH_MESSAGES.jurisdiction }
    params.jurisdiction = code
  }
  if (isRead?.trim()) {
    const flag = matchReadStatus(isRead)
    if (flag === null) return { kind: 'no-match', column: 'isRead', message: NO_MATCH_MESSAGES.isRead }
    params.isRead = flag
  }
  if (q) params.q = q
  return { kind: 'query', params }
}
