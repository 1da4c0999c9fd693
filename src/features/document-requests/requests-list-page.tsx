import type { DocumentRequest } from '@contract/document-requests'
import { TrackingNumber } from '~/ui/tracking-number'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { css } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { useRequiredSession, userKind } from '~/lib/session'
import { formatDocumentDate } from '~/lib/dates'
import { PageHeader } from '~/ui/page-header'
import { DataTable, type ColumnDef } from '~/ui/data-table'
import { actionLinkClass, ListPage, useMergedChanges } from '~/ui/list-page'
import { OutboxList } from '~/features/outbox'
import { formatMoney } from '~/lib/money'
import { documentRequestListQueryOptions, MAIL_REQUEST_KIND } from './api'
import { REQUEST_PAGE_SIZES, requestListRequest, type RequestListState, type RequestSortField } from './list-params'
import { RequestStatusBadge } from './status'

const muted = css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })
const nowrap = css({ whiteSpace: 'nowrap' })
// On one line, except beside the open side menu (1024-1280 px), where every column must fit.
const link = css({ fontSize: 'sm', fontWeight: 'semibold', whiteSpace: { base: 'nowrap', lgOnly: 'normal' } })

const MAIL_REQUEST_KINDS = [MAIL_REQUEST_KIND]

export type RequestedDocumentsPageProps = {
  state: RequestListState
  onStateChange: (patch: Partial<RequestListState>) => void
}

/**
 * requested-documents: a client's own mail requests, or every client's for staff, newest first, each
 * opening its document-progress page.
 */
export function RequestedDocumentsPage({ state, onStateChange }: RequestedDocumentsPageProps) {
  const { user } = useRequiredSession()
  const isClient = userKind(user) === 'client'
  const change = useMergedChanges<RequestListState>(onStateChange)
  const request = requestListRequest(state)
  const list = useQuery({
    ...documentRequestListQueryOptions(request.kind === 'query' ? request.params : { page: 1, pageSize: state.pageSize }),
    enabled: request.kind === 'query',
  })
  const requests = request.kind === 'query' ? (list.data?.data ?? []) : []
  const total = request.kind === 'query' ? (list.data?.total ?? 0) : 0

  const columns = useMemo<ColumnDef<DocumentRequest, any>[]>(() => {
    const progressPath = isClient ? '/client/document-progress/$id' : '/provider/document-progress/$id'
    const list: ColumnDef<DocumentRequest, any>[] = [
      {
        id: 'createdAt',
        accessorKey: 'createdAt',
        header: 'Requested On',
        enableColumnFilter: false,
        cell: (c) => <span className={nowrap}>{formatDocumentDate(c.getValue())}</span>,
      },
    ]
    if (!isClient) list.push({ id: 'company', accessorFn: (r) => r.client.companyName, header: 'Company', enableColumnFilter: false })
    list.push(
      {
        id: 'type',
        accessorFn: (r) => r.document.documentTypeNavigation.name,
        header: 'Document',
        enableColumnFilter: false,
        cell: ({ row }) => (
          <span>
            {row.original.document.documentTypeNavigation.name}
            <span className={muted}>Received {formatDocumentDate(row.original.document.dateReceived)}</span>
            {row.original.documents.length > 1 && <span className={muted}>One shipment of {row.original.documents.length} documents</span>}
          </span>
        ),
      },
      {
        id: 'mailTo',
        header: 'Mail To',
        enableSorting: false,
        enableColumnFilter: false,
        cell: ({ row }) => (
          <span>
            {row.original.recipientName}
            <span className={muted}>
              {row.original.city}, {row.original.stateProvince}
            </span>
          </span>
        ),
      },
      {
        id: 'status',
        accessorKey: 'status',
        header: 'Status',
        cell: ({ row }) => <RequestStatusBadge status={row.original.status} name={row.original.statusName} />,
      },
      {
        id: 'tracking',
        header: 'Shipping',
        enableSorting: false,
        enableColumnFilter: false,
        // Once mailed, the carrier and tracking number; before, the carrier, speed and price chosen.
        cell: ({ row }) => {
          const { trackingNumber, carrier, shipping } = row.original
          if (trackingNumber) {
            return (
              <span>
                {carrier}
                <TrackingNumber className={muted} carrier={carrier} value={trackingNumber} />
              </span>
            )
          }
          if (shipping?.carrier) {
            return (
              <span>
                {shipping.carrier}
                <span className={muted}>
                  {shipping.speed}
                  {shipping.price > 0 ? `, ${formatMoney(shipping.price)}` : ''}
                </span>
              </span>
            )
          }
          return <span className={muted}>None yet</span>
        },
      },
      {
        id: 'updatedAt',
        accessorKey: 'updatedAt',
        header: 'Last Update',
        enableColumnFilter: false,
        cell: (c) => <span className={nowrap}>{formatDocumentDate(c.getValue())}</span>,
      },
      {
        id: 'action',
        header: 'Action',
        enableSorting: false,
        enableColumnFilter: false,
        cell: ({ row }) => (
          <Link
            to={progressPath}
            params={{ id: String(row.original.id) }}
            className={link}
            aria-label={`View progress of ${row.original.document.documentTypeNavigation.name} request #${row.original.id}`}
          >
            View progress
          </Link>
        ),
      },
    )
    return list
  }, [isClient])

  return (
    <ListPage
      title="Requested Documents"
      header={PageHeader}
      description={isClient ? 'Paper originals you asked us to mail, and where they are.' : 'Requests from clients to mail their documents.'}
      actions={
        isClient ? (
          <Link to="/client/document-request" className={actionLinkClass}>
            Request a document
          </Link>
        ) : undefined
      }
      query={list}
      onRetry={() => void list.refetch()}
      errorTitle="The requests could not be loaded"
      errorText={errorMessage}
      // Requests made on this device and what became of them (sent once the connection returns).
      notices={isClient && <OutboxList kinds={MAIL_REQUEST_KINDS} heading="Requests saved on this device" />}
    >
      <DataTable
        label="Requested documents"
        data={requests}
        columns={columns}
        getRowId={(r) => String(r.id)}
        manual
        rowCount={total}
        rowCountIsEstimate={request.kind === 'query' && list.data?.totalIsEstimate}
        pageSizes={REQUEST_PAGE_SIZES}
        pagination={{ pageIndex: state.page - 1, pageSize: state.pageSize }}
        onPaginationChange={(next) => change({ page: next.pageIndex + 1, pageSize: next.pageSize })}
        sorting={state.sort ? [{ id: state.sort, desc: state.order === 'desc' }] : []}
        onSortingChange={(next) => {
          const first = next[0]
          change(first ? { sort: first.id as RequestSortField, order: first.desc ? 'desc' : 'asc' } : { sort: undefined, order: undefined })
        }}
        columnFilterValues={state.status ? [{ id: 'status', value: state.status }] : []}
        onColumnFiltersChange={(next) => {
          const status = next.find((filter) => filter.id === 'status')?.value
          change({ status: typeof status === 'string' ? status : '' })
        }}
        globalFilter={state.q}
        onGlobalFilterChange={(q) => change({ q })}
        searchPlaceholder={isClient ? 'Document, recipient, tracking' : 'Company, document, tracking'}
        loading={list.isFetching}
        emptyMessage={
          request.kind === 'no-match' ? request.message : isClient ? 'No requests yet. Request a document by mail from your documents list.' : undefined
        }
      />
    </ListPage>
  )
}
