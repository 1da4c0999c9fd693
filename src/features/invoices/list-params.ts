import { INVOICE_SORT_FIELDS, type InvoiceListParams, type InvoiceSortField } from '@contract/invoices'
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
import { invoiceStatusLabel, type InvoiceStatusLabels } from './status'

/**
 * The invoice list's paging, sorting, search and column filters: kept in the page's URL
 * (?page=2&sort=dueDate&order=asc&status=unpaid&invoiceDate=2026-05), and turned into the query of
 * GET /api/client/invoices/{clientId} or GET /api/invoices. Column filters keep what the user typed;
 * only the request speaks in codes and date ranges.
 */

export const INVOICE_PAGE_SIZES = LIST_PAGE_SIZES
/** Invoice tables show 20 rows by default. */
export const DEFAULT_INVOICE_PAGE_SIZE = DEFAULT_LIST_PAGE_SIZE

/** Columns with a filter box, by column id. */
export const INVOICE_FILTER_COLUMNS = ['invoiceId', 'company', 'invoiceDate', 'dueDate', 'paidDate', 'status'] as const
export type InvoiceFilterColumn = (typeof INVOICE_FILTER_COLUMNS)[number]
type DateColumn = 'invoiceDate' | 'dueDate' | 'paidDate'
const DATE_COLUMNS: readonly DateColumn[] = ['invoiceDate', 'dueDate', 'paidDate']

export interface InvoiceListState {
  /** 1-based. */
  page: number
  pageSize: number
  sort?: InvoiceSortField
  order?: 'asc' | 'desc'
  /** The search box: part of the invoice number or company name. */
  q: string
  filters: Partial<Record<InvoiceFilterColumn, string>>
}

export const DEFAULT_INVOICE_LIST_STATE: InvoiceListState = { page: 1, pageSize: DEFAULT_INVOICE_PAGE_SIZE, q: '', filters: {} }

/** The list's search params; anything malformed is dropped rather than failing the page. */
export const InvoiceListSearchSchema = v.object({
  ...pagingSearchEntries(INVOICE_SORT_FIELDS),
  q: Text,
  invoiceId: Text,
  company: Text,
  invoiceDate: Text,
  dueDate: Text,
  paidDate: Text,
  status: Text,
})
export type InvoiceListSearch = v.InferOutput<typeof InvoiceListSearchSchema>

export function listStateFromSearch(search: InvoiceListSearch): InvoiceListState {
  const filters: InvoiceListState['filters'] = {}
  for (const column of INVOICE_FILTER_COLUMNS) {
    const value = search[column]
    if (value) filters[column] = value
  }
  return { ...pagingFromSearch(search), filters }
}

/** The URL form of a state: defaults are left out so a plain list has a plain address. */
export function searchFromListState(state: InvoiceListState): InvoiceListSearch {
  const search: InvoiceListSearch = {
    ...searchFromPaging(state),
    invoiceId: undefined,
    company: undefined,
    invoiceDate: undefined,
    dueDate: undefined,
    paidDate: undefined,
    status: undefined,
  }
  for (const column of INVOICE_FILTER_COLUMNS) search[column] = state.filters[column]?.trim() || undefined
  return search
}

// ---------- date filters ----------

export interface DayRange {
  /** YYYY-MM-DD, calendar days (the server reads them as New York days), both ends included. */
  from: string
  to: string
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december']

function monthOf(word: string): number | null {
  const name = word.toLowerCase().replace(/\.$/, '')
  if (name.length < 3) return null
  const index = MONTHS.findIndex((month) => month.startsWith(name))
  return index < 0 ? null : index + 1
}

// Calendar arithmetic only: no clock or time zone is involved in naming a day.
const pad = (value: number, length = 2) => String(value).padStart(length, '0')
const isoDay = (year: number, month: number, date: number) => `${pad(year, 4)}-${pad(month)}-${pad(date)}`
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate()
const validYear = (year: number) => year >= 1900 && year <= 2999

function yearRange(year: number): DayRange | null {
  return validYear(year) ? { from: isoDay(year, 1, 1), to: isoDay(year, 12, 31) } : null
}

function monthRange(year: number, month: number): DayRange | null {
  if (!validYear(year) || month < 1 || month > 12) return null
  return { from: isoDay(year, month, 1), to: isoDay(year, month, daysInMonth(year, month)) }
}

function dayRange(year: number, month: number, date: number): DayRange | null {
  if (!monthRange(year, month) || date < 1 || date > daysInMonth(year, month)) return null
  const day = isoDay(year, month, date)
  return { from: day, to: day }
}

/**
 * What a date filter box accepts, read as a range of days: a year ('2026'), a month ('2026-05', '05/2026',
 * 'May 2026'), or a day ('2026-05-01', '5/1/2026', 'May 1, 2026', or '1st May, 2026' as the table shows
 * it). Anything else answers null.
 */
export function parseDateFilter(text: string): DayRange | null {
  const value = text.trim().replace(/\s+/g, ' ')
  let match: RegExpExecArray | null
  if ((match = /^(\d{4})$/.exec(value))) return yearRange(Number(match[1]))
  if ((match = /^(\d{4})-(\d{1,2})$/.exec(value))) return monthRange(Number(match[1]), Number(match[2]))
  if ((match = /^(\d{1,2})\/(\d{4})$/.exec(value))) return monthRange(Number(match[2]), Number(match[1]))
  if ((match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(value))) return dayRange(Number(match[1]), Number(match[2]), Number(match[3]))
  if ((match = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(value))) return dayRange(Number(match[3]), Number(match[1]), Number(match[2]))

  // Words: a month name with a year, and maybe a day ('1st May, 2026', 'May 1, 2026', 'May 2026').
  const words = value.replace(/,/g, ' ').split(' ').filter(Boolean)
  let month: number | null = null
  let year: number | null = null
  let date: number | null = null
  for (const word of words) {
    const dayWord = /^(\d{1,2})(st|nd|rd|th)?$/i.exec(word)
    if (/^\d{4}$/.test(word) && year === null) year = Number(word)
    else if (dayWord && date === null) date = Number(dayWord[1])
    else if (month === null && monthOf(word) !== null) month = monthOf(word)
    else return null
  }
  if (month === null || year === null) return null
  return date === null ? monthRange(year, month) : dayRange(year, month, date)
}

// ---------- status filter ----------

/** Codes whose label (as shown) starts with the text, or whose code is the text: 'unp' -> [2]. */
export function matchStatusCodes(text: string, labels: InvoiceStatusLabels): number[] {
  const needle = text.trim().toLowerCase()
  if (!needle) return []
  return Object.keys(labels)
    .map(Number)
    .filter((code) => Number.isInteger(code) && code > 0)
    .filter((code) => String(code) === needle || invoiceStatusLabel(code, labels).toLowerCase().startsWith(needle))
    .sort((a, b) => a - b)
}

// ---------- the request ----------

/** The query of one page, typed in the contract. */
export type InvoiceListQueryParams = InvoiceListParams

export type InvoiceListRequest =
  | { kind: 'query'; params: InvoiceListQueryParams }
  /** A filter that no invoice can match (a status that does not exist, text that is not a date). */
  | { kind: 'no-match'; column: InvoiceFilterColumn }

export function invoiceListRequest(state: InvoiceListState, labels: InvoiceStatusLabels): InvoiceListRequest {
  const params: InvoiceListQueryParams = { ...pagingParams(state) }
  const q = state.q.trim()
  if (q) params.q = q
  const { invoiceId, company, status } = state.filters
  if (invoiceId?.trim()) params.invoiceId = invoiceId.trim()
  if (company?.trim()) params.company = company.trim()
  if (status?.trim()) {
    const codes = matchStatusCodes(status, labels)
    if (codes.length === 0) return { kind: 'no-match', column: 'status' }
    params.status = codes.join(',')
  }
  for (const column of DATE_COLUMNS) {
    const text = state.filters[column]?.trim()
    if (!text) continue
    const days = parseDateFilter(text)
    if (!days) return { kind: 'no-match', column }
    params[`${column}From`] = days.from
    params[`${column}To`] = days.to
  }
  return { kind: 'query', params }
}

export function isDateColumn(column: InvoiceFilterColumn): column is DateColumn {
  return (DATE_COLUMNS as readonly string[]).includes(column)
}
