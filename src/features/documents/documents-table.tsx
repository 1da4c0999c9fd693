import type { Document } from '@contract/documents'
import { Link } from '@tanstack/react-router'
import { useMemo, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { daysText, formatDocumentDate } from '~/lib/dates'
import { Badge, StatusBadge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { DataTable, type ColumnDef, type ColumnFiltersState, type PaginationState, type SortingState } from '~/ui/data-table'
import { DownloadIcon, EyeIcon, MailIcon, TrashIcon } from '~/ui/icons'
import { documentLabel } from './format'
import { DOCUMENT_FILTER_COLUMNS, DOCUMENT_PAGE_SIZES, type DocumentFilterColumn, type DocumentListState, type DocumentSortField } from './list-params'

/** Under this many days left, the count is shown as a warning. */
const FEW_DAYS_LEFT = 7

const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '1.5', alignItems: 'center' })
const linkButton = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '1.5',
  h: '8',
  px: '2.5',
  borderRadius: 'md',
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'accent.text',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  _hover: { bg: 'bg.accent', textDecoration: 'underline' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})
const nowrap = css({ whiteSpace: 'nowrap' })

export type DocumentsTableProps = {
  documents: Document[]
  total: number
  state: DocumentListState
  onStateChange: (patch: Partial<DocumentListState>) => void
  /** Clients see the Read/Unread column and the mail request actions; staff do not. */
  audience: 'client' | 'agent'
  /** Across clients: a Company column. */
  showCompany: boolean
  /** Agents with DCD. */
  canDelete: boolean
  /** The document whose file is being fetched, and for what. */
  busy: { id: number; action: 'view' | 'download' } | null
  onView: (document: Document) => void
  onDownload: (document: Document) => void
  onDelete: (document: Document) => void
  loading: boolean
  emptyMessage?: ReactNode
  toolbar?: ReactNode
}

function DaysLeft({ document }: { document: Document }) {
  if (document.status === 'shredded') return <Badge tone="neutral">Shredded</Badge>
  if (document.daysLeft <= 0) return <Badge tone="neutral">Window closed</Badge>
  return (
    <Badge tone={document.daysLeft <= FEW_DAYS_LEFT ? 'warning' : 'info'} className={nowrap}>
      {daysText(document.daysLeft)}
    </Badge>
  )
}

/**
 * The documents table (SPEC.md sections 2 and 9): Date Received as DD-MMM-YYYY, Type, Jurisdiction,
 * a Read/Unread badge (clients; the staff view drops it), days left before shredding, and actions.
 * The server pages, sorts and filters; 20 rows by default.
 */
export function DocumentsTable(props: DocumentsTableProps) {
  const { documents, total, state, onStateChange, audience, showCompany, canDelete, busy, onView, onDownload, onDelete, loading, emptyMessage, toolbar } = props
  const isClient = audience === 'client'

  const columns = useMemo<ColumnDef<Document, any>[]>(() => {
    const list: ColumnDef<Document, any>[] = [
      {
        id: 'dateReceived',
        accessorKey: 'dateReceived',
        header: 'Date Received',
        cell: (c) => <span className={nowrap}>{formatDocumentDate(c.getValue())}</span>,
      },
    ]
    if (showCompany) {
      list.push({ id: 'company', accessorFn: (d) => d.client?.companyName ?? '', header: 'Company', enableColumnFilter: false })
    }
    list.push(
      { id: 'type', accessorFn: (d) => d.documentTypeNavigation.name, header: 'Type' },
      { id: 'jurisdiction', accessorKey: 'jurisdiction', header: 'Jurisdiction', cell: (c) => c.row.original.jurisdictionName },
    )
    if (isClient) {
      list.push({
        id: 'isRead',
        accessorKey: 'isRead',
        header: 'Status',
        cell: (c) => (c.getValue() ? <StatusBadge tone="success">Read</StatusBadge> : <StatusBadge tone="info">Unread</StatusBadge>),
      })
    }
    list.push({
      id: 'daysLeft',
      accessorKey: 'daysLeft',
      header: 'Days Left',
      enableColumnFilter: false,
      cell: (c) => <DaysLeft document={c.row.original} />,
    })
    list.push({
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      enableColumnFilter: false,
      // While loading, the usual buttons of an active document hold the row's height (they wrap on phones).
      meta: {
        placeholder: (
          <div className={actions}>
            <span className={linkButton}>
              <EyeIcon />
              View
            </span>
            <span className={linkButton}>
              <DownloadIcon />
              Download
            </span>
            {isClient && (
              <span className={linkButton}>
                <MailIcon />
                Request by mail
              </span>
            )}
            {canDelete && (
              <span className={linkButton}>
                <TrashIcon />
                Delete
              </span>
            )}
          </div>
        ),
      },
      cell: ({ row }) => {
        const document = row.original
        const label = documentLabel(document)
        const active = document.status === 'active'
        return (
          <div className={actions}>
            {active && (
              <>
                <Button
                  size="sm"
                  variant="outline"
                  aria-label={`View ${label}`}
                  loading={busy?.id === document.id && busy.action === 'view'}
                  onClick={() => onView(document)}
                >
                  <EyeIcon />
                  View
                </Button>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Download ${label}`}
                  loading={busy?.id === document.id && busy.action === 'download'}
                  onClick={() => onDownload(document)}
                >
                  <DownloadIcon />
                  Download
                </Button>
              </>
            )}
            {isClient && document.openRequestId !== null && (
              <Link to="/client/document-progress/$id" params={{ id: String(document.openRequestId) }} className={linkButton} aria-label={`Mail requested: follow ${label}`}>
                <MailIcon />
                Mail requested
              </Link>
            )}
            {isClient && document.canRequest && (
              <Link to="/client/document-request" search={{ documentId: document.id }} className={linkButton} aria-label={`Request by mail: ${label}`}>
                <MailIcon />
                Request by mail
              </Link>
            )}
            {canDelete && (
              <Button size="sm" variant="ghost" aria-label={`Delete ${label}`} onClick={() => onDelete(document)} className={css({ color: 'fg.danger' })}>
                <TrashIcon />
                Delete
              </Button>
            )}
          </div>
        )
      },
    })
    return list
  }, [showCompany, isClient, canDelete, busy, onView, onDownload, onDelete])

  const pagination: PaginationState = { pageIndex: state.page - 1, pageSize: state.pageSize }
  const sorting: SortingState = state.sort ? [{ id: state.sort, desc: state.order === 'desc' }] : []
  const columnFilterValues: ColumnFiltersState = Object.entries(state.filters).map(([id, value]) => ({ id, value }))

  return (
    <DataTable
      label="Documents"
      data={documents}
      columns={columns}
      getRowId={(document) => String(document.id)}
      manual
      rowCount={total}
      pageSizes={DOCUMENT_PAGE_SIZES}
      pagination={pagination}
      onPaginationChange={(next) => onStateChange({ page: next.pageIndex + 1, pageSize: next.pageSize })}
      sorting={sorting}
      onSortingChange={(next) => {
        const first = next[0]
        onStateChange(first ? { sort: first.id as DocumentSortField, order: first.desc ? 'desc' : 'asc' } : { sort: undefined, order: undefined })
      }}
      columnFilterValues={columnFilterValues}
      onColumnFiltersChange={(next) => {
        const filters: DocumentListState['filters'] = {}
        for (const filter of next) {
          if (DOCUMENT_FILTER_COLUMNS.includes(filter.id as DocumentFilterColumn) && typeof filter.value === 'string' && filter.value.trim()) {
            filters[filter.id as DocumentFilterColumn] = filter.value
          }
        }
        onStateChange({ filters })
      }}
      globalFilter={state.q}
      onGlobalFilterChange={(q) => onStateChange({ q })}
      searchPlaceholder={showCompany ? 'Search type, file or company…' : 'Search type or file name…'}
      loading={loading}
      emptyMessage={emptyMessage}
      toolbar={toolbar}
    />
  )
}
