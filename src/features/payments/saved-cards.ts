import { AutopaySchema, PaymentMethodListSchema, type Autopay } from '@contract/payments'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, apiFetch } from '~/lib/api-client'
import { fileNameFromDisposition, saveBlob } from '~/lib/download'

/**
 * A client's saved cards and auto-pay (docs/payments.md): GET/DELETE /api/client/{id}/payment-methods,
 * GET/PUT /api/client/{id}/autopay, and the statement PDF. Query keys come only from `savedCardKeys`.
 */
export const savedCardKeys = {
  all: ['saved-cards'] as const,
  methods: (clientId: number) => [...savedCardKeys.all, 'methods', clientId] as const,
  autopay: (clientId: number) => [...savedCardKeys.all, 'autopay', clientId] as const,
}

export const paymentMethodsQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: savedCardKeys.methods(clientId),
    queryFn: ({ signal }) => api.get(`/client/${clientId}/payment-methods`, { schema: PaymentMethodListSchema, signal }),
  })

export const autopayQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: savedCardKeys.autopay(clientId),
    queryFn: ({ signal }) => api.get(`/client/${clientId}/autopay`, { schema: AutopaySchema, signal }),
  })

/** "Visa ending in 4242". */
export function cardName(card: { brand: string; last4: string }): string {
  const brands: Record<string, string> = { visa: 'Visa', mastercard: 'Mastercard', amex: 'American Express', discover: 'Discover' }
  return `${brands[card.brand] ?? 'Card'} ending in ${card.last4}`
}

export const cardExpiry = (card: { expMonth: number; expYear: number }) => `${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)}`

/** Both queries are read again after any change: removing a card can switch auto-pay off. */
function useInvalidate(clientId: number) {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: savedCardKeys.methods(clientId) }),
      queryClient.invalidateQueries({ queryKey: savedCardKeys.autopay(clientId) }),
    ])
}

export function useRemovePaymentMethod(clientId: number) {
  const invalidate = useInvalidate(clientId)
  return useMutation({
    mutationFn: (methodId: number) => api.delete(`/client/${clientId}/payment-methods/${methodId}`),
    onSettled: invalidate,
  })
}

export function useSetAutopay(clientId: number) {
  const invalidate = useInvalidate(clientId)
  return useMutation({
    mutationFn: (body: { enabled: boolean; paymentMethodId: number | null }): Promise<Autopay> =>
      api.put(`/client/${clientId}/autopay`, body, { schema: AutopaySchema }),
    onSettled: invalidate,
  })
}

/** GET /api/client/{id}/statement?from&to with the session's bearer token, saved under the server's file name. */
export async function downloadStatement(clientId: number, from: string, to: string): Promise<string> {
  const res = await apiFetch(`/client/${clientId}/statement`, { query: { from, to }, headers: { accept: 'application/pdf' } })
  const blob = await res.blob()
  const fileName = fileNameFromDisposition(res.headers.get('content-disposition')) ?? `statement-${from}-to-${to}.pdf`
  saveBlob(blob, fileName)
  return fileName
}
