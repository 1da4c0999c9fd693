import type { StaffUser, UserSortField } from '@contract/users'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { errorMessage } from '~/lib/api-client'
import { formatDateTime } from '~/lib/dates'
import { PERM, usePermission } from '~/lib/permissions'
import { PageHeader } from '~/ui/page-header'
import { createColumnHelper, DataTable, type ColumnDef, type ColumnFiltersState, type SortingState } from '~/ui/data-table'
import { ListPage, useMergedChanges } from '~/ui/list-page'
import { userListQueryOptions } from './api'
import { listParams, USER_FILTER_COLUMNS, USER_PAGE_SIZES, type UserFilterColumn, type UserListState } from './list-params'
import { StaffStatusBadge } from './status'

const column = createColumnHelper<StaffUser>()
const nowrap = css({ whiteSpace: 'nowrap' })
const nameLink = css({ fontWeight: 'semibold' })
const muted = css({ color: 'fg.muted' })

const fullName = (user: StaffUser) => `${user.firstName} ${user.lastName}`.trim() || user.email

const columns: ColumnDef<StaffUser, any>[] = [
  column.accessor(fullName, {
    id: 'name',
    header: 'Name',
    cell: (info) => (
      <Link to="/provider/users/view/$id" params={{ id: String(info.row.original.id) }} className={nameLink}>
        {info.getValue()}
      </Link>
    ),
  }),
  column.accessor('email', { header: 'E-mail' }),
  column.accessor('role', { header: 'Role' }),
  column.accessor('status', { header: 'Status', cell: (info) => <StaffStatusBadge status={info.getValue()} /> }),
  column.accessor('lastSignInAt', {
    header: 'Last sign-in',
    enableColumnFilter: false,
    cell: (info) => (info.getValue() ? <span className={nowrap}>{formatDateTime(info.getValue())}</span> : <span className={muted}>Never</span>),
  }),
]

export type UsersPageProps = {
  state: UserListState
  onStateChange: (patch: Partial<UserListState>) => void
}

/** Provider › Users: the staff, paged, searched, filtered and sorted on the server; each links to its view. */
export function UsersPage({ state, onStateChange }: UsersPageProps) {
  const change = useMergedChanges<UserListState>(onStateChange)
  const list = useQuery(userListQueryOptions(listParams(state)))
  const canCreate = usePermission(PERM.UCC)
  const sorting: SortingState = state.sort ? [{ id: state.sort, desc: state.order === 'desc' }] : []
  const columnFilters: ColumnFiltersState = USER_FILTER_COLUMNS.filter((id) => state.filters[id]).map((id) => ({ id, value: state.filters[id] }))

  return (
    <ListPage
      title="Users"
      header={PageHeader}
      description="Staff accounts, their roles and whether they can sign in."
      actions={
        canCreate ? (
          <Link to="/provider/users/add" className={cx(button({ variant: 'solid' }))}>
            Add user
          </Link>
        ) : undefined
      }
      query={list}
      onRetry={() => void list.refetch()}
      errorTitle="The users could not be loaded"
      errorText={errorMessage}
    >
      <DataTable<StaffUser>
        label="Users"
        searchPlaceholder="Search name, e-mail or role…"
        data={list.data?.data ?? []}
        columns={columns}
        getRowId={(user) => String(user.id)}
        manual
        rowCount={list.data?.total ?? 0}
        pageSizes={USER_PAGE_SIZES}
        pagination={{ pageIndex: state.page - 1, pageSize: state.pageSize }}
        onPaginationChange={(next) => change({ page: next.pageIndex + 1, pageSize: next.pageSize })}
        sorting={sorting}
        onSortingChange={(next) => {
          const first = next[0]
          change(first ? { sort: first.id as UserSortField, order: first.desc ? 'desc' : 'asc', page: 1 } : { sort: undefined, order: undefined, page: 1 })
        }}
        columnFilterValues={columnFilters}
        onColumnFiltersChange={(next) => {
          const filters: UserListState['filters'] = {}
          for (const filter of next) {
            const value = typeof filter.value === 'string' ? filter.value : ''
            if (value.trim()) filters[filter.id as UserFilterColumn] = value
          }
          change({ filters, page: 1 })
        }}
        globalFilter={state.q}
        onGlobalFilterChange={(q) => change({ q, page: 1 })}
        loading={list.isFetching}
      />
    </ListPage>
  )
}
