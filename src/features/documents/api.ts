import { DocumentDeletedSchema, DocumentPageSchema, DocumentTypeListSchema, type Document, type DocumentPage } from '@contract/documents'
import { MailActionSchema, type MailActionKind } from '@contract/mail-actions'
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { api, ApiError, apiFetch, errorMessage, NetworkError } from '~/lib/api-client'
import { fileNameFromDisposition } from '~/lib/download'
import { getSession } from '~/lib/session'
import { notificationKeys } from '~/features/notifications/keys'
import { cachedDocumentFile, cacheDocumentFile, forgetDocumentFile } from './file-cache'
import { documentKeys, type DocumentScope } from './keys'
import { saveDocumentText, searchSavedDocuments } from './text-cache'
import type { DocumentListParams } from './list-params'

export { documentKeys, type DocumentScope }

/**
 * The document calls (docs/documents.md): lists, document types, the file itself (viewed in the
 * portal or downloaded, kept for offline reading) and delete. The upload form's own calls are in
 * upload-api.ts.
 * Query keys come only from `documentKeys`.
 */

/** GET /api/document-types: [{ id, name }] by name. */
export const documentTypesQueryOptions = () =>
  queryOptions({
    queryKey: documentKeys.types(),
    queryFn: ({ signal }) => api.get('/document-types', { schema: DocumentTypeListSchema, signal }),
    staleTime: 60 * 60_000,
  })

/** One page of a client's documents (GET /api/client/documents/{id}) or of all (GET /api/documents). */
export const documentListQueryOptions = (scope: DocumentScope, params: DocumentListParams) =>
  queryOptions({
    queryKey: documentKeys.list(scope, params),
    queryFn: async ({ signal, client }) => {
      try {
        return await api.get(scope.kind === 'client' ? `/client/documents/${scope.clientId}` : '/documents', {
          query: params,
          schema: DocumentPageSchema,
          signal,
        })
      } catch (error) {
        // Offline, a search looks through the documents saved on this device (their words too, once opened).
        const userId = getSession()?.user.id
        if (error instanceof NetworkError && params.q && userId !== undefined) {
          const saved = await searchSavedDocuments(client, scope, params, userId)
          if (saved) return saved
        }
        throw error
      }
    },
    placeholderData: keepPreviousData,
  })

// ---------- the file ----------

export interface DocumentFile {
  blob: Blob
  /** The server's download name ('Sunshine-Holdings-LLC_Tax-Notice_2026-11-21.pdf'). */
  fileName: string
  /** Read from this device's saved copy (offline). */
  fromCache: boolean
}

/** A file open in the viewer (document-viewer.tsx), at the address the viewer dialog shows it at. */
export interface OpenFile extends DocumentFile {
  document: Document
  url: string
}

async function fileOf(res: Response, document: Document, fromCache: boolean): Promise<DocumentFile> {
  const blob = await res.blob()
  // Keep the type the server sniffed, even when a cache or proxy dropped the header.
  const typed = blob.type ? blob : new Blob([blob], { type: document.contentType })
  return { blob: typed, fileName: fileNameFromDisposition(res.headers.get('content-disposition')) ?? document.fileName, fromCache }
}

/**
 * GET /api/document/{id}?inline=… with the bearer token (a plain link cannot carry it). A client
 * fetching its own document marks it read on the server. The file is saved on this device for offline
 * reading; without a connection the saved copy answers, if there is one.
 */
export async function fetchDocumentFile(document: Document, { inline }: { inline: boolean }): Promise<DocumentFile> {
  const userId = getSession()?.user.id
  try {
    const res = await apiFetch(`/document/${document.id}`, { query: { inline }, headers: { accept: `${document.contentType}, application/json` } })
    const file = await fileOf(res, document, false)
    if (userId !== undefined) {
      await cacheDocumentFile(document.id, userId, file.blob, res.headers)
      void saveDocumentText(document.id, userId)
    }
    return file
  } catch (error) {
    if (userId !== undefined && error instanceof NetworkError) {
      const saved = await cachedDocumentFile(document.id, userId)
      if (saved) return fileOf(saved, document, true)
    }
    if (userId !== undefined && error instanceof ApiError && (error.status === 404 || error.status === 410)) {
      await forgetDocumentFile(document.id, userId)
    }
    throw error
  }
}

/** A failed view says the server's `detail` for 402 and its `details` otherwise. */
export function documentFileErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return (error.status === 402 ? error.detail : error.details) || error.detail
  if (error instanceof NetworkError) return 'This document has not been saved on this device yet. It can be opened once the connection returns.'
  return errorMessage(error, 'The document could not be opened. Please try again.')
}

/**
 * After a client opened a document: its row says Read at once, and the lists and the bell are read
 * again (the server also marked the bell's "New document received" for it).
 */
export async function afterDocumentOpened(queryClient: QueryClient, documentId: number): Promise<void> {
  queryClient.setQueriesData<DocumentPage>({ queryKey: documentKeys.lists() }, (page) =>
    page ? { ...page, data: page.data.map((document) => (document.id === documentId ? { ...document, isRead: true } : document)) } : page,
  )
  await Promise.all([queryClient.invalidateQueries({ queryKey: documentKeys.lists() }), queryClient.invalidateQueries({ queryKey: notificationKeys.all })])
}

// ---------- delete ----------

export const DELETE_FAILED_MESSAGE = 'Failed to delete document'

/** The server's detail (or details, or message), else 'Failed to delete document'. */
export function deleteErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.detail || error.details || DELETE_FAILED_MESSAGE
  if (error instanceof NetworkError) return error.message
  return DELETE_FAILED_MESSAGE
}

/** DELETE /api/client/document/{id} (agents with DCD); answers 'Document deleted successfully'. */
export function useDeleteDocument() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (document: Document) => api.delete(`/client/document/${document.id}`, { schema: DocumentDeletedSchema }),
    // A delete is not queued: offline it says a connection is needed.
    networkMode: 'always',
    onSuccess: async (_result, document) => {
      const userId = getSession()?.user.id
      if (userId !== undefined) await forgetDocumentFile(document.id, userId)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
  })
}

// ---------- the client's actions on a piece of mail ----------

/** POST /api/document/{id}/open-and-scan | shred | hold (the client's own documents; docs/documents.md#mail-actions). */
export function useMailAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ document, action }: { document: Document; action: MailActionKind }) =>
      api.post(`/document/${document.id}/${action}`, undefined, { schema: MailActionSchema }),
    // Not queued: the answer says what the mailroom will do, so it needs the connection.
    networkMode: 'always',
    onSuccess: async (result, { document }) => {
      // A scan shredded at once: its copy on this device goes too.
      const userId = getSession()?.user.id
      if (result.action === 'shred' && result.status === 'done' && userId !== undefined) await forgetDocumentFile(document.id, userId)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
  })
}
