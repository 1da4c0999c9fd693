import { createFileRoute } from '@tanstack/react-router'
import { cacheRestored } from '~/lib/query-client'
import { loadChooseAddress } from '~/features/signup/loaders'
import { ChooseAddressStep } from '~/features/signup/choose-address-step'
import { guardWizardStep } from '~/features/signup/routing'

/** Add client, step 3 of 4: Choose Address. */
export const Route = createFileRoute('/_authenticated/provider/add-client/choose-address')({
  beforeLoad: guardWizardStep('staff', 'address'),
  // The saved cache first, so an offline start shows the lists saved on this device.
  loader: async ({ context }) => {
    await cacheRestored
    return loadChooseAddress(context.queryClient)
  },
  component: AddClientChooseAddressPage,
})

function AddClientChooseAddressPage() {
  return <ChooseAddressStep flavor="staff" />
}
