import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { ApiError } from '~/lib/api-client'
import { getOnlineStatus } from '~/lib/online-status'
import type { Session } from '~/lib/session'
import { invoiceListQueryOptions, invoiceQueryOptions, invoiceStatusesQueryOptions, type InvoiceScope } from './api'
import { invoiceListRequest, listStateFromSearch, searchFromListState, type InvoiceListSearch, type InvoiceListState } from './list-params'
import { resolveInvoiceScope } from './scope'
import { FALLBACK_STATUS_LABELS } from './status'

/**
 * What the invoice routes' loaders and search handling share. Loaders fill the cache before the page
 * shows; offline they do not wait (saved data shows at once, or the page says it is not saved yet), and
 * a failed list is shown by the page with a retry rather than as a broken page.
 */

export async function loadInvoiceList(queryClient: QueryClient, scope: InvoiceScope, search: InvoiceListSearch): Promise<void> {
  if (!getOnlineStatus().online) return
  // The list does not wait for the status labels: the ones already known (saved, or the server's fixed
  // set) name the status filter, and the labels refresh alongside the list.
  const labels = queryClient.getQueryData(invoiceStatusesQueryOptions().queryKey) ?? FALLBACK_STATUS_LABELS
  void queryClient.ensureQueryData(invoiceStatusesQueryOptions()).catch(() => undefined)
  const request = invoiceListRequest(listStateFromSearch(search), labels)
  if (request.kind !== 'query') return
  await queryClient.ensureQueryData(invoiceListQueryOptions(scope, request.params)).catch(() => undefined)
}

/** The `$id` of an invoice route, or null when it is not an id. */
export function invoiceIdFromParam(param: string): number | null {
  return /^[1-9]\d{0,9}$/.test(param) && Number(param) <= 2_147_483_647 ? Number(param) : null
}

/** Loads an invoice; an unknown id (or another client's invoice) is the route's not-found page. */
export async function loadInvoice(queryClient: QueryClient, param: string): Promise<number> {
  const id = invoiceIdFromParam(param)
  if (id === null) throw notFound()
  if (!getOnlineStatus().online) return id
  void queryClient.ensureQueryData(invoiceStatusesQueryOptions()).catch(() => undefined)
  try {
    await queryClient.ensureQueryData(invoiceQueryOptions(id))
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw notFound()
    // Anything else: the page shows it with a retry.
  }
  return id
}

/** The next search params after a change of the list's state; other params of the route are kept. */
export function nextInvoiceListSearch<S extends InvoiceListSearch>(previous: S, patch: Partial<InvoiceListState>): S {
  return { ...previous, ...searchFromListState({ ...listStateFromSearch(previous), ...patch }) }
}

interface ListLoaderArgs {
  context: { queryClient: QueryClient; session: Session }
  deps: InvoiceListSearch
}

/** The loader of the client's invoice list: the signed-in client's invoices. */
export const ownInvoiceListLoader = ({ context, deps }: ListLoaderArgs) =>
  loadInvoiceList(context.queryClient, resolveInvoiceScope(undefined, undefined, context.session.user.clientId), deps)

/** The loader of the provider's invoice list: every client's invoices. */
export const allInvoiceListLoader = ({ context, deps }: ListLoaderArgs) => loadInvoiceList(context.queryClient, { kind: 'all' }, deps)
