import { createFileRoute } from '@tanstack/react-router'
import { InvoiceDetailPage, InvoiceNotFound } from '~/features/invoices/detail'
import { loadInvoice } from '~/features/invoices/loaders'
import { invoiceIdFromParam } from '~/features/invoices/routing'

/** One of the signed-in client's invoices (another client's reads as not found). */
export const Route = createFileRoute('/_authenticated/client/invoices/$id')({
  loader: ({ context, params }) => loadInvoice(context.queryClient, params.id),
  component: ClientInvoicePage,
  notFoundComponent: () => <InvoiceNotFound area="client" />,
})

function ClientInvoicePage() {
  const { id } = Route.useParams()
  const invoiceId = invoiceIdFromParam(id)
  if (invoiceId === null) return <InvoiceNotFound area="client" />
  return <InvoiceDetailPage key={invoiceId} invoiceId={invoiceId} area="client" />
}
