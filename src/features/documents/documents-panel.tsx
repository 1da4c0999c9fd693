import type { Document } from '@contract/documents'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { PERM, sessionHasPermission } from '~/lib/permissions'
import { useRequiredSession, userKind } from '~/lib/session'
import { PageHeader } from '~/features/shell'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { documentListQueryOptions, documentTypesQueryOptions, type DocumentScope } from './api'
import { useDocumentFiles } from './document-viewer'
import { DocumentsTable } from './documents-table'
import { MailIcon, RefreshIcon, UploadIcon } from '~/ui/icons'
import { DEFAULT_DOCUMENT_LIST_STATE, documentListRequest, type DocumentListState } from './list-params'
import { RetentionNotice } from './retention-notice'
import { SavedAtNote } from './saved-note'

// Asking before a delete needs a dialog: it loads the first time someone deletes.
const DeleteDocumentDialog = lazy(() => import('./delete-document-dialog').then((m) => ({ default: m.DeleteDocumentDialog })))

const stack = css({ display: 'flex', flexDirection: 'column', gap: '3' })
const sectionHeader = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3' })
const sectionHeading = css({ fontSize: 'lg', fontWeight: 'bold', m: '0' })
const headerActions = css({ display: 'flex', flexWrap: 'wrap', gap: '2' })
const actionLink = css({
  display: 'inline-flex',
  alignItems: 'center',
  gap: '2',
  h: '10',
  px: '4',
  borderRadius: 'md',
  bg: 'accent',
  color: 'accent.fg',
  fontWeight: 'semibold',
  fontSize: 'sm',
  textDecoration: 'none',
  _hover: { bg: 'accent.emphasized' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})

/**
 * Several table events can fire in one tick (a new filter also returns to page 1): merge them into one
 * change, so the URL is written once.
 */
function useMergedChanges(onChange: (patch: Partial<DocumentListState>) => void) {
  const pending = useRef<Partial<DocumentListState> | null>(null)
  const target = useRef(onChange)
  target.current = onChange
  return useCallback((patch: Partial<DocumentListState>) => {
    const first = pending.current === null
    pending.current = { ...pending.current, ...patch }
    if (!first) return
    queueMicrotask(() => {
      const merged = pending.current
      pending.current = null
      if (merged) target.current(merged)
    })
  }, [])
}

type DocumentsViewProps = {
  scope: DocumentScope
  state: DocumentListState
  onStateChange: (patch: Partial<DocumentListState>) => void
  /** A page has the one h1; embedded in another page the heading is an h2. */
  as: 'page' | 'section'
  title: string
}

function DocumentsView({ scope, state, onStateChange, as, title }: DocumentsViewProps) {
  const session = useRequiredSession()
  const isClient = userKind(session.user) === 'client'
  const canDelete = !isClient && sessionHasPermission(session, PERM.DCD)
  const change = useMergedChanges(onStateChange)
  const types = useQuery(documentTypesQueryOptions())
  const request = documentListRequest(state, types.data ?? [])
  const list = useQuery({
    ...documentListQueryOptions(scope, request.kind === 'query' ? request.params : { page: 1, pageSize: state.pageSize }),
    enabled: request.kind === 'query',
  })
  const files = useDocumentFiles()
  const [deleting, setDeleting] = useState<Document | null>(null)

  const documents = request.kind === 'query' ? (list.data?.data ?? []) : []
  const total = request.kind === 'query' ? (list.data?.total ?? 0) : 0

  const refreshButton = (
    <Button variant="outline" onClick={() => void list.refetch()} loading={list.isRefetching} disabled={request.kind !== 'query'}>
      {!list.isRefetching && <RefreshIcon />}
      Refresh
    </Button>
  )
  const headerButtons = (
    <div className={headerActions}>
      {isClient && (
        <Link to="/client/document-request" className={actionLink}>
          <MailIcon />
          Request by mail
        </Link>
      )}
      {!isClient && (
        <Link to="/provider/documents/add" search={scope.kind === 'client' ? { clientId: scope.clientId } : {}} className={actionLink}>
          <UploadIcon />
          Upload documents
        </Link>
      )}
      {refreshButton}
    </div>
  )

  return (
    <div className={stack}>
      {as === 'page' ? (
        <PageHeader title={title} actions={headerButtons} />
      ) : (
        <div className={sectionHeader}>
          <h2 className={sectionHeading}>{title}</h2>
          {headerButtons}
        </div>
      )}
      {isClient && <RetentionNotice />}
      {scope.kind === 'all' && state.clientId !== undefined && (
        <Alert
          status="neutral"
          action={
            <Button variant="outline" size="sm" onClick={() => change({ clientId: undefined, page: 1 })}>
              Show all clients
            </Button>
          }
        >
          Showing the documents of {documents[0]?.client?.companyName ?? 'one client'} only.
        </Alert>
      )}
      <SavedAtNote updatedAt={list.dataUpdatedAt} hasData={list.data !== undefined} />
      {list.isError && list.data === undefined && (
        <Alert
          status="danger"
          title="The documents could not be loaded"
          action={
            <Button variant="outline" size="sm" onClick={() => void list.refetch()}>
              Try again
            </Button>
          }
        >
          {errorMessage(list.error)}
        </Alert>
      )}
      <DocumentsTable
        documents={documents}
        total={total}
        state={state}
        onStateChange={change}
        audience={isClient ? 'client' : 'agent'}
        showCompany={scope.kind === 'all'}
        canDelete={canDelete}
        busy={files.busy}
        onView={files.view}
        onDownload={files.download}
        onDelete={setDeleting}
        loading={list.isFetching}
        emptyMessage={request.kind === 'no-match' ? request.message : undefined}
      />
      {files.viewer}
      {deleting && (
        <Suspense fallback={null}>
          <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
    </div>
  )
}

export type DocumentsPanelProps = {
  /** The client whose documents to show (forced), e.g. the provider client profile's Documents tab. */
  clientId: number
}

/**
 * One client's documents as a section of another page: `<DocumentsPanel clientId={id} />`. Paging
 * and filters stay with the panel.
 */
export function DocumentsPanel({ clientId }: DocumentsPanelProps) {
  const [state, setState] = useState<DocumentListState>(DEFAULT_DOCUMENT_LIST_STATE)
  return (
    <DocumentsView
      key={clientId}
      scope={{ kind: 'client', clientId }}
      state={state}
      onStateChange={(patch) => setState((current) => ({ ...current, ...patch }))}
      as="section"
      title="Documents"
    />
  )
}

export type DocumentsPageProps = {
  scope: DocumentScope
  state: DocumentListState
  onStateChange: (patch: Partial<DocumentListState>) => void
}

/** A documents page (client/documents, provider/documents) with its state in the URL. */
export function DocumentsPage({ scope, state, onStateChange }: DocumentsPageProps) {
  const { user } = useRequiredSession()
  const title = userKind(user) === 'client' ? 'Documents List' : 'Documents'
  return <DocumentsView scope={scope} state={state} onStateChange={onStateChange} as="page" title={title} />
}
