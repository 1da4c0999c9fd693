import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { InvoiceDetailPage, InvoiceNotFound } from '~/features/invoices/detail'
import { loadInvoice } from '~/features/invoices/loaders'
import { invoiceIdFromParam } from '~/features/invoices/routing'
import { PERM } from '~/lib/permissions'

/** Any client's invoice, for provider staff with ICV. */
export const Route = createFileRoute('/_authenticated/provider/invoices/$id')({
  beforeLoad: requirePermission(PERM.ICV),
  loader: ({ context, params }) => loadInvoice(context.queryClient, params.id),
  component: ProviderInvoicePage,
  notFoundComponent: () => <InvoiceNotFound area="provider" />,
})

function ProviderInvoicePage() {
  const { id } = Route.useParams()
  const invoiceId = invoiceIdFromParam(id)
  if (invoiceId === null) return <InvoiceNotFound area="provider" />
  return <InvoiceDetailPage key={invoiceId} invoiceId={invoiceId} area="provider" />
}
