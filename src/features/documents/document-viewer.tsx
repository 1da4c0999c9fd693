import { documentViewPath } from '@contract/document-view'
import type { Document } from '@contract/documents'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { useRequiredSession, userKind } from '~/lib/session'
import { notify } from '~/ui/toaster'
import { saveBlob } from '~/lib/download'
import { afterDocumentOpened, documentFileErrorMessage, fetchDocumentFile, type DocumentFile, type OpenFile } from './api'
import { cachedDocumentFile } from './file-cache'
import { opensInPortal } from './format'

// The viewer (a dialog) loads when a first document opens; the lists do without it until then.
const loadViewer = () => import('./document-viewer-dialog')
const DocumentViewer = lazy(() => loadViewer().then((m) => ({ default: m.DocumentViewer })))

const revoke = (url: string | null) => void (url?.startsWith('blob:') && URL.revokeObjectURL(url))

/**
 * The address the viewer shows a file at. A PDF saved on the device is shown by the service worker
 * under an address ending in its real name, so the browser's PDF viewer titles it and saves it under
 * that name; without a worker in control, or a saved copy, it is a blob: address (titled with a random id).
 */
async function viewerUrl(file: DocumentFile, document: Document, userId: number): Promise<string> {
  const worker = typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker.controller : null
  if (worker && file.blob.type === 'application/pdf' && (await cachedDocumentFile(document.id, userId))) {
    return documentViewPath(userId, document.id, file.fileName)
  }
  return URL.createObjectURL(file.blob)
}

/**
 * Opening and downloading documents from a list. The file is fetched first (the button shows it is
 * working); a failure is a 10 s toast with the server's words, and only a file
 * that arrived opens the viewer. A client opening its own document marks it read.
 */
export function useDocumentFiles() {
  const queryClient = useQueryClient()
  const { user } = useRequiredSession()
  const isClient = userKind(user) === 'client'
  const [open, setOpen] = useState<OpenFile | null>(null)
  const [busy, setBusy] = useState<{ id: number; action: 'view' | 'download' } | null>(null)

  // The object URL lives as long as the viewer shows it (and no longer than the page).
  const openUrl = useRef<string | null>(null)
  openUrl.current = open?.url ?? null
  useEffect(() => () => revoke(openUrl.current), [])
  const close = useCallback(() => {
    revoke(openUrl.current)
    setOpen(null)
  }, [])

  const fetchFile = useCallback(
    async (document: Document, action: 'view' | 'download'): Promise<DocumentFile | null> => {
      setBusy({ id: document.id, action })
      try {
        const file = await fetchDocumentFile(document, { inline: action === 'view' })
        if (isClient && !file.fromCache && !document.isRead) void afterDocumentOpened(queryClient, document.id)
        return file
      } catch (error) {
        notify.error(documentFileErrorMessage(error), { id: `document-file-${document.id}` })
        return null
      } finally {
        setBusy(null)
      }
    },
    [isClient, queryClient],
  )

  const download = useCallback(
    async (document: Document) => {
      const file = await fetchFile(document, 'download')
      if (file) saveBlob(file.blob, file.fileName)
    },
    [fetchFile],
  )

  const view = useCallback(
    async (document: Document) => {
      // TIFF renders in few browsers: it goes to the device's own viewer instead.
      if (!opensInPortal(document)) return download(document)
      void loadViewer()
      const file = await fetchFile(document, 'view')
      if (file) setOpen({ ...file, document, url: await viewerUrl(file, document, user.id) })
    },
    [download, fetchFile, user.id],
  )

  const viewer = open ? (
    <Suspense fallback={null}>
      <DocumentViewer file={open} onClose={close} />
    </Suspense>
  ) : null
  return { view, download, busy, viewer }
}
