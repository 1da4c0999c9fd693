import {
  CreatedDocumentRequestsSchema,
  DOCUMENT_REQUEST_STATUSES,
  DocumentRequestDetailSchema,
  DocumentRequestPageSchema,
  RequestStatusListSchema,
  type CreateDocumentRequest,
  type DocumentRequestDetail,
  type DocumentRequestListParams,
  type UpdateDocumentRequestStatus,
} from '@contract/document-requests'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { api } from '~/lib/api-client'
import { mailKeys } from '~/features/clients'
import { documentKeys } from '~/features/documents/keys'
import { notificationKeys } from '~/features/notifications/keys'
import { enqueue, type OutboxEntry } from '~/lib/outbox/outbox'

/**
 * Mail requests (docs/documents.md "Mail requests"): the statuses, the lists, one request with its
 * timeline, asking for documents by mail (through the outbox) and moving a request along.
 * Query keys come only from `documentRequestKeys`.
 */

export type { DocumentRequestListParams }

export const documentRequestKeys = {
  all: ['document-requests'] as const,
  statuses: () => [...documentRequestKeys.all, 'statuses'] as const,
  lists: () => [...documentRequestKeys.all, 'list'] as const,
  list: (params: DocumentRequestListParams) => [...documentRequestKeys.lists(), params] as const,
  details: () => [...documentRequestKeys.all, 'detail'] as const,
  detail: (id: number) => [...documentRequestKeys.details(), id] as const,
  mailingAddress: (clientId: number) => [...documentRequestKeys.all, 'mailing-address', clientId] as const,
  countries: () => [...documentRequestKeys.all, 'countries'] as const,
  create: () => [...documentRequestKeys.all, 'create'] as const,
}

/** GET /api/client/resources/status: Requested, Processing, Mailed, Delivered, Cancelled. */
export const requestStatusesQueryOptions = () =>
  queryOptions({
    queryKey: documentRequestKeys.statuses(),
    queryFn: ({ signal }) => api.get('/client/resources/status', { schema: RequestStatusListSchema, signal }),
    // The list changes only with a new release of the server; until it loads, the contract's copy shows.
    staleTime: 60 * 60_000,
    placeholderData: DOCUMENT_REQUEST_STATUSES.map((status) => ({ id: status.id, name: status.name })),
  })

/** GET /api/client/document-requests: a client's own, or every client's for staff. */
export const documentRequestListQueryOptions = (params: DocumentRequestListParams) =>
  queryOptions({
    queryKey: documentRequestKeys.list(params),
    queryFn: ({ signal }) => api.get('/client/document-requests', { query: { ...params }, schema: DocumentRequestPageSchema, signal }),
    placeholderData: keepPreviousData,
  })

/** GET /api/document-request/{id}: the request with its timeline. */
export const documentRequestQueryOptions = (id: number) =>
  queryOptions({
    queryKey: documentRequestKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/document-request/${id}`, { schema: DocumentRequestDetailSchema, signal }),
  })

// ---------- asking for documents by mail ----------

export type CreatedRequests = v.InferOutput<typeof CreatedDocumentRequestsSchema>

/** The outbox kind of a mail request. */
export const MAIL_REQUEST_KIND = 'mail-request'

/**
 * POST /api/client/document-request, through the outbox (lib/outbox): stored on this device with its
 * Idempotency-Key before anything is said, then sent in order, exactly once, now or when the
 * connection returns (the server answers a replay of the same key with the first answer). Resolves
 * with the stored entry. A request that saves its address (saveAddressAs) reads the client's address
 * book again once sent.
 */
export function queueDocumentRequest(body: CreateDocumentRequest, documentNames: string[], clientId?: number): Promise<OutboxEntry> {
  const what = documentNames.length === 1 ? documentNames[0] : `${documentNames.length} documents`
  return enqueue({
    kind: MAIL_REQUEST_KIND,
    label: `Mail ${what} to ${body.recipientName}`,
    request: { method: 'POST', path: '/client/document-request', json: body },
    invalidate: [documentRequestKeys.lists(), documentKeys.lists(), ...(body.saveAddressAs && clientId !== undefined ? [mailKeys.addresses(clientId)] : [])],
  })
}

/** The requests the server created for a sent entry (its stored answer). */
export function createdRequestsOf(entry: OutboxEntry): CreatedRequests | null {
  const parsed = v.safeParse(CreatedDocumentRequestsSchema, entry.result)
  return parsed.success ? parsed.output : null
}

// ---------- moving a request along ----------

/**
 * PATCH /api/document-request/{id}/status: staff move it (Processing, Mailed with carrier and tracking
 * number, Delivered, Cancelled); a client may cancel while it is Requested. Needs a connection.
 */
export function useUpdateRequestStatus(id: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: UpdateDocumentRequestStatus) => api.patch(`/document-request/${id}/status`, body, { schema: DocumentRequestDetailSchema }),
    networkMode: 'always',
    onSuccess: (detail: DocumentRequestDetail) => queryClient.setQueryData(documentRequestKeys.detail(id), detail),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentRequestKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: documentRequestKeys.detail(id) }),
        queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
      ]),
  })
}
