import { MAIL_ACTION_LABELS, type MailAction, type MailActionStatus } from '@contract/mail-actions'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useMemo, useState } from 'react'
import { css } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { formatDocumentDate } from '~/lib/dates'
import { LIST_PAGE_SIZES } from '~/lib/list-query'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { DataTable, type ColumnDef } from '~/ui/data-table'
import { ListPage } from '~/ui/list-page'
import { PageHeader } from '~/ui/page-header'
import { mailActionListQueryOptions } from './api'

// Completing asks in a dialog: it loads the first time someone completes one.
const CompleteMailActionDialog = lazy(() => import('./complete-dialog').then((m) => ({ default: m.CompleteMailActionDialog })))

const muted = css({ display: 'block', fontSize: 'xs', color: 'fg.muted' })
const nowrap = css({ whiteSpace: 'nowrap' })
const link = css({ fontSize: 'sm', fontWeight: 'semibold' })
const toggles = css({ display: 'flex', gap: '2' })

/** 95 -> '1 h 35 min'; 3000 -> '2 d 2 h'. */
export function ageText(minutes: number): string {
  if (minutes < 60) return `${minutes} min`
  const hours = Math.floor(minutes / 60)
  if (hours < 24) return `${hours} h ${minutes % 60} min`
  return `${Math.floor(hours / 24)} d ${hours % 24} h`
}

export interface MailActionQueueState {
  status: MailActionStatus
  page: number
  pageSize: number
}

export type MailActionQueuePageProps = {
  state: MailActionQueueState
  onStateChange: (patch: Partial<MailActionQueueState>) => void
}

/**
 * provider/mail-actions (staff with DCV): clients' requests about their mail (open and scan, shred,
 * hold for pick-up), oldest first with their age; each completed from here. Mail requests (forwarding
 * the original) have their own page, Requested Documents.
 */
export function MailActionQueuePage({ state, onStateChange }: MailActionQueuePageProps) {
  const list = useQuery(mailActionListQueryOptions(state))
  const [completing, setCompleting] = useState<MailAction | null>(null)
  const open = state.status === 'open'
  const actions = list.data?.data ?? []

  const columns = useMemo<ColumnDef<MailAction, any>[]>(
    () => [
      {
        id: 'requestedAt',
        accessorKey: 'requestedAt',
        header: 'Requested',
        enableSorting: false,
        enableColumnFilter: false,
        cell: ({ row }) => (
          <span className={nowrap}>
            {formatDocumentDate(row.original.requestedAt)}
            <span className={muted}>{open ? `Waiting ${ageText(row.original.ageMinutes)}` : `Done ${formatDocumentDate(row.original.completedAt!)}`}</span>
          </span>
        ),
      },
      {
        id: 'company',
        accessorKey: 'clientName',
        header: 'Company',
        enableSorting: false,
        enableColumnFilter: false,
        cell: ({ row }) => (
          <Link to="/provider/clients/$id" params={{ id: String(row.original.clientId) }} className={link}>
            {row.original.clientName}
          </Link>
        ),
      },
      {
        id: 'action',
        accessorKey: 'action',
        header: 'Action',
        enableSorting: false,
        enableColumnFilter: false,
        cell: ({ row }) => (
          <Badge tone={row.original.action === 'shred' ? 'warning' : 'info'}>
            {row.original.originalOnly ? 'Shred paper (rule, scan kept)' : MAIL_ACTION_LABELS[row.original.action]}
          </Badge>
        ),
      },
      {
        id: 'document',
        header: 'Mail',
        enableSorting: false,
        enableColumnFilter: false,
        cell: ({ row }) => (
          <span>
            {row.original.documentTypeName}
            {row.original.documentKind === 'envelope' ? ' (envelope)' : ''}
            <span className={muted}>
              Received {formatDocumentDate(row.original.dateReceived)} · #{row.original.documentId}
            </span>
          </span>
        ),
      },
      {
        id: 'complete',
        header: 'Complete',
        enableSorting: false,
        enableColumnFilter: false,
        cell: ({ row }) =>
          row.original.status === 'open' ? (
            <Button
              size="sm"
              variant="outline"
              onClick={() => setCompleting(row.original)}
              aria-label={`Complete ${MAIL_ACTION_LABELS[row.original.action]} for ${row.original.clientName}, request #${row.original.id}`}
            >
              Complete
            </Button>
          ) : (
            <span className={muted}>Done</span>
          ),
      },
    ],
    [open],
  )

  return (
    <ListPage
      title="Mail actions"
      header={PageHeader}
      description="Clients’ requests about their mail: open and scan, shred, hold for pick-up. Oldest first."
      actions={
        <div className={toggles} role="group" aria-label="Which requests">
          <Button size="sm" variant={open ? 'solid' : 'outline'} aria-pressed={open} onClick={() => onStateChange({ status: 'open', page: 1 })}>
            Open
          </Button>
          <Button size="sm" variant={open ? 'outline' : 'solid'} aria-pressed={!open} onClick={() => onStateChange({ status: 'done', page: 1 })}>
            Done
          </Button>
        </div>
      }
      query={list}
      onRefresh={() => void list.refetch()}
      errorTitle="The mail actions could not be loaded"
      errorText={errorMessage}
    >
      <DataTable
        label="Mail actions"
        data={actions}
        columns={columns}
        getRowId={(action) => String(action.id)}
        manual
        rowCount={list.data?.total ?? 0}
        pageSizes={LIST_PAGE_SIZES}
        pagination={{ pageIndex: state.page - 1, pageSize: state.pageSize }}
        onPaginationChange={(next) => onStateChange({ page: next.pageIndex + 1, pageSize: next.pageSize })}
        loading={list.isFetching}
        emptyMessage={open ? 'No open requests: the mailroom is up to date.' : 'No request completed yet.'}
      />
      {completing && (
        <Suspense fallback={null}>
          <CompleteMailActionDialog action={completing} onClose={() => setCompleting(null)} />
        </Suspense>
      )}
    </ListPage>
  )
}
