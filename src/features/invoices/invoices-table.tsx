import type { Invoice } from '@contract/invoices'
import { Link } from '@tanstack/react-router'
import { useMemo, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import type { InvoiceSortField } from '@contract/invoices'
import { formatInvoiceDate } from '~/lib/dates'
import { StatusBadge } from '~/ui/badge'
import { createColumnHelper, DataTable, type ColumnDef, type ColumnFiltersState, type RowSelectionState, type SortingState } from '~/ui/data-table'
import { visuallyHiddenClass } from '~/ui/spinner'
import { formatMoney } from '~/lib/money'
import type { InvoiceLinkTarget } from './abilities'
import { INVOICE_FILTER_COLUMNS, INVOICE_PAGE_SIZES, type InvoiceFilterColumn, type InvoiceListState } from './list-params'
import { invoiceStatusLabel, invoiceStatusTone, isPayable, UNPAID_ONLY_MESSAGE, type InvoiceStatusLabels } from './status'

export type { InvoiceLinkTarget }

export type InvoicesTableProps = {
  invoices: Invoice[]
  /** Rows matching the filters across all pages (the server's count). */
  total: number
  /** `total` is the server's estimate of a very large list. */
  totalIsEstimate?: boolean
  state: InvoiceListState
  onStateChange: (patch: Partial<InvoiceListState>) => void
  labels: InvoiceStatusLabels
  linkTarget: InvoiceLinkTarget
  selectable: boolean
  rowSelection: RowSelectionState
  onRowSelectionChange: (selection: RowSelectionState) => void
  onSelectionChange: (invoices: Invoice[]) => void
  loading: boolean
  emptyMessage?: ReactNode
  toolbar?: ReactNode
}

const column = createColumnHelper<Invoice>()
const muted = css({ color: 'fg.muted' })
const actionLink = css({ fontWeight: 'semibold', whiteSpace: 'nowrap' })
const number = css({ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' })
// Long dates ('16th November, 2026') may wrap, so the eight columns fit beside the sidebar.
const day = css({ fontVariantNumeric: 'tabular-nums' })

/** A blank cell that still says something to a screen reader. */
function Blank({ says }: { says: string }) {
  return (
    <>
      <span aria-hidden="true" className={muted}>
        —
      </span>
      <span className={visuallyHiddenClass}>{says}</span>
    </>
  )
}

function invoiceColumns(labels: InvoiceStatusLabels, linkTarget: InvoiceLinkTarget): ColumnDef<Invoice, any>[] {
  const columns: ColumnDef<Invoice, any>[] = [
    column.accessor('invoiceId', { header: 'Invoice #', cell: (info) => <span className={number}>{info.getValue()}</span> }),
    column.accessor((invoice) => invoice.client.companyName, { id: 'company', header: 'Company' }),
    column.accessor('invoiceDate', { header: 'Invoice Date', cell: (info) => <span className={day}>{formatInvoiceDate(info.getValue())}</span> }),
    column.accessor('dueDate', {
      header: 'Due Date',
      // The due date reads N/A once the invoice is paid.
      cell: (info) => <span className={day}>{info.row.original.paidDate ? 'N/A' : formatInvoiceDate(info.getValue())}</span>,
    }),
    column.accessor('paidDate', {
      header: 'Paid Date',
      cell: (info) => {
        const paid = info.getValue()
        return paid ? <span className={day}>{formatInvoiceDate(paid)}</span> : <Blank says="Not paid" />
      },
    }),
    column.accessor('total', {
      header: 'Total',
      enableColumnFilter: false,
      cell: (info) => <span className={number}>{formatMoney(info.getValue())}</span>,
      meta: { align: 'end' },
    }),
    column.accessor('status', {
      header: 'Status',
      cell: (info) => <StatusBadge tone={invoiceStatusTone(info.getValue())}>{invoiceStatusLabel(info.getValue(), labels)}</StatusBadge>,
    }),
  ]
  if (linkTarget) {
    columns.push(
      column.display({
        id: 'action',
        header: 'Action',
        cell: ({ row }) => {
          const invoice = row.original
          const to = linkTarget === 'client' ? '/client/invoices/$id' : '/provider/invoices/$id'
          return (
            <Link to={to} params={{ id: String(invoice.id) }} className={actionLink}>
              View<span className={visuallyHiddenClass}> invoice {invoice.invoiceId}</span>
            </Link>
          )
        },
      }),
    )
  }
  return columns
}

const canSelectInvoice = (invoice: Invoice) => (isPayable(invoice) ? true : UNPAID_ONLY_MESSAGE)
const rowLabel = (invoice: Invoice) => `invoice ${invoice.invoiceId}`
const rowId = (invoice: Invoice) => String(invoice.id)

/**
 * The invoice table: Invoice #, Company, Invoice Date, Due Date, Paid Date, Total, Status,
 * Action; paging, sorting, search and column filters happen on the server and live in `state`.
 */
export function InvoicesTable(props: InvoicesTableProps) {
  const { invoices, total, state, onStateChange, labels, linkTarget, selectable, loading } = props
  const columns = useMemo(() => invoiceColumns(labels, linkTarget), [labels, linkTarget])
  const sorting: SortingState = state.sort ? [{ id: state.sort, desc: state.order === 'desc' }] : []
  const columnFilters: ColumnFiltersState = INVOICE_FILTER_COLUMNS.filter((id) => state.filters[id]).map((id) => ({ id, value: state.filters[id] }))

  return (
    <DataTable<Invoice>
      label="Invoices"
      searchPlaceholder="Search by invoice # or company…"
      data={invoices}
      columns={columns}
      getRowId={rowId}
      manual
      rowCount={total}
      rowCountIsEstimate={props.totalIsEstimate}
      pageSizes={INVOICE_PAGE_SIZES}
      pagination={{ pageIndex: state.page - 1, pageSize: state.pageSize }}
      onPaginationChange={(next) => onStateChange({ page: next.pageIndex + 1, pageSize: next.pageSize })}
      sorting={sorting}
      onSortingChange={(next) => {
        const first = next[0]
        onStateChange(first ? { sort: first.id as InvoiceSortField, order: first.desc ? 'desc' : 'asc' } : { sort: undefined, order: undefined })
      }}
      columnFilterValues={columnFilters}
      onColumnFiltersChange={(next) => {
        const filters: InvoiceListState['filters'] = {}
        for (const filter of next) {
          const value = typeof filter.value === 'string' ? filter.value : ''
          if (value.trim()) filters[filter.id as InvoiceFilterColumn] = value
        }
        onStateChange({ filters })
      }}
      globalFilter={state.q}
      onGlobalFilterChange={(q) => onStateChange({ q })}
      selectable={selectable}
      canSelectRow={canSelectInvoice}
      rowLabel={rowLabel}
      rowSelection={props.rowSelection}
      onRowSelectionChange={props.onRowSelectionChange}
      onSelectionChange={props.onSelectionChange}
      loading={loading}
      emptyMessage={props.emptyMessage}
      toolbar={props.toolbar}
    />
  )
}
