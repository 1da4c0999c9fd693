import type { Document } from '@contract/documents'
import { MAIL_ACTION_LABELS, MAIL_ACTIONS, type MailActionKind } from '@contract/mail-actions'
import { useNavigate } from '@tanstack/react-router'
import { useMemo, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { daysText, formatDocumentDate } from '~/lib/dates'
import { Badge, StatusBadge } from '~/ui/badge'
import { Button, IconButton } from '~/ui/button'
import { DataTable, type ColumnDef, type ColumnFiltersState, type PaginationState, type RowSelectionState, type SortingState } from '~/ui/data-table'
import { EyeIcon, MoreIcon } from '~/ui/icons'
import { lazyMenu, MenuOnDemand } from '~/ui/menu-on-demand'
import { TrackingNumber } from '~/ui/tracking-number'
import { documentLabel } from './format'
import { Snippet, TextState } from './words'
import { DOCUMENT_FILTER_COLUMNS, DOCUMENT_PAGE_SIZES, type DocumentFilterColumn, type DocumentListState, type DocumentSortField } from './list-params'

/** Under this many days left, the count is shown as a warning. */
const FEW_DAYS_LEFT = 7

const iconBox = css({ display: 'inline-block', w: '1em', h: '1em' })
// View and the menu stay side by side: a table's column is as wide as both.
const actions = css({ display: 'flex', gap: '1.5', alignItems: 'center' })
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

// A row's menu is built when its button is first pressed: a page of rows does not build twenty menus.
const RowActionsMenu = lazyMenu(() => import('./row-actions-menu'))

/**
 * A row's actions: one primary button (View) and a menu for the rest (Download, the mail request,
 * Delete), so a row stays one line high on a desktop and fits a phone.
 */
function RowActions({
  document,
  isClient,
  canDelete,
  busy,
  onView,
  onDownload,
  onDelete,
  onMailAction,
}: Pick<DocumentsTableProps, 'canDelete' | 'busy' | 'onView' | 'onDownload' | 'onDelete' | 'onMailAction'> & { document: Document; isClient: boolean }) {
  const navigate = useNavigate()
  const label = documentLabel(document)
  const active = document.status === 'active'
  const mailRequested = isClient && document.openRequestId !== null
  const mayRequest = isClient && document.canRequest && document.mailAction?.status !== 'open'
  const mailActions = isClient ? availableMailActions(document) : []
  const hasMenu = active || mailRequested || mayRequest || mailActions.length > 0 || canDelete
  const trigger = (
    <IconButton size="sm" aria-label={`More actions: ${label}`} loading={busy?.id === document.id && busy.action === 'download'}>
      <MoreIcon />
    </IconButton>
  )
  const onSelect = ({ value }: { value: string }) => {
    if (value === 'download') onDownload(document)
    else if (value === 'delete') onDelete(document)
    else if (value === 'follow' && document.openRequestId !== null)
      void navigate({ to: '/client/document-progress/$id', params: { id: String(document.openRequestId) } })
    else if (value === 'request') void navigate({ to: '/client/document-request', search: { documentId: document.id } })
    else if ((MAIL_ACTIONS as readonly string[]).includes(value)) onMailAction?.(document, value as MailActionKind)
  }
  return (
    <div className={actions}>
      {active && (
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
      )}
      {hasMenu && (
        <MenuOnDemand trigger={trigger}>
          {(open) => (
            <RowActionsMenu
              defaultOpen={open}
              trigger={trigger}
              download={active}
              follow={mailRequested}
              request={mayRequest}
              mailActions={mailActions}
              remove={canDelete}
              onSelect={onSelect}
            />
          )}
        </MenuOnDemand>
      )}
    </div>
  )
}

export type DocumentsTableProps = {
  documents: Document[]
  total: number
  /** `total` is the server's estimate of a very large list. */
  totalIsEstimate?: boolean
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
  /** A client asks for an action on a piece of mail (the panel asks first). */
  onMailAction?: (document: Document, action: MailActionKind) => void
  loading: boolean
  emptyMessage?: ReactNode
  toolbar?: ReactNode
  /** The rows ticked, on this page and earlier ones (to download them as one ZIP). */
  onSelectionChange?: (documents: Document[]) => void
  /** The ticks by document id, when the page holds them (an "all matching" choice ticks every row). */
  rowSelection?: RowSelectionState
  onRowSelectionChange?: (selection: RowSelectionState) => void
}

const mailedNote = css({ display: 'flex', flexDirection: 'column', gap: '0.5', fontSize: 'sm', minW: '0' })
const trackingText = css({ color: 'fg.muted' })

/** The original left the mailroom: when, and how to follow it, instead of a countdown. */
function OriginalMailed({ mailed }: { mailed: NonNullable<Document['originalMailed']> }) {
  return (
    <span className={mailedNote}>
      {/* Only the date keeps to one line: the column stays as narrow as a countdown's beside the side menu. */}
      <span>
        Original mailed on <span className={nowrap}>{formatDocumentDate(mailed.mailedAt)}</span>
      </span>
      {mailed.trackingNumber && (
        <span className={trackingText}>
          {mailed.carrier ? `${mailed.carrier} ` : ''}tracking <TrackingNumber carrier={mailed.carrier} value={mailed.trackingNumber} />
        </span>
      )}
    </span>
  )
}

/**
 * What a client may ask for now: nothing while another action or a mail request is open; open and scan
 * for an envelope not opened yet; hold while the original can still be held; shred while active.
 */
export function availableMailActions(document: Document): MailActionKind[] {
  if (document.status !== 'active' || document.openRequestId !== null) return []
  // The client's rule shreds the paper only: the scan can still be shredded, and no paper is left to hold.
  const paperShred = document.mailAction?.action === 'shred' && document.mailAction.originalOnly
  if (paperShred) return ['shred']
  if (document.mailAction?.status === 'open') return []
  const opened = document.mailAction?.action === 'open-and-scan' && document.mailAction.status === 'done'
  const held = document.mailAction?.action === 'hold' && document.mailAction.status === 'done'
  const list: MailActionKind[] = []
  if (document.kind === 'envelope' && !opened) list.push('open-and-scan')
  if (!document.originalMailed && !held) list.push('hold')
  list.push('shred')
  return list
}

const envelopeLine = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '1.5', mt: '1' })
const actionNote = css({ fontSize: 'sm', color: 'fg.muted' })

/** What the client asked for on this piece of mail, and where it stands. */
function mailActionNote(document: Document, isClient: boolean): string | null {
  const action = document.mailAction
  if (!action) return null
  if (action.action === 'shred' && action.originalOnly)
    return action.status === 'open'
      ? 'Paper original to be shredded (your mail rule); the scan is kept'
      : 'Paper original shredded (your mail rule); the scan is kept'
  if (action.status === 'open') return `${MAIL_ACTION_LABELS[action.action]} requested`
  if (action.action === 'open-and-scan')
    return isClient ? 'Opened and scanned: the scan is in your documents' : `Opened and scanned: document #${action.scanDocumentId ?? '?'}`
  if (action.action === 'hold') return 'Held for pick-up'
  return 'Shredded as asked'
}

/** Under the type: "Envelope" for an unopened piece of mail, and the state of the action asked for on it. */
function MailState({ document, isClient }: { document: Document; isClient: boolean }) {
  const note = mailActionNote(document, isClient)
  if (document.kind !== 'envelope' && !note) return null
  return (
    <span className={envelopeLine} data-testid="mail-state">
      {document.kind === 'envelope' && <Badge tone="info">Envelope</Badge>}
      {note && <span className={actionNote}>{note}</span>}
    </span>
  )
}

const answerDue = css({ display: 'block', mt: '1', fontSize: 'sm', color: 'fg.muted' })

/** A service of process: its answer date under the type (an estimate unless staff confirmed it), and whether the client acknowledged it. */
function AnswerDue({ document }: { document: Document }) {
  if (!document.responseDueDate) return null
  return (
    <span className={answerDue} data-testid="answer-due">
      Answer due {formatDocumentDate(document.responseDueDate)}
      {document.responseDueEstimate ? ' (estimate: confirm with an attorney)' : ''}
      {document.acknowledgedAt ? ' · acknowledged' : ''}
    </span>
  )
}

function DaysLeft({ document }: { document: Document }) {
  if (document.originalMailed) return <OriginalMailed mailed={document.originalMailed} />
  if (document.status === 'shredded') return <Badge tone="neutral">Shredded</Badge>
  if (document.daysLeft <= 0) return <Badge tone="neutral">Window closed</Badge>
  return (
    <Badge tone={document.daysLeft <= FEW_DAYS_LEFT ? 'warning' : 'info'} className={nowrap}>
      {daysText(document.daysLeft)}
    </Badge>
  )
}

/**
 * The documents table: Date Received as DD-MMM-YYYY, Type, Jurisdiction,
 * a Read/Unread badge (clients; the staff view drops it), days left before shredding, and actions.
 * The server pages, sorts and filters; 20 rows by default.
 */
export function DocumentsTable(props: DocumentsTableProps) {
  const {
    documents,
    total,
    state,
    onStateChange,
    audience,
    showCompany,
    canDelete,
    busy,
    onView,
    onDownload,
    onDelete,
    onMailAction,
    loading,
    emptyMessage,
    toolbar,
  } = props
  const isClient = audience === 'client'
  const q = state.q

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
      {
        id: 'type',
        accessorFn: (d) => d.documentTypeNavigation.name,
        header: 'Type',
        // Under the type: the words a search found inside the document, and for staff how reading them went.
        cell: (c) => (
          <>
            {c.getValue()}
            <MailState document={c.row.original} isClient={isClient} />
            <AnswerDue document={c.row.original} />
            {c.row.original.snippet && <Snippet snippet={c.row.original.snippet} q={q} />}
            {!isClient && <TextState document={c.row.original} />}
          </>
        ),
      },
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
      // While loading, the usual actions of an active document hold the row's size (each icon's box
      // stands in for it).
      meta: {
        placeholder: (
          <div className={actions}>
            <span className={linkButton}>
              <span className={iconBox} />
              View
            </span>
            <span className={linkButton}>
              <span className={iconBox} />
            </span>
          </div>
        ),
      },
      cell: ({ row }) => (
        <RowActions
          document={row.original}
          isClient={isClient}
          canDelete={canDelete}
          busy={busy}
          onView={onView}
          onDownload={onDownload}
          onDelete={onDelete}
          onMailAction={onMailAction}
        />
      ),
    })
    return list
  }, [showCompany, isClient, canDelete, busy, onView, onDownload, onDelete, onMailAction, q])

  const pagination: PaginationState = { pageIndex: state.page - 1, pageSize: state.pageSize }
  // Unsorted, the server lists by Date Received, newest first: the header says so.
  const sorting: SortingState = state.sort ? [{ id: state.sort, desc: state.order === 'desc' }] : [{ id: 'dateReceived', desc: true }]
  const columnFilterValues: ColumnFiltersState = Object.entries(state.filters).map(([id, value]) => ({ id, value }))

  return (
    <DataTable
      label="Documents"
      data={documents}
      columns={columns}
      getRowId={(document) => String(document.id)}
      manual
      rowCount={total}
      rowCountIsEstimate={props.totalIsEstimate}
      pageSizes={DOCUMENT_PAGE_SIZES}
      pagination={pagination}
      onPaginationChange={(next) => onStateChange({ page: next.pageIndex + 1, pageSize: next.pageSize })}
      sorting={sorting}
      onSortingChange={(next) => {
        const first = next[0]
        // From the default (Date Received, newest first) a click on Date Received turns it oldest first.
        if (!first && !state.sort) return onStateChange({ sort: 'dateReceived', order: 'asc' })
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
      searchPlaceholder={showCompany ? 'Search words, type, file or company…' : 'Search words, type or file name…'}
      selectable
      rowLabel={documentLabel}
      onSelectionChange={props.onSelectionChange}
      rowSelection={props.rowSelection}
      onRowSelectionChange={props.onRowSelectionChange}
      loading={loading}
      emptyMessage={emptyMessage}
      toolbar={toolbar}
    />
  )
}
