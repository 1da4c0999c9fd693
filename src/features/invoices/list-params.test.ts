import { INVOICE_STATUS_LABELS } from '@contract/invoices'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import {
  DEFAULT_INVOICE_LIST_STATE,
  invoiceListRequest,
  InvoiceListSearchSchema,
  listStateFromSearch,
  matchStatusCodes,
  parseDateFilter,
  searchFromListState,
  type InvoiceListState,
} from './list-params'
import { resolveInvoiceScope } from './scope'
import { invoiceStatusLabel, invoiceStatusTone, isPayable } from './status'

const state = (patch: Partial<InvoiceListState> = {}): InvoiceListState => ({ ...DEFAULT_INVOICE_LIST_STATE, ...patch })

describe('invoice statuses', () => {
  it("shows the map's labels, NEW as UNPAID and an unknown code as Unknown", () => {
    expect(invoiceStatusLabel(1, INVOICE_STATUS_LABELS)).toBe('PAID')
    expect(invoiceStatusLabel(2, INVOICE_STATUS_LABELS)).toBe('UNPAID')
    expect(invoiceStatusLabel(3, INVOICE_STATUS_LABELS)).toBe('OVERDUE')
    expect(invoiceStatusLabel(7, INVOICE_STATUS_LABELS)).toBe('Unknown')
    expect(invoiceStatusLabel(2, { '2': 'New' })).toBe('UNPAID')
  })

  it('colours 1 success, 2 warning, 3 danger', () => {
    expect([1, 2, 3, 9].map(invoiceStatusTone)).toEqual(['success', 'warning', 'danger', 'neutral'])
  })

  it('lets only unpaid and overdue invoices be paid', () => {
    expect([1, 2, 3, 4].map((status) => isPayable({ status }))).toEqual([false, true, true, false])
  })
})

describe('whose invoices a list shows', () => {
  it('takes the forced id, else the route id, else the signed-in client', () => {
    expect(resolveInvoiceScope(7, '12', 3)).toEqual({ kind: 'client', clientId: 7 })
    expect(resolveInvoiceScope(undefined, '12', 3)).toEqual({ kind: 'client', clientId: 12 })
    expect(resolveInvoiceScope(undefined, undefined, 3)).toEqual({ kind: 'client', clientId: 3 })
    expect(resolveInvoiceScope(undefined, 'abc', 3)).toEqual({ kind: 'client', clientId: 3 })
  })

  it('covers every client for staff on the provider list', () => {
    expect(resolveInvoiceScope(undefined, undefined, null)).toEqual({ kind: 'all' })
  })
})

describe('date filters', () => {
  it.each([
    ['2026', { from: '2026-01-01', to: '2026-12-31' }],
    ['2026-02', { from: '2026-02-01', to: '2026-02-28' }],
    ['2/2028', { from: '2028-02-01', to: '2028-02-29' }],
    ['May 2026', { from: '2026-05-01', to: '2026-05-31' }],
    ['2026-05-01', { from: '2026-05-01', to: '2026-05-01' }],
    ['5/1/2026', { from: '2026-05-01', to: '2026-05-01' }],
    ['May 1, 2026', { from: '2026-05-01', to: '2026-05-01' }],
    ['1st May, 2026', { from: '2026-05-01', to: '2026-05-01' }],
    ['  21st   sept 2026 ', { from: '2026-09-21', to: '2026-09-21' }],
  ])('reads %s as a range of days', (text, range) => {
    expect(parseDateFilter(text)).toEqual(range)
  })

  it.each(['', 'May', '31st February, 2026', '2026-13', '2026-02-30', 'tomorrow', '12345', 'May 1'])('refuses %s', (text) => {
    expect(parseDateFilter(text)).toBeNull()
  })
})

describe('the list request', () => {
  it('asks for the first 20, newest first, with nothing else', () => {
    expect(invoiceListRequest(state(), INVOICE_STATUS_LABELS)).toEqual({ kind: 'query', params: { page: 1, pageSize: 20 } })
  })

  it('sends paging, sort, search and column filters in the API names', () => {
    const request = invoiceListRequest(
      state({
        page: 3,
        pageSize: 50,
        sort: 'dueDate',
        order: 'desc',
        q: ' sunshine ',
        filters: { invoiceId: '0002', company: 'gulf', status: 'unp', invoiceDate: 'May 2026', paidDate: '2026' },
      }),
      INVOICE_STATUS_LABELS,
    )
    expect(request).toEqual({
      kind: 'query',
      params: {
        page: 3,
        pageSize: 50,
        sort: 'dueDate',
        order: 'desc',
        q: 'sunshine',
        invoiceId: '0002',
        company: 'gulf',
        status: '2',
        invoiceDateFrom: '2026-05-01',
        invoiceDateTo: '2026-05-31',
        paidDateFrom: '2026-01-01',
        paidDateTo: '2026-12-31',
      },
    })
  })

  it('matches statuses by the label people see, or by code', () => {
    expect(matchStatusCodes('paid', INVOICE_STATUS_LABELS)).toEqual([1])
    expect(matchStatusCodes('UNPAID', INVOICE_STATUS_LABELS)).toEqual([2])
    expect(matchStatusCodes('o', INVOICE_STATUS_LABELS)).toEqual([3])
    expect(matchStatusCodes('3', INVOICE_STATUS_LABELS)).toEqual([3])
    expect(matchStatusCodes('new', INVOICE_STATUS_LABELS)).toEqual([])
  })

  it('asks nothing when a filter cannot match any invoice', () => {
    expect(invoiceListRequest(state({ filters: { status: 'refunded' } }), INVOICE_STATUS_LABELS)).toEqual({ kind: 'no-match', column: 'status' })
    expect(invoiceListRequest(state({ filters: { dueDate: 'soon' } }), INVOICE_STATUS_LABELS)).toEqual({ kind: 'no-match', column: 'dueDate' })
  })
})

describe('the list in the URL', () => {
  it('reads search params, keeping numbers typed as filters as text and dropping bad values', () => {
    const search = v.parse(InvoiceListSearchSchema, { page: 2, pageSize: 50, sort: 'total', order: 'asc', invoiceId: 2026, status: 'paid', q: 'x'.repeat(300) })
    expect(listStateFromSearch(search)).toEqual({ page: 2, pageSize: 50, sort: 'total', order: 'asc', q: '', filters: { invoiceId: '2026', status: 'paid' } })
    const bad = v.parse(InvoiceListSearchSchema, { page: 0, pageSize: 15, sort: 'secret', order: 'sideways' })
    expect(listStateFromSearch(bad)).toEqual(DEFAULT_INVOICE_LIST_STATE)
  })

  it('leaves defaults out, so the plain list has a plain address', () => {
    const search = searchFromListState(DEFAULT_INVOICE_LIST_STATE)
    expect(Object.values(search).filter((value) => value !== undefined)).toEqual([])
    expect(searchFromListState(state({ page: 2, filters: { company: ' gulf ' } }))).toMatchObject({ page: 2, company: 'gulf' })
  })
})
