import { ClientPageSchema, ClientSchema, type Client, type ClientListParams, type UpdateClientInput } from '@contract/clients'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { BusinessEntityTypeListSchema, CountryListSchema } from '@contract/identity'
import { api } from '~/lib/api-client'

/**
 * The client calls: GET /api/client (agents: one page of clients, searched and sorted on the server) and
 * GET /api/client/{id} (the Client entity, for an agent or for the client itself). Keys come only from
 * `clientKeys`; the sign-up wizards invalidate `clientKeys.lists()` after registering a client.
 */
export type { ClientListParams }

export const clientKeys = {
  all: ['clients'] as const,
  lists: () => [...clientKeys.all, 'list'] as const,
  list: (params: ClientListParams) => [...clientKeys.lists(), params] as const,
  details: () => [...clientKeys.all, 'detail'] as const,
  detail: (id: number) => [...clientKeys.details(), id] as const,
  countries: () => [...clientKeys.all, 'countries'] as const,
  businessEntityTypes: () => [...clientKeys.all, 'business-entity-types'] as const,
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

/**
 * PUT /api/client/{id}: the whole profile, as the server replaces it. The dialogs send the client as
 * read plus the fields they edit. On success the client is read again (profile, lists). Never queued.
 */
export function useUpdateClient(clientId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (profile: UpdateClientInput) => api.put(`/client/${clientId}`, profile, { schema: ClientSchema }),
    networkMode: 'always',
    onSuccess: (client) => {
      queryClient.setQueryData(clientKeys.detail(clientId), client)
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: clientKeys.detail(clientId) }),
        queryClient.invalidateQueries({ queryKey: clientKeys.lists() }),
      ])
    },
  })
}

/** The PUT body of a client as read: every field, to be overridden by what a dialog edits. */
export function updateBodyOf(client: Client): UpdateClientInput {
  return {
    companyName: client.companyName,
    businessType: client.businessType ?? 0,
    notifyAttorney: client.notifyAttorney,
    attorneyEmail: client.attorneyEmail,
    changeAgent: client.changeAgent,
    useAgentAddress: client.useAgentAddress,
    firstName: client.firstName,
    lastName: client.lastName,
    phone: client.phone,
    country: client.country ?? 0,
    address: client.address,
    city: client.city,
    stateProvince: client.stateProvince,
    zipcode: client.zipcode,
    leadGeneratedBy: client.leadGeneratedBy,
  }
}

/** GET /api/country (United States first), for the profile's country picker. */
export const profileCountriesQueryOptions = () =>
  queryOptions({
    queryKey: clientKeys.countries(),
    queryFn: ({ signal }) => api.get('/country', { schema: CountryListSchema, auth: false, signal }),
    staleTime: 60 * 60_000,
  })

/** GET /api/business-entity-types (Florida's entity kinds), for the company dialog. */
export const profileEntityTypesQueryOptions = () =>
  queryOptions({
    queryKey: clientKeys.businessEntityTypes(),
    queryFn: ({ signal }) => api.get('/business-entity-types', { schema: BusinessEntityTypeListSchema, auth: false, signal }),
    staleTime: 60 * 60_000,
  })
