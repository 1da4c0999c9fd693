import type { Document } from '@contract/documents'
import type { MailActionKind } from '@contract/mail-actions'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useEffect, useState } from 'react'
import { errorMessage } from '~/lib/api-client'
import { PERM, sessionHasPermission } from '~/lib/permissions'
import { useRequiredSession, userKind } from '~/lib/session'
import { PageHeader } from '~/ui/page-header'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { MailIcon, UploadIcon } from '~/ui/icons'
import type { RowSelectionState } from '~/ui/data-table'
import { actionLinkClass, ListPage, useMergedChanges } from '~/ui/list-page'
import { documentListQueryOptions, documentTypesQueryOptions, type DocumentScope } from './api'
import { useDocumentFiles } from './document-viewer'
import { ArchiveActions } from './archive-download'
import { archiveFilterOf, archiveRefusal, archiveSelectionOf, filterKey, matchingOffer } from './archive-selection'
import { DocumentsTable } from './documents-table'
import { DEFAULT_DOCUMENT_LIST_STATE, documentListRequest, type DocumentListState } from './list-params'
import { RetentionNotice } from './retention-notice'
import { saveListedTexts } from './text-cache'

// Asking before a delete needs a dialog: it loads the first time someone deletes.
const DeleteDocumentDialog = lazy(() => import('./delete-document-dialog').then((m) => ({ default: m.DeleteDocumentDialog })))
// Likewise the question before a client's action on a piece of mail.
const MailActionDialog = lazy(() => import('./mail-action-dialog').then((m) => ({ default: m.MailActionDialog })))

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
  const change = useMergedChanges<DocumentListState>(onStateChange)
  const types = useQuery(documentTypesQueryOptions())
  const request = documentListRequest(state, types.data ?? [])
  const list = useQuery({
    ...documentListQueryOptions(scope, request.kind === 'query' ? request.params : { page: 1, pageSize: state.pageSize }),
    enabled: request.kind === 'query',
  })
  const files = useDocumentFiles()
  const [deleting, setDeleting] = useState<Document | null>(null)
  const [acting, setActing] = useState<{ document: Document; action: MailActionKind } | null>(null)
  // One function for the page's life: the table's columns are built once, not on every render.
  const askMailAction = useCallback((document: Document, action: MailActionKind) => setActing({ document, action }), [])
  // The rows ticked (by id, and as documents), and "all matching" chosen for one search and filters (its key).
  const [rowSelection, setRowSelection] = useState<RowSelectionState>({})
  const [selected, setSelected] = useState<Document[]>([])
  const [matchingKey, setMatchingKey] = useState<string | null>(null)
  const [refusal, setRefusal] = useState<{ key: string; detail: string } | null>(null)

  const documents = request.kind === 'query' ? (list.data?.data ?? []) : []
  // The words of the listed documents are kept on the device in the background, for the search offline.
  const listed = request.kind === 'query' && !list.isPlaceholderData ? list.data?.data : undefined
  const userId = session.user.id
  useEffect(() => {
    if (!listed?.length) return
    const controller = new AbortController()
    void saveListedTexts(listed, userId, controller.signal)
    return () => controller.abort()
  }, [listed, userId])
  const total = request.kind === 'query' ? (list.data?.total ?? 0) : 0
  const totalIsEstimate = request.kind === 'query' && list.data?.totalIsEstimate === true

  // "All matching": the list's search and filters, sent instead of ids. It holds for the search it was
  // chosen for; another search or filter turns it off (the ticked rows stay ticked).
  const filter = request.kind === 'query' ? archiveFilterOf(scope, request.params) : null
  const key = filter ? filterKey(filter) : null
  const allMatching = key !== null && matchingKey === key
  // Offered from the total of the search shown, not of the one before while the next loads.
  const offer = list.data && !list.isPlaceholderData ? matchingOffer({ selectedCount: selected.length, total, totalIsEstimate, filter }) : null
  const selection = archiveSelectionOf({ selected, allMatching, filter, total, totalIsEstimate })
  const refusalText = archiveRefusal(selection, refusal !== null && refusal.key === key ? refusal.detail : null)
  // Chosen, every row shown is ticked; unticking one goes back to the rows ticked.
  const shownSelection = allMatching ? { ...rowSelection, ...Object.fromEntries(documents.map((document) => [String(document.id), true])) } : rowSelection
  const clearSelection = () => {
    setRowSelection({})
    setSelected([])
    setMatchingKey(null)
  }

  const headerLink = isClient ? (
    <Link to="/client/document-request" className={actionLinkClass}>
      <MailIcon />
      Request by mail
    </Link>
  ) : (
    <Link to="/provider/documents/add" search={scope.kind === 'client' ? { clientId: scope.clientId } : {}} className={actionLinkClass}>
      <UploadIcon />
      Upload documents
    </Link>
  )

  return (
    <ListPage
      title={title}
      header={as === 'page' ? PageHeader : undefined}
      actions={headerLink}
      query={list}
      onRefresh={() => void list.refetch()}
      refreshDisabled={request.kind !== 'query'}
      errorTitle="The documents could not be loaded"
      errorText={errorMessage}
      notices={
        <>
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
          {refusalText && (
            <Alert
              status="warning"
              title="Too many documents for one download"
              action={
                <Button variant="outline" size="sm" onClick={clearSelection}>
                  Clear selection
                </Button>
              }
            >
              {refusalText}
            </Alert>
          )}
          {state.documentId !== undefined && (
            <Alert
              status="neutral"
              action={
                <Button variant="outline" size="sm" onClick={() => change({ documentId: undefined, page: 1 })}>
                  Show all documents
                </Button>
              }
            >
              {documents[0] ? `Showing one document: ${documents[0].documentTypeNavigation.name}.` : 'Showing one document.'}
            </Alert>
          )}
        </>
      }
    >
      <DocumentsTable
        documents={documents}
        total={total}
        totalIsEstimate={request.kind === 'query' && list.data?.totalIsEstimate}
        state={state}
        onStateChange={change}
        audience={isClient ? 'client' : 'agent'}
        showCompany={scope.kind === 'all'}
        canDelete={canDelete}
        busy={files.busy}
        onView={files.view}
        onDownload={files.download}
        onDelete={setDeleting}
        onMailAction={isClient ? askMailAction : undefined}
        loading={list.isFetching}
        emptyMessage={request.kind === 'no-match' ? request.message : undefined}
        rowSelection={shownSelection}
        onRowSelectionChange={(next) => {
          setRowSelection(next)
          setMatchingKey(null)
        }}
        onSelectionChange={setSelected}
        toolbar={
          <ArchiveActions
            selection={selection}
            offer={offer}
            refusal={refusalText}
            onSelectAllMatching={() => key !== null && setMatchingKey(key)}
            onClear={clearSelection}
            onRefused={(detail) => key !== null && setRefusal({ key, detail })}
          />
        }
      />
      {files.viewer}
      {deleting && (
        <Suspense fallback={null}>
          <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />
        </Suspense>
      )}
      {acting && (
        <Suspense fallback={null}>
          <MailActionDialog document={acting.document} action={acting.action} onClose={() => setActing(null)} />
        </Suspense>
      )}
    </ListPage>
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
