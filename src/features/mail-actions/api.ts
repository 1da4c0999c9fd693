import { DocumentUploadResponseSchema } from '@contract/documents'
import { MailActionPageSchema, MailActionSchema, type MailAction, type MailActionStatus } from '@contract/mail-actions'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { documentKeys } from '~/features/documents/keys'
import { api } from '~/lib/api-client'

/**
 * The mailroom's queue of clients' actions on their mail (docs/documents.md#mail-actions):
 * GET /api/mail-actions and POST /api/mail-actions/{id}/complete, staff with DCV.
 */

export const mailActionKeys = {
  all: ['mail-actions'] as const,
  list: (params: MailActionListParams) => [...mailActionKeys.all, 'list', params] as const,
}

export interface MailActionListParams {
  status: MailActionStatus
  page: number
  pageSize: number
}

export const mailActionListQueryOptions = (params: MailActionListParams) =>
  queryOptions({
    queryKey: mailActionKeys.list(params),
    queryFn: ({ signal }) => api.get('/mail-actions', { query: { ...params }, schema: MailActionPageSchema, signal }),
    placeholderData: keepPreviousData,
  })

/**
 * Completes an action. An open and scan first uploads the scan for the same client, with the
 * envelope's type, jurisdiction and day received (once: a retry after a failed completion reuses it).
 */
export function useCompleteMailAction() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async ({ action, scan, uploadKey }: { action: MailAction; scan?: { file: File; uploadedId?: number }; uploadKey: string }) => {
      let scanDocumentId = scan?.uploadedId
      if (scan && scanDocumentId === undefined) {
        const form = new FormData()
        form.append('documentTypeId', String(action.documentTypeId))
        form.append('jurisdiction', String(action.jurisdiction))
        form.append('dateReceived', action.dateReceived)
        form.append('file', scan.file, scan.file.name)
        const uploaded = await api.post(`/document/client/${action.clientId}`, form, {
          schema: DocumentUploadResponseSchema,
          headers: { 'Idempotency-Key': uploadKey },
        })
        scanDocumentId = uploaded.documents[0].id
        scan.uploadedId = scanDocumentId
      }
      return api.post(`/mail-actions/${action.id}/complete`, scanDocumentId === undefined ? {} : { scanDocumentId }, { schema: MailActionSchema })
    },
    networkMode: 'always',
    onSettled: () =>
      Promise.all([queryClient.invalidateQueries({ queryKey: mailActionKeys.all }), queryClient.invalidateQueries({ queryKey: documentKeys.lists() })]),
  })
}
