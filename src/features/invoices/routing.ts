import { idFromParam } from '~/lib/route-params'
import { InvoiceListSearchSchema, listStateFromSearch, searchFromListState, type InvoiceListSearch, type InvoiceListState } from './list-params'

/**
 * What the invoice routes need outside their loaders: search params, the `$id`, the next search of a
 * list change. Light (no components, no calls): route options are part of the app's first script.
 * Loaders are in ./loaders, pages in ./invoices-view and ./detail.
 */
export { InvoiceListSearchSchema, listStateFromSearch, type InvoiceListSearch }

/** The search options the client and provider invoice lists share. */
export const invoiceListRouteOptions = {
  validateSearch: InvoiceListSearchSchema,
  loaderDeps: ({ search }: { search: InvoiceListSearch }) => search,
}

/** The `$id` of an invoice route, or null when it is not an id. */
export const invoiceIdFromParam = idFromParam

/** The next search params after a change of the list's state; other params of the route are kept. */
export function nextInvoiceListSearch<S extends InvoiceListSearch>(previous: S, patch: Partial<InvoiceListState>): S {
  return { ...previous, ...searchFromListState({ ...listStateFromSearch(previous), ...patch }) }
}
