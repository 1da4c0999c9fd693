import { createFileRoute } from '@tanstack/react-router'
import { cacheRestored } from '~/lib/query-client'
import { loadOrderSummary } from '~/features/signup/loaders'
import { OrderSummaryStep } from '~/features/signup/order-summary-step'
import { guardWizardStep } from '~/features/signup/routing'

/** Add client, step 4 of 4: Order Summary (the card form loads only here). */
export const Route = createFileRoute('/_authenticated/provider/add-client/order-summary')({
  beforeLoad: guardWizardStep('staff', 'order'),
  // The saved cache first, so an offline start shows the lists saved on this device.
  loader: async ({ context }) => {
    await cacheRestored
    return loadOrderSummary(context.queryClient)
  },
  component: AddClientOrderSummaryPage,
})

function AddClientOrderSummaryPage() {
  return <OrderSummaryStep flavor="staff" />
}
