import { ClientPageSchema, ClientSchema, type ClientSortField } from '@contract/clients'
import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api-client'

/**
 * The client calls: GET /api/client (agents: one page of clients, searched and sorted on the server) and
 * GET /api/client/{id} (the Client entity, for an agent or for the client itself). Keys come only from
 * `clientKeys`; the sign-up wizards invalidate `clientKeys.lists()` after registering a client.
 */
export interface ClientListParams {
  page: number
  pageSize: number
  sort?: ClientSortField
  order?: 'asc' | 'desc'
  q?: string
}

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (params: ClientListParams) => [...clientKeys.lists(), params] as const,
  details: () => [...clientKeys.all, 'detail'] as const,
  detail: (id: number) => [...clientKeys.details(), id] as const,
}

export const clientListQueryOptions = (params: ClientListParams) =>
  queryOptions({
    queryKey: clientKeys.list(params),
    queryFn: ({ signal }) =>
      api.get('/client', {
        query: { page: params.page, pageSize: params.pageSize, sort: params.sort, order: params.sort ? params.order : undefined, q: params.q || undefined },
        schema: ClientPageSchema,
        signal,
      }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })

export const clientQueryOptions = (id: number) =>
  queryOptions({
    queryKey: clientKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/client/${id}`, { schema: ClientSchema, signal }),
  })
