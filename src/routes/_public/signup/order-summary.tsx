import { createFileRoute } from '@tanstack/react-router'
import { loadOrderSummary } from '~/features/signup/loaders'
import { OrderSummaryStep } from '~/features/signup/order-summary-step'
import { guardWizardStep } from '~/features/signup/routing'

/** Sign-up, step 4 of 4: Order Summary (the card form loads only here). */
export const Route = createFileRoute('/_public/signup/order-summary')({
  beforeLoad: guardWizardStep('public', 'order'),
  loader: ({ context }) => loadOrderSummary(context.queryClient),
  component: SignupOrderSummaryPage,
})

function SignupOrderSummaryPage() {
  return <OrderSummaryStep flavor="public" />
}
