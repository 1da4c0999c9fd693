import { ShippingOptionListSchema, ShippingOptionSchema, type CreateShippingOption, type ShippingOption, type UpdateShippingOption } from '@contract/shipping'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api-client'

/**
 * Shipping options (GET/POST /api/shipping-options, PUT /api/shipping-options/{id}): the carriers and
 * speeds originals are mailed by, with their prices. Everyone signed in reads the active ones (the mail
 * request form, kept on the device like the rest of the cache so the form works offline); staff with
 * SHE read every option and change them. Writes need a connection.
 */
export const shippingKeys = {
  all: ['shipping-options'] as const,
  list: () => [...shippingKeys.all, 'list'] as const,
}

export type { ShippingOption }

export const shippingOptionsQueryOptions = () =>
  queryOptions({
    queryKey: shippingKeys.list(),
    queryFn: ({ signal }) => api.get('/shipping-options', { schema: ShippingOptionListSchema, signal }),
    // Prices change seldom; a request is charged what the server holds when it arrives.
    staleTime: 5 * 60_000,
  })

/** Adds an option (no id) or changes one; the list is read again afterwards. */
export function useSaveShippingOption() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: CreateShippingOption | UpdateShippingOption }) =>
      id === undefined
        ? api.post('/shipping-options', input, { schema: ShippingOptionSchema })
        : api.put(`/shipping-options/${id}`, input, { schema: ShippingOptionSchema }),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: shippingKeys.all }),
  })
}
