import type { Document } from '@contract/documents'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { errorMessage } from '~/lib/api-client'
import { PERM, sessionHasPermission } from '~/lib/permissions'
import { useRequiredSession, userKind } from '~/lib/session'
import { PageHeader } from '~/ui/page-header'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { MailIcon, UploadIcon } from '~/ui/icons'
import { actionLinkClass, ListPage, useMergedChanges } from '~/ui/list-page'
import { documentListQueryOptions, documentTypesQueryOptions, type DocumentScope } from './api'
import { useDocumentFiles } from './document-viewer'
import { ArchiveButton } from './archive-download'
import { DocumentsTable } from './documents-table'
import { DEFAULT_DOCUMENT_LIST_STATE, documentListRequest, type DocumentListState } from './list-params'
import { RetentionNotice } from './retention-notice'
import { saveListedTexts } from './text-cache'

// Asking before a delete needs a dialog: it loads the first time someone deletes.
const DeleteDocumentDialog = lazy(() => import('./delete-document-dialog').then((m) => ({ default: m.DeleteDocumentDialog })))

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
  const [selected, setSelected] = useState<Document[]>([])

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
        loading={list.isFetching}
        emptyMessage={request.kind === 'no-match' ? request.message : undefined}
        onSelectionChange={setSelected}
        toolbar={<ArchiveButton documents={selected} />}
      />
      {files.viewer}
      {deleting && (
        <Suspense fallback={null}>
          <DeleteDocumentDialog document={deleting} onClose={() => setDeleting(null)} />
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
