import { DOCUMENT_ARCHIVE_MAX, DocumentArchiveBodySchema, type Document } from '@contract/documents'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  archiveBody,
  archiveFilterOf,
  archiveRefusal,
  archiveSelectionOf,
  expectedBytes,
  filterKey,
  matchingOffer,
  selectionCountText,
  tooManyText,
} from './archive-selection'
import { DEFAULT_DOCUMENT_LIST_STATE, documentListRequest, type DocumentListState } from './list-params'

const types = [
  { id: 1, name: 'Bank Statement' },
  { id: 3, name: 'Service of Process' },
]

const doc = (id: number, sizeBytes = 1_000, status: Document['status'] = 'active') => ({ id, sizeBytes, status }) as Document

function paramsOf(patch: Partial<DocumentListState>) {
  const request = documentListRequest({ ...DEFAULT_DOCUMENT_LIST_STATE, ...patch }, types)
  if (request.kind !== 'query') throw new Error('expected a query')
  return request.params
}

describe('"all matching" as the archive filter', () => {
  it('sends the list’s search, filters and order without paging, as the server validates them', () => {
    const params = paramsOf({
      page: 3,
      pageSize: 50,
      q: 'frondazzle',
      sort: 'type',
      order: 'asc',
      filters: { type: 'bank', jurisdiction: 'fed', isRead: 'unread', dateReceived: 'Nov-2026' },
    })
    const filter = archiveFilterOf({ kind: 'all' }, params)
    expect(filter).toEqual({
      q: 'frondazzle',
      sort: 'type',
      order: 'asc',
      documentTypeId: 1,
      jurisdiction: 1,
      isRead: false,
      receivedFrom: '2026-11-01',
      receivedTo: '2026-11-30',
    })
    expect(v.safeParse(DocumentArchiveBodySchema, { filter }).success).toBe(true)
  })

  it('names the client whose documents the list shows: the scope’s, or the one chosen across clients', () => {
    expect(archiveFilterOf({ kind: 'client', clientId: 7 }, paramsOf({ q: 'tax' }))).toEqual({ q: 'tax', clientId: 7 })
    expect(archiveFilterOf({ kind: 'all' }, paramsOf({ clientId: 9 }))).toEqual({ clientId: 9 })
    expect(archiveFilterOf({ kind: 'all' }, paramsOf({}))).toEqual({})
  })

  it('has none for a list of one document', () => {
    expect(archiveFilterOf({ kind: 'all' }, paramsOf({ documentId: 4 }))).toBeNull()
  })

  it('tells one search from another whatever the order of its fields', () => {
    expect(filterKey({ q: 'a', clientId: 2 })).toBe(filterKey({ clientId: 2, q: 'a' }))
    expect(filterKey({ q: 'a' })).not.toBe(filterKey({ q: 'b' }))
  })
})

describe('"Select all N matching"', () => {
  const filter = { q: 'tax' }

  it('is offered once rows are ticked and more match than are ticked', () => {
    expect(matchingOffer({ selectedCount: 0, total: 40, totalIsEstimate: false, filter })).toBeNull()
    expect(matchingOffer({ selectedCount: 2, total: 40, totalIsEstimate: false, filter })).toEqual({ count: 40, countIsEstimate: false })
    expect(matchingOffer({ selectedCount: 40, total: 40, totalIsEstimate: false, filter })).toBeNull()
    expect(matchingOffer({ selectedCount: 1, total: 40, totalIsEstimate: false, filter: null })).toBeNull()
  })

  it('is offered above the limit too: chosen, it says why it cannot be downloaded before asking the server', () => {
    expect(matchingOffer({ selectedCount: 20, total: 1_234, totalIsEstimate: false, filter })).toEqual({ count: 1_234, countIsEstimate: false })
    const tooMany = archiveSelectionOf({ selected: [doc(1)], allMatching: true, filter, total: 1_234, totalIsEstimate: false })
    expect(archiveRefusal(tooMany)).toBe('1,234 documents match; at most 500 can be downloaded as one ZIP. Narrow the search or the filters.')
    const estimated = archiveSelectionOf({ selected: [doc(1)], allMatching: true, filter, total: 2_000_000, totalIsEstimate: true })
    expect(archiveRefusal(estimated)).toBe(tooManyText(2_000_000, true))
    expect(archiveRefusal(estimated)).toMatch(/^About 2,000,000 documents match/)
  })

  it('at the limit downloads; a refusal of the server is shown for "all matching" only', () => {
    const atLimit = archiveSelectionOf({ selected: [doc(1)], allMatching: true, filter, total: DOCUMENT_ARCHIVE_MAX, totalIsEstimate: false })
    expect(archiveRefusal(atLimit)).toBeNull()
    expect(archiveRefusal(atLimit, 'Too many now')).toBe('Too many now')
    const rows = archiveSelectionOf({ selected: [doc(1)], allMatching: false, filter, total: 40, totalIsEstimate: false })
    expect(archiveRefusal(rows, 'Too many now')).toBeNull()
  })
})

describe('the download of a selection', () => {
  const filter = { q: 'tax', clientId: 3 }

  it('sends the ticked rows by id, or the filter once "all matching" was chosen', () => {
    const rows = archiveSelectionOf({ selected: [doc(5), doc(2)], allMatching: false, filter, total: 40, totalIsEstimate: false })
    expect(archiveBody(rows!)).toEqual({ documentIds: [5, 2] })
    expect(selectionCountText(rows!)).toBe('2')
    const all = archiveSelectionOf({ selected: [doc(5)], allMatching: true, filter, total: 40, totalIsEstimate: false })
    expect(archiveBody(all!)).toEqual({ filter })
    expect(selectionCountText(all!)).toBe('all 40 matching')
    expect(selectionCountText({ kind: 'matching', filter, count: 1_200, countIsEstimate: true })).toBe('about 1,200 matching')
  })

  it('is nothing with nothing ticked, and rows again when the search has no filter to send', () => {
    expect(archiveSelectionOf({ selected: [], allMatching: false, filter, total: 40, totalIsEstimate: false })).toBeNull()
    expect(archiveSelectionOf({ selected: [doc(1)], allMatching: true, filter: null, total: 1, totalIsEstimate: false })).toEqual({
      kind: 'rows',
      documents: [doc(1)],
    })
  })

  it('expects the active files’ bytes for the ticked rows, and leaves the size of "all matching" unknown', () => {
    expect(expectedBytes({ kind: 'rows', documents: [doc(1, 2_000), doc(2, 5_000, 'shredded'), doc(3, 500)] })).toBe(2_500)
    expect(expectedBytes({ kind: 'matching', filter, count: 40, countIsEstimate: false })).toBe(0)
  })
})
