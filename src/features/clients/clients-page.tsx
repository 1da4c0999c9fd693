import type { ClientListItem, ClientSortField } from '@contract/clients'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { errorMessage } from '~/lib/api-client'
import { formatDocumentDate } from '~/lib/dates'
import { PERM, usePermission } from '~/lib/permissions'
import { PageHeader } from '~/ui/page-header'
import { createColumnHelper, DataTable, type ColumnDef, type SortingState } from '~/ui/data-table'
import { ListPage, useMergedChanges } from '~/ui/list-page'
import { clientListQueryOptions } from './api'
import { formatPhone } from './format'
import { CLIENT_PAGE_SIZES, listParams, type ClientListState } from './list-params'

const column = createColumnHelper<ClientListItem>()
const nowrap = css({ whiteSpace: 'nowrap' })
const companyLink = css({ fontWeight: 'semibold' })
const services = css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '0.5', fontSize: 'sm', minW: '44' })
const muted = css({ color: 'fg.muted' })
// A long address has no space to wrap at: it may break anywhere rather than widen the table.
const email = css({ overflowWrap: 'anywhere' })

const columns: ColumnDef<ClientListItem, any>[] = [
  column.accessor('companyName', {
    header: 'Company',
    cell: (info) => (
      <Link to="/provider/clients/$id" params={{ id: String(info.row.original.id) }} search={{ tab: 'basic' }} className={companyLink}>
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor((client) => `${client.firstName} ${client.lastName}`.trim(), { id: 'lastName', header: 'Name' }),
  column.accessor('email', {
    header: 'E-mail',
    cell: (info) => (info.getValue() ? <span className={email}>{info.getValue()}</span> : <span className={muted}>—</span>),
  }),
  column.accessor('phone', { header: 'Phone', enableSorting: false, cell: (info) => <span className={nowrap}>{formatPhone(info.getValue())}</span> }),
  column.accessor('createdAt', { header: 'Created', cell: (info) => <span className={nowrap}>{formatDocumentDate(info.getValue())}</span> }),
  column.accessor('services', {
    header: 'Services',
    enableSorting: false,
    cell: (info) => {
      const names: string[] = info.getValue()
      if (!names.length) return <span className={muted}>None</span>
      return (
        <ul className={services}>
          {names.map((name: string, index: number) => (
            <li key={`${name}-${index}`}>{name}</li>
          ))}
        </ul>
      )
    },
  }),
]

const SORTABLE = new Set<string>(['companyName', 'lastName', 'email', 'createdAt'])

export type ClientsPageProps = {
  /** Paging, sorting and search, read from the URL by the route. */
  state: ClientListState
  onStateChange: (patch: Partial<ClientListState>) => void
}

/**
 * Provider › Clients: every client, paged, sorted and searched on the server (company, name, e-mail,
 * phone, city or mailbox), newest first until a column is sorted; each links to its profile.
 */
export function ClientsPage({ state, onStateChange }: ClientsPageProps) {
  const change = useMergedChanges<ClientListState>(onStateChange)
  const params = listParams(state)
  const list = useQuery(clientListQueryOptions(params))
  const canRegister = usePermission(PERM.PCE)
  const sorting: SortingState = useMemo(() => (state.sort ? [{ id: state.sort, desc: state.order === 'desc' }] : []), [state.sort, state.order])

  return (
    <ListPage
      title="Clients"
      header={PageHeader}
      description="Companies registered with us, their contact and their services."
      actions={
        canRegister ? (
          <Link to="/provider/add-client" className={cx(button({ variant: 'solid' }))}>
            Add Client
          </Link>
        ) : undefined
      }
      query={list}
      onRetry={() => void list.refetch()}
      errorTitle="The clients could not be loaded"
      errorText={errorMessage}
    >
      <DataTable<ClientListItem>
        label="Clients"
        searchPlaceholder="Company, name, e-mail, phone"
        data={list.data?.data ?? []}
        columns={columns}
        getRowId={(client) => String(client.id)}
        manual
        rowCount={list.data?.total ?? 0}
        // The server searches across the columns; it has no per-column filters.
        columnFilters={false}
        pageSizes={CLIENT_PAGE_SIZES}
        pagination={{ pageIndex: state.page - 1, pageSize: state.pageSize }}
        onPaginationChange={(next) => change({ page: next.pageIndex + 1, pageSize: next.pageSize })}
        sorting={sorting}
        onSortingChange={(next) => {
          const first = next[0]
          change(
            first && SORTABLE.has(first.id)
              ? { sort: first.id as ClientSortField, order: first.desc ? 'desc' : 'asc', page: 1 }
              : { sort: undefined, order: undefined, page: 1 },
          )
        }}
        globalFilter={state.q}
        onGlobalFilterChange={(q) => change({ q, page: 1 })}
        loading={list.isFetching}
      />
    </ListPage>
  )
}
