import { createFileRoute } from '@tanstack/react-router'
import { servicesQueryOptions } from '~/features/signup/api'
import { ChooseAddressStep } from '~/features/signup/choose-address-step'
import { guardWizardStep } from '~/features/signup/guard'

/** Add client, step 3 of 4: Choose Address. */
export const Route = createFileRoute('/_authenticated/provider/add-client/choose-address')({
  beforeLoad: guardWizardStep('staff', 'address'),
  loader: ({ context }) => context.queryClient.ensureQueryData(servicesQueryOptions('address')),
  component: AddClientChooseAddressPage,
})

function AddClientChooseAddressPage() {
  return <ChooseAddressStep flavor="staff" />
}
