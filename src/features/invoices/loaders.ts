import type { QueryClient } from '@tanstack/react-query'
import { notFound } from '@tanstack/react-router'
import { ApiError } from '~/lib/api-client'
import { getOnlineStatus } from '~/lib/online-status'
import { cacheRestored, isCacheRestored } from '~/lib/query-client'
import type { Session } from '~/lib/session'
import { invoiceListQueryOptions, invoiceQueryOptions, invoiceStatusesQueryOptions, type InvoiceScope } from './api'
import { invoiceListRequest, listStateFromSearch, type InvoiceListSearch } from './list-params'
import { invoiceIdFromParam } from './routing'
import { resolveInvoiceScope } from './scope'
import { FALLBACK_STATUS_LABELS } from './status'

/**
 * The invoice routes' loaders (they load with their page's chunk). Loaders fill the cache before the page
 * shows; offline they do not wait (saved data shows at once, or the page says it is not saved yet), and
 * a failed list is shown by the page with a retry rather than as a broken page. On the first page of a
 * start, before the saved cache is back, the list leaves its data to the page: the page renders its
 * frame, heading and placeholder rows at once, and its queries start as soon as the saved cache is
 * back (saved rows show, then the server's).
 */

export async function loadInvoiceList(queryClient: QueryClient, scope: InvoiceScope, search: InvoiceListSearch): Promise<void> {
  if (!getOnlineStatus().online || !isCacheRestored()) return
  // The list does not wait for the status labels: the ones already known (saved, or the server's fixed
  // set) name the status filter, and the labels refresh alongside the list.
  const labels = queryClient.getQueryData(invoiceStatusesQueryOptions().queryKey) ?? FALLBACK_STATUS_LABELS
  void queryClient.ensureQueryData(invoiceStatusesQueryOptions()).catch(() => undefined)
  const request = invoiceListRequest(listStateFromSearch(search), labels)
  if (request.kind !== 'query') return
  await queryClient.ensureQueryData(invoiceListQueryOptions(scope, request.params)).catch(() => undefined)
}

/** Loads an invoice; an unknown id (or another client's invoice) is the route's not-found page. */
export async function loadInvoice(queryClient: QueryClient, param: string): Promise<number> {
  const id = invoiceIdFromParam(param)
  if (id === null) throw notFound()
  await cacheRestored
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

interface ListLoaderArgs {
  context: { queryClient: QueryClient; session: Session }
  deps: InvoiceListSearch
}

/** The loader of the client's invoice list: the signed-in client's invoices. */
export const ownInvoiceListLoader = ({ context, deps }: ListLoaderArgs) =>
  loadInvoiceList(context.queryClient, resolveInvoiceScope(undefined, undefined, context.session.user.clientId), deps)

/** The loader of the provider's invoice list: every client's invoices. */
export const allInvoiceListLoader = ({ context, deps }: ListLoaderArgs) => loadInvoiceList(context.queryClient, { kind: 'all' }, deps)
