import { createFileRoute } from '@tanstack/react-router'
import { loadChooseAddress } from '~/features/signup/loaders'
import { ChooseAddressStep } from '~/features/signup/choose-address-step'
import { guardWizardStep } from '~/features/signup/routing'

/** Sign-up, step 2 of 4: Choose Address. */
export const Route = createFileRoute('/_public/signup/choose-address')({
  beforeLoad: guardWizardStep('public', 'address'),
  loader: ({ context }) => loadChooseAddress(context.queryClient),
  component: SignupChooseAddressPage,
})

function SignupChooseAddressPage() {
  return <ChooseAddressStep flavor="public" />
}
