import { createFileRoute } from '@tanstack/react-router'
import { servicesQueryOptions } from '~/features/signup/api'
import { OrderSummaryStep } from '~/features/signup/order-summary-step'
import { guardWizardStep } from '~/features/signup/guard'

/** Add client, step 4 of 4: Order Summary (the card form loads only here). */
export const Route = createFileRoute('/_authenticated/provider/add-client/order-summary')({
  beforeLoad: guardWizardStep('staff', 'order'),
  loader: ({ context }) => Promise.all([context.queryClient.ensureQueryData(servicesQueryOptions('address')), context.queryClient.ensureQueryData(servicesQueryOptions('addon'))]),
  component: AddClientOrderSummaryPage,
})

function AddClientOrderSummaryPage() {
  return <OrderSummaryStep flavor="staff" />
}
