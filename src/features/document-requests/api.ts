import {
  CreatedDocumentRequestsSchema,
  DOCUMENT_REQUEST_STATUSES,
  DocumentRequestDetailSchema,
  DocumentRequestPageSchema,
  RequestStatusListSchema,
  type CreateDocumentRequest,
  type DocumentRequestDetail,
  type UpdateDocumentRequestStatus,
} from '@contract/document-requests'
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query'
import * as v from 'valibot'
import { api } from '~/lib/api-client'
import { documentKeys } from '~/features/documents/keys'
import { notificationKeys } from '~/features/notifications/keys'
import { adoptPausedMutations, retryWhenUnreachable } from '~/features/notifications/queue'

/**
 * Mail requests (docs/documents.md "Mail requests"): the statuses, the lists, one request with its
 * timeline, asking for documents by mail (queued while offline) and moving a request along.
 * Query keys come only from `documentRequestKeys`.
 */

export interface DocumentRequestListParams {
  page: number
  pageSize: number
  sort?: 'createdAt' | 'updatedAt' | 'status' | 'company' | 'type'
  order?: 'asc' | 'desc'
  q?: string
  status?: number
  open?: boolean
}

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

export interface CreateRequestVariables {
  body: CreateDocumentRequest
  /** Made once per submit; a replay after being offline sends the same key, so the server stores one. */
  idempotencyKey: string
}

export type CreatedRequests = v.InferOutput<typeof CreatedDocumentRequestsSchema>

const registered = new WeakSet<QueryClient>()

/**
 * POST /api/client/document-request, with an Idempotency-Key. Offline it waits (saved with the query
 * cache) and is sent once when the connection returns; the server answers a replay of the same key
 * with the first answer and stores nothing more.
 */
export function registerDocumentRequestMutations(queryClient: QueryClient): void {
  if (registered.has(queryClient)) return
  registered.add(queryClient)
  queryClient.setMutationDefaults<CreatedRequests, Error, CreateRequestVariables>(documentRequestKeys.create(), {
    mutationFn: ({ body, idempotencyKey }) =>
      api.post('/client/document-request', body, { schema: CreatedDocumentRequestsSchema, headers: { 'Idempotency-Key': idempotencyKey } }),
    // Queued while offline (the portal's other changes fail at once; this one is safe to replay).
    networkMode: 'online',
    retry: retryWhenUnreachable,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: documentRequestKeys.lists() }),
        queryClient.invalidateQueries({ queryKey: documentKeys.lists() }),
      ]),
  })
  adoptPausedMutations(queryClient, documentRequestKeys.create())
}

export function useCreateDocumentRequest() {
  const queryClient = useQueryClient()
  registerDocumentRequestMutations(queryClient)
  return useMutation<CreatedRequests, Error, CreateRequestVariables>({ mutationKey: documentRequestKeys.create() })
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
