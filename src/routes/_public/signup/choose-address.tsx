import { createFileRoute } from '@tanstack/react-router'
import { servicesQueryOptions } from '~/features/signup/api'
import { ChooseAddressStep } from '~/features/signup/choose-address-step'
import { guardWizardStep } from '~/features/signup/guard'

/** Sign-up, step 2 of 4: Choose Address. */
export const Route = createFileRoute('/_public/signup/choose-address')({
  beforeLoad: guardWizardStep('public', 'address'),
  loader: ({ context }) => context.queryClient.ensureQueryData(servicesQueryOptions('address')),
  component: SignupChooseAddressPage,
})

function SignupChooseAddressPage() {
  return <ChooseAddressStep flavor="public" />
}
