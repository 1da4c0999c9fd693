import {
  AddressListSchema,
  AddressSchema,
  MailHandlingSchema,
  type Address,
  type AddressInput,
  type MailHandling,
  type MailHandlingMode,
} from '@contract/addresses'
import { MailRuleListSchema, MailRuleSchema, type MailRule, type MailRuleInput } from '@contract/mail-rules'
import { ShippingOptionListSchema } from '@contract/shipping'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api-client'
import { clientKeys } from './api'

/**
 * A client's address book (GET/POST /api/client/{id}/addresses, PUT/DELETE .../{addressId}) and how its
 * mail is handled (GET/PUT /api/client/{id}/mail-handling). The mail request form reads the address
 * book through the same query, so a saved address shows in both at once. And its automatic mail rules
 * (GET/POST /api/client/{id}/mail-rules, DELETE .../{ruleId}). Changes need a connection.
 */

export const mailKeys = {
  addresses: (clientId: number) => [...clientKeys.all, 'addresses', clientId] as const,
  mailHandling: (clientId: number) => [...clientKeys.all, 'mail-handling', clientId] as const,
  mailRules: (clientId: number) => [...clientKeys.all, 'mail-rules', clientId] as const,
  shippingOptions: () => [...clientKeys.all, 'shipping-options'] as const,
}

export type { Address, AddressInput, MailHandlingMode, MailRule, MailRuleInput }

export const addressBookQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: mailKeys.addresses(clientId),
    queryFn: ({ signal }) => api.get(`/client/${clientId}/addresses`, { schema: AddressListSchema, signal }),
  })

/** Adds an address (no id) or replaces one; the list is read again afterwards. */
export function useSaveAddress(clientId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, input }: { id?: number; input: AddressInput }) =>
      id === undefined
        ? api.post(`/client/${clientId}/addresses`, input, { schema: AddressSchema })
        : api.put(`/client/${clientId}/addresses/${id}`, input, { schema: AddressSchema }),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.addresses(clientId) }),
  })
}

export function useDeleteAddress(clientId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/client/${clientId}/addresses/${id}`),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.addresses(clientId) }),
  })
}

export const mailHandlingQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: mailKeys.mailHandling(clientId),
    queryFn: ({ signal }) => api.get(`/client/${clientId}/mail-handling`, { schema: MailHandlingSchema, signal }),
  })

export function useSetMailHandling(clientId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (mode: MailHandlingMode) => api.put(`/client/${clientId}/mail-handling`, { mode }, { schema: MailHandlingSchema }),
    networkMode: 'always',
    onSuccess: (handling: MailHandling) => queryClient.setQueryData(mailKeys.mailHandling(clientId), handling),
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.mailHandling(clientId) }),
  })
}

export const mailRulesQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: mailKeys.mailRules(clientId),
    queryFn: ({ signal }) => api.get(`/client/${clientId}/mail-rules`, { schema: MailRuleListSchema, signal }),
  })

/** GET /api/shipping-options: the carriers and speeds a forward rule may name. */
export const shippingOptionsQueryOptions = () =>
  queryOptions({
    queryKey: mailKeys.shippingOptions(),
    queryFn: ({ signal }) => api.get('/shipping-options', { schema: ShippingOptionListSchema, signal }),
    staleTime: 10 * 60_000,
  })

/** Adds a rule; the rules (and the address book, whose delete a rule may refuse) are read again afterwards. */
export function useAddMailRule(clientId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (input: MailRuleInput) => api.post(`/client/${clientId}/mail-rules`, input, { schema: MailRuleSchema }),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.mailRules(clientId) }),
  })
}

export function useRemoveMailRule(clientId: number) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete(`/client/${clientId}/mail-rules/${id}`),
    networkMode: 'always',
    onSettled: () => queryClient.invalidateQueries({ queryKey: mailKeys.mailRules(clientId) }),
  })
}
