import { createFileRoute } from '@tanstack/react-router'
import { cacheRestored } from '~/lib/query-client'
import { loadAddCompanyOrderSummary } from '~/features/signup/loaders'
import { OrderSummaryStep } from '~/features/signup/order-summary-step'
import { guardWizardStep } from '~/features/signup/routing'

/** Add a company, step 3 of 3: Order Summary (the card form loads only here). */
export const Route = createFileRoute('/_authenticated/client/add-company/order-summary')({
  beforeLoad: guardWizardStep('company', 'order'),
  // The saved cache first, so an offline start shows the lists saved on this device.
  loader: async ({ context }) => {
    await cacheRestored
    return loadAddCompanyOrderSummary(context.queryClient, context.session.user.clientId)
  },
  component: AddCompanyOrderSummaryPage,
})

function AddCompanyOrderSummaryPage() {
  return <OrderSummaryStep flavor="company" />
}
