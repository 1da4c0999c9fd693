import { InvoiceListSearchSchema, type InvoiceListSearch } from './list-params'

/**
 * The search options the client and provider invoice list routes share (route options are part of the
 * app's first script: no components or calls here). Their loaders are in ./route-data.
 */
export const invoiceListRouteOptions = {
  validateSearch: InvoiceListSearchSchema,
  loaderDeps: ({ search }: { search: InvoiceListSearch }) => search,
}
