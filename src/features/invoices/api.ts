import {
  IDEMPOTENCY_KEY_HEADER,
  InvoiceDetailSchema,
  InvoicePageSchema,
  InvoiceStatusMapSchema,
  MultipleInvoicesSchema,
  PayInvoicesResultSchema,
} from '@contract/invoices'
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { clientKeys } from '~/features/clients'
import { api, apiFetch } from '~/lib/api-client'
import { fileNameFromDisposition, saveBlob } from '~/lib/download'
import { savedCardKeys } from '~/features/payments/saved-cards'
import type { InvoiceListQueryParams } from './list-params'

/**
 * The invoice calls (docs/api-invoices.md): lists, status map, detail, PDF, the pay dialog's read and
 * paying by card. Query keys come only from `invoiceKeys`.
 */

/** Whose invoices a list shows: one client's, or (provider staff with ICV) every client's. */
export type InvoiceScope = { kind: 'client'; clientId: number } | { kind: 'all' }

export const invoiceKeys = {
  all: ['invoices'] as const,
  statuses: () => [...invoiceKeys.all, 'statuses'] as const,
  lists: () => [...invoiceKeys.all, 'list'] as const,
  list: (scope: InvoiceScope, params: InvoiceListQueryParams) => [...invoiceKeys.lists(), scope, params] as const,
  details: () => [...invoiceKeys.all, 'detail'] as const,
  detail: (id: number) => [...invoiceKeys.details(), id] as const,
  selection: (invoiceIds: readonly string[]) => [...invoiceKeys.all, 'selection', invoiceIds] as const,
}

/** GET /api/client/invoices/status: code to label ('2' -> 'NEW', shown as 'UNPAID'). */
export const invoiceStatusesQueryOptions = () =>
  queryOptions({
    queryKey: invoiceKeys.statuses(),
    queryFn: ({ signal }) => api.get('/client/invoices/status', { schema: InvoiceStatusMapSchema, signal }),
    // The map changes only with a new release of the server.
    staleTime: 60 * 60_000,
  })

/** One page of a client's invoices (GET /api/client/invoices/{clientId}) or of all (GET /api/invoices). */
export const invoiceListQueryOptions = (scope: InvoiceScope, params: InvoiceListQueryParams) =>
  queryOptions({
    queryKey: invoiceKeys.list(scope, params),
    queryFn: ({ signal }) =>
      api.get(scope.kind === 'client' ? `/client/invoices/${scope.clientId}` : '/invoices', { query: params, schema: InvoicePageSchema, signal }),
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  })

/** GET /api/invoices/{id}: lines, totals and payments. */
export const invoiceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: invoiceKeys.detail(id),
    queryFn: ({ signal }) => api.get(`/invoices/${id}`, { schema: InvoiceDetailSchema, signal }),
  })

/** POST /api/client/invoices/getMultipleInvoices: the pay dialog's invoices, their client and the amount due. */
export const selectedInvoicesQueryOptions = (invoiceIds: readonly string[]) =>
  queryOptions({
    queryKey: invoiceKeys.selection(invoiceIds),
    queryFn: ({ signal }) => api.post('/client/invoices/getMultipleInvoices', { invoiceIds }, { schema: MultipleInvoicesSchema, signal }),
    // Read fresh each time the dialog opens, and not kept for offline use: paying needs a connection.
    staleTime: 0,
    gcTime: 0,
  })

export interface PayInvoicesInput {
  /** Invoice ids as strings ("12"), as the published API sends them. */
  invoiceIds: string[]
  /** The hosted fields' one-time token; or `paymentMethodId`, a saved card. */
  token?: string
  paymentMethodId?: number
  /** Keep the token's card on file. */
  saveCard?: boolean
  /** A new key for each submit (each token), so a retried request charges once. */
  idempotencyKey: string
}

/** A fresh Idempotency-Key for one pay submit. */
export function newIdempotencyKey(): string {
  return `pay-${crypto.randomUUID()}`
}

/**
 * POST /api/client/invoices/pay. Never queued: offline it fails at once (the api client says a
 * connection is needed). Afterwards the lists and the paid invoices' details are read again, whatever
 * the outcome: a 409 means someone else paid them meanwhile; so is the client's profile, whose services
 * a paid invoice switches on.
 */
export function usePayInvoices() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ invoiceIds, token, paymentMethodId, saveCard, idempotencyKey }: PayInvoicesInput) =>
      api.post(
        '/client/invoices/pay',
        paymentMethodId !== undefined ? { invoiceIds, paymentMethodId } : { invoiceIds, token, ...(saveCard ? { saveCard } : {}) },
        { schema: PayInvoicesResultSchema, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } },
      ),
    networkMode: 'always',
    onSettled: async (_result, _error, { invoiceIds }) => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: invoiceKeys.lists() }),
        ...invoiceIds.map((id) => queryClient.invalidateQueries({ queryKey: invoiceKeys.detail(Number(id)) })),
        queryClient.invalidateQueries({ queryKey: clientKeys.details() }),
        queryClient.invalidateQueries({ queryKey: savedCardKeys.all }),
      ])
    },
  })
}

/**
 * GET /api/invoices/{id}/pdf with the session's bearer token (a plain link cannot carry it), saved
 * under the server's file name.
 */
export async function downloadInvoicePdf(id: number): Promise<string> {
  const res = await apiFetch(`/invoices/${id}/pdf`, { headers: { accept: 'application/pdf' } })
  const blob = await res.blob()
  const fileName = fileNameFromDisposition(res.headers.get('content-disposition')) ?? `invoice-${id}.pdf`
  saveBlob(blob, fileName)
  return fileName
}
