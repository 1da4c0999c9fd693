/**
 * What the invoice route files need outside their components: search params and loaders. Kept apart
 * from index.ts because loaders sit in the app's first chunk; pages come through index.ts and load
 * with their route.
 */
export { InvoiceListSearchSchema, listStateFromSearch, type InvoiceListSearch } from './list-params'
export { invoiceIdFromParam, loadInvoice, loadInvoiceList, nextInvoiceListSearch } from './route-data'
export { resolveInvoiceScope } from './scope'
