import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { documentLabel } from './format'
import {
  DEFAULT_DOCUMENT_LIST_STATE,
  documentListRequest,
  DocumentListSearchSchema,
  listStateFromSearch,
  matchJurisdiction,
  matchReadStatus,
  parseReceivedDateFilter,
  searchFromListState,
  type DocumentListState,
} from './list-params'
import { checkUploadFile } from './upload-files'

const types = [
  { id: 1, name: 'Annual Report Notice' },
  { id: 2, name: 'Bank Statement' },
  { id: 3, name: 'Service of Process' },
  { id: 4, name: 'Tax Notice' },
]
const state = (patch: Partial<DocumentListState> = {}): DocumentListState => ({ ...DEFAULT_DOCUMENT_LIST_STATE, ...patch })

describe('document labels', () => {
  it('name the day received as the calendar day it is, whatever the clock', () => {
    // Read as a UTC instant and moved to Florida time, '2026-11-21' would show as 20-Nov-2026.
    expect(documentLabel({ documentTypeNavigation: { name: 'Tax Notice' }, dateReceived: '2026-11-21' })).toBe('Tax Notice received 21-Nov-2026')
    expect(documentLabel({ documentTypeNavigation: { name: 'Bank Statement' }, dateReceived: '2024-01-01' })).toBe('Bank Statement received 01-Jan-2024')
  })
})

describe('the Date Received filter', () => {
  it('reads a day as the table shows it, and the usual ways of writing one', () => {
    const day = { from: '2026-11-21', to: '2026-11-21' }
    expect(parseReceivedDateFilter('21-Nov-2026')).toEqual(day)
    expect(parseReceivedDateFilter('21 november 2026')).toEqual(day)
    expect(parseReceivedDateFilter('2026-11-21')).toEqual(day)
    expect(parseReceivedDateFilter('11/21/2026')).toEqual(day)
  })

  it('reads a month or a year as a range of days', () => {
    expect(parseReceivedDateFilter('Feb-2028')).toEqual({ from: '2028-02-01', to: '2028-02-29' })
    expect(parseReceivedDateFilter('2026-11')).toEqual({ from: '2026-11-01', to: '2026-11-30' })
    expect(parseReceivedDateFilter('2026')).toEqual({ from: '2026-01-01', to: '2026-12-31' })
  })

  it('refuses what is not a date', () => {
    expect(parseReceivedDateFilter('31-Feb-2026')).toBeNull()
    expect(parseReceivedDateFilter('Mayo 2026')).toBeNull()
    expect(parseReceivedDateFilter('tax')).toBeNull()
  })
})

describe('column filters to the server query', () => {
  it('matches jurisdictions and read status by the start of their names', () => {
    expect(matchJurisdiction('fed')).toBe(1)
    expect(matchJurisdiction('State')).toBe(2)
    expect(matchJurisdiction('3')).toBe(3)
    expect(matchJurisdiction('x')).toBeNull()
    expect(matchReadStatus('unr')).toBe(false)
    expect(matchReadStatus('Read')).toBe(true)
    expect(matchReadStatus('maybe')).toBeNull()
  })

  it('sends paging, sorting, search and each filter as the server names them', () => {
    const request = documentListRequest(
      state({
        page: 3,
        pageSize: 50,
        sort: 'dateReceived',
        order: 'asc',
        q: ' scan ',
        filters: { dateReceived: 'Nov-2026', type: 'tax', jurisdiction: 'federal', isRead: 'unread' },
      }),
      types,
    )
    expect(request).toEqual({
      kind: 'query',
      params: {
        page: 3,
        pageSize: 50,
        sort: 'dateReceived',
        order: 'asc',
        q: 'scan',
        receivedFrom: '2026-11-01',
        receivedTo: '2026-11-30',
        documentTypeId: 4,
        jurisdiction: 1,
        isRead: false,
      },
    })
  })

  it('searches for a type name several types share, and asks for more when the search box is in use', () => {
    expect(documentListRequest(state({ filters: { type: 'notice' } }), types)).toEqual({ kind: 'query', params: { page: 1, pageSize: 20, q: 'notice' } })
    expect(documentListRequest(state({ q: 'scan', filters: { type: 'notice' } }), types)).toMatchObject({ kind: 'no-match', column: 'type' })
  })

  it('says how to write a filter the server cannot match, instead of asking it', () => {
    expect(documentListRequest(state({ filters: { dateReceived: 'last week' } }), types)).toMatchObject({ kind: 'no-match', column: 'dateReceived' })
    expect(documentListRequest(state({ filters: { type: 'invoice' } }), types)).toMatchObject({ kind: 'no-match', column: 'type' })
    expect(documentListRequest(state({ filters: { jurisdiction: 'county' } }), types)).toMatchObject({ kind: 'no-match', column: 'jurisdiction' })
  })

  it('narrows all clients to one when a notification names the client', () => {
    expect(documentListRequest(state({ clientId: 7 }), types)).toEqual({ kind: 'query', params: { page: 1, pageSize: 20, clientId: 7 } })
  })
})

describe('list state in the URL', () => {
  it('round-trips, leaving defaults out of the address', () => {
    const full = state({ page: 2, pageSize: 50, sort: 'type', order: 'desc', q: 'x', filters: { type: 'tax' }, clientId: 3 })
    expect(listStateFromSearch(searchFromListState(full))).toEqual(full)
    expect(Object.values(searchFromListState(DEFAULT_DOCUMENT_LIST_STATE)).filter((value) => value !== undefined)).toEqual([])
  })

  it('drops malformed params rather than failing the page', () => {
    const search = v.parse(DocumentListSearchSchema, { page: '-4', pageSize: 33, sort: 'nonsense', type: 2026, clientId: 'abc' })
    expect(listStateFromSearch(search)).toEqual(state({ filters: { type: '2026' } }))
  })
})

describe('files the mailroom chooses', () => {
  const file = (name: string, size: number, type = '') => new File([new Uint8Array(size)], name, { type })

  it('accepts PDF, JPEG, PNG and TIFF by name or declared type', () => {
    expect(checkUploadFile(file('scan.pdf', 10), null)).toBeNull()
    expect(checkUploadFile(file('photo', 10, 'image/jpeg'), null)).toBeNull()
    expect(checkUploadFile(file('fax.TIFF', 10), null)).toBeNull()
  })

  it('says plainly what is wrong with a file, naming it', () => {
    expect(checkUploadFile(file('letter.docx', 10), null)).toBe('letter.docx is not a PDF, JPEG, PNG or TIFF file')
    expect(checkUploadFile(file('blank.pdf', 0), null)).toBe('blank.pdf is empty')
    expect(checkUploadFile(file('big.pdf', 2 * 1024 * 1024), 1024 * 1024)).toBe(
      'big.pdf is larger than 1 MB, the largest file the portal accepts. Split the scan or scan it at a lower resolution.',
    )
    // Up to the limit is fine; the limit reads as the server writes it.
    expect(checkUploadFile(file('edge.pdf', 1024 * 1024), 1024 * 1024)).toBeNull()
    expect(checkUploadFile(file('big.pdf', 1536 + 1), 1536)).toBe(
      'big.pdf is larger than 1.5 KB, the largest file the portal accepts. Split the scan or scan it at a lower resolution.',
    )
  })
})
