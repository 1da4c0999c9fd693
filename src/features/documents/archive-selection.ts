import { DOCUMENT_ARCHIVE_MAX, type Document, type DocumentArchiveBody, type DocumentArchiveFilter } from '@contract/documents'
import type { DocumentScope } from './keys'
import type { DocumentListParams } from './list-params'

/**
 * What a documents table downloads as one ZIP (POST /api/documents/archive): the rows ticked, or
 * "all matching", every document the list's search and filters find, sent as the list's filter so
 * the server reads them itself (at most DOCUMENT_ARCHIVE_MAX).
 */
export type ArchiveSelection =
  { kind: 'rows'; documents: Document[] } | { kind: 'matching'; filter: DocumentArchiveFilter; count: number; countIsEstimate: boolean }

/**
 * The list's search and filters as the archive's `filter`: the same parameters without paging, and the
 * client whose documents the list shows. Null for a list of one document (a notification's link),
 * which has nothing more to match.
 */
export function archiveFilterOf(scope: DocumentScope, params: DocumentListParams): DocumentArchiveFilter | null {
  if (params.id !== undefined) return null
  const filter: DocumentArchiveFilter = {}
  if (params.q) filter.q = params.q
  if (params.sort) filter.sort = params.sort
  if (params.order) filter.order = params.order
  if (params.documentTypeId !== undefined) filter.documentTypeId = params.documentTypeId
  if (params.jurisdiction !== undefined) filter.jurisdiction = params.jurisdiction as 1 | 2 | 3
  if (params.isRead !== undefined) filter.isRead = params.isRead
  if (params.status !== undefined) filter.status = params.status
  if (params.receivedFrom) filter.receivedFrom = params.receivedFrom
  if (params.receivedTo) filter.receivedTo = params.receivedTo
  const clientId = scope.kind === 'client' ? scope.clientId : params.clientId
  if (clientId !== undefined) filter.clientId = clientId
  return filter
}

/** One text per filter, to tell whether "all matching" was chosen for the search now shown. */
export const filterKey = (filter: DocumentArchiveFilter): string =>
  JSON.stringify(Object.fromEntries(Object.entries(filter).sort(([a], [b]) => a.localeCompare(b))))

export interface MatchingOffer {
  count: number
  countIsEstimate: boolean
}

/**
 * "Select all N matching": offered once some rows are ticked, when more documents match than are
 * ticked and the list has a filter to send. `total` is the list's (maybe an estimate of a very large list).
 */
export function matchingOffer(input: {
  selectedCount: number
  total: number
  totalIsEstimate: boolean
  filter: DocumentArchiveFilter | null
}): MatchingOffer | null {
  const { selectedCount, total, totalIsEstimate, filter } = input
  if (selectedCount === 0 || filter === null || total <= selectedCount) return null
  return { count: total, countIsEstimate: totalIsEstimate }
}

/**
 * What a table's selection downloads: every matching document once "all matching" was chosen for the
 * search shown (`filter`), else the ticked rows; null when nothing is selected.
 */
export function archiveSelectionOf(input: {
  selected: Document[]
  allMatching: boolean
  filter: DocumentArchiveFilter | null
  total: number
  totalIsEstimate: boolean
}): ArchiveSelection | null {
  const { selected, allMatching, filter, total, totalIsEstimate } = input
  if (allMatching && filter) return { kind: 'matching', filter, count: total, countIsEstimate: totalIsEstimate }
  return selected.length ? { kind: 'rows', documents: selected } : null
}

/**
 * Why an "all matching" selection cannot be downloaded: more documents than one ZIP holds (known from
 * the list's total, in the server's words, before asking), or the server's own refusal. Null otherwise.
 */
export function archiveRefusal(selection: ArchiveSelection | null, serverDetail: string | null = null): string | null {
  if (selection?.kind !== 'matching') return null
  if (selection.count > DOCUMENT_ARCHIVE_MAX) return tooManyText(selection.count, selection.countIsEstimate)
  return serverDetail
}

/** The server's words when more documents match than one ZIP holds. */
export function tooManyText(count: number, countIsEstimate: boolean): string {
  const counted = `${countIsEstimate ? 'About ' : ''}${count.toLocaleString('en-US')}`
  return `${counted} documents match; at most ${DOCUMENT_ARCHIVE_MAX} can be downloaded as one ZIP. Narrow the search or the filters.`
}

/** The request's body. */
export function archiveBody(selection: ArchiveSelection): DocumentArchiveBody {
  return selection.kind === 'rows' ? { documentIds: selection.documents.map((document) => document.id) } : { filter: selection.filter }
}

/** How many documents the download holds, as its button says it: '3', 'all 42 matching', 'about 1,200 matching'. */
export function selectionCountText(selection: ArchiveSelection): string {
  if (selection.kind === 'rows') return String(selection.documents.length)
  return `${selection.countIsEstimate ? 'about' : 'all'} ${selection.count.toLocaleString('en-US')} matching`
}

/**
 * The bytes the ZIP is expected to hold, for its progress (the files' sizes; the ZIP adds little).
 * Unknown (0) for "all matching": only the listed page's sizes are known.
 */
export function expectedBytes(selection: ArchiveSelection): number {
  if (selection.kind === 'matching') return 0
  return selection.documents.reduce((sum, document) => sum + (document.status === 'active' ? document.sizeBytes : 0), 0)
}
