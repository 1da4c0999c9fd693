import { createFileRoute } from '@tanstack/react-router'
import { servicesQueryOptions } from '~/features/signup/api'
import { OrderSummaryStep } from '~/features/signup/order-summary-step'
import { guardWizardStep } from '~/features/signup/guard'

/** Sign-up, step 4 of 4: Order Summary (the card form loads only here). */
export const Route = createFileRoute('/_public/signup/order-summary')({
  beforeLoad: guardWizardStep('public', 'order'),
  loader: ({ context }) => Promise.all([context.queryClient.ensureQueryData(servicesQueryOptions('address')), context.queryClient.ensureQueryData(servicesQueryOptions('addon'))]),
  component: SignupOrderSummaryPage,
})

function SignupOrderSummaryPage() {
  return <OrderSummaryStep flavor="public" />
}
