/**
 * The invoice page (client and provider routes): its own entry so the list's routes do not load it,
 * and the other way round.
 */
export { InvoiceDetailPage, InvoiceNotFound, type InvoiceArea, type InvoiceDetailPageProps } from './invoice-detail'
