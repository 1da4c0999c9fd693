import type { Invoice } from '@contract/invoices'
import { useQuery } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { errorMessage } from '~/lib/api-client'
import { useRequiredSession } from '~/lib/session'
import { PageHeader } from '~/ui/page-header'
import type { RowSelectionState } from '~/ui/data-table'
import { ListPage, useMergedChanges } from '~/ui/list-page'
import { invoiceListQueryOptions, invoiceStatusesQueryOptions, type InvoiceScope } from './api'
import { sumDollars } from './format'
import { invoiceAbilities } from './abilities'
import { InvoicesTable } from './invoices-table'
import { DEFAULT_INVOICE_LIST_STATE, invoiceListRequest, isDateColumn, type InvoiceListState } from './list-params'
import { PayBar } from './pay-bar'
import { FALLBACK_STATUS_LABELS } from './status'
import { useInvoiceScope } from './scope'

// The card form and its processor script load only when a client opens the dialog.
const PayInvoicesDialog = lazy(() => import('./pay-invoices-dialog'))
const preloadPayDialog = () => void import('./pay-invoices-dialog')

const NO_DATE_MATCH = 'No results. Filter dates as 2026, 2026-05, May 2026 or 2026-05-01.'
const NO_STATUS_MATCH = 'No results. Filter the status by PAID, UNPAID or OVERDUE.'

type InvoicesViewProps = {
  scope: InvoiceScope
  state: InvoiceListState
  onStateChange: (patch: Partial<InvoiceListState>) => void
  /** A page has the one h1; embedded in another page the heading is an h2. */
  as: 'page' | 'section'
}

function InvoicesView({ scope, state, onStateChange, as }: InvoicesViewProps) {
  const abilities = invoiceAbilities(useRequiredSession())
  const change = useMergedChanges<InvoiceListState>(onStateChange)
  const statuses = useQuery(invoiceStatusesQueryOptions())
  const labels = statuses.data ?? FALLBACK_STATUS_LABELS
  const request = invoiceListRequest(state, labels)
  const list = useQuery({
    ...invoiceListQueryOptions(scope, request.kind === 'query' ? request.params : {}),
    enabled: request.kind === 'query',
  })

  const [rowSelection, setRowSelection] = useState<RowSelectionState>({})
  const [selected, setSelected] = useState<Invoice[]>([])
  const [paying, setPaying] = useState<string[] | null>(null)
  const clearSelection = () => {
    setRowSelection({})
    setSelected([])
  }

  const invoices = request.kind === 'query' ? (list.data?.data ?? []) : []
  const total = request.kind === 'query' ? (list.data?.total ?? 0) : 0
  const emptyMessage = request.kind === 'no-match' ? (isDateColumn(request.column) ? NO_DATE_MATCH : NO_STATUS_MATCH) : undefined
  const selectedTotal = sumDollars(selected.map((invoice) => invoice.total))

  const refresh = () => {
    void statuses.refetch()
    if (request.kind === 'query') void list.refetch()
  }

  return (
    <ListPage
      title="Invoices"
      header={as === 'page' ? PageHeader : undefined}
      query={list}
      onRefresh={refresh}
      errorTitle="The invoices could not be loaded"
      errorText={errorMessage}
    >
      <InvoicesTable
        invoices={invoices}
        total={total}
        totalIsEstimate={request.kind === 'query' && list.data?.totalIsEstimate}
        state={state}
        onStateChange={change}
        labels={labels}
        linkTarget={abilities.linkTarget}
        selectable={abilities.selectable}
        rowSelection={rowSelection}
        onRowSelectionChange={setRowSelection}
        onSelectionChange={setSelected}
        loading={list.isFetching}
        emptyMessage={emptyMessage}
      />
      {abilities.canPay && selected.length > 0 && (
        <PayBar
          count={selected.length}
          total={selectedTotal}
          onCancel={clearSelection}
          onPayNow={() => setPaying(selected.map((invoice) => String(invoice.id)))}
          onIntent={preloadPayDialog}
        />
      )}
      {paying && (
        <Suspense fallback={null}>
          <PayInvoicesDialog
            invoiceIds={paying}
            onClose={() => setPaying(null)}
            onPaid={() => {
              setPaying(null)
              clearSelection()
            }}
          />
        </Suspense>
      )}
    </ListPage>
  )
}

export type InvoicesPanelProps = {
  /** The client whose invoices to show (forced). Without it: the route's `id`, else the signed-in client. */
  clientId?: number
}

/**
 * The invoice list as a section of another page, e.g. the provider client profile's invoices tab:
 * `<InvoicesPanel clientId={id} />`. Paging and filters stay with the panel.
 */
export function InvoicesPanel({ clientId }: InvoicesPanelProps) {
  const scope = useInvoiceScope(clientId)
  const [state, setState] = useState<InvoiceListState>(DEFAULT_INVOICE_LIST_STATE)
  return (
    <InvoicesView
      key={scope.kind === 'client' ? scope.clientId : 'all'}
      scope={scope}
      state={state}
      onStateChange={(patch) => setState((current) => ({ ...current, ...patch }))}
      as="section"
    />
  )
}

export type InvoicesPageProps = {
  /** Paging, sorting and filters, read from the URL by the route. */
  state: InvoiceListState
  onStateChange: (patch: Partial<InvoiceListState>) => void
}

/** The Invoices page of client/invoices and provider/invoices; the route keeps its state in the URL. */
export function InvoicesPage({ state, onStateChange }: InvoicesPageProps) {
  const scope = useInvoiceScope()
  return <InvoicesView scope={scope} state={state} onStateChange={onStateChange} as="page" />
}
