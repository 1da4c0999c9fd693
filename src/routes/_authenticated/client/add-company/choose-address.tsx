import { createFileRoute } from '@tanstack/react-router'
import { cacheRestored } from '~/lib/query-client'
import { loadChooseAddress } from '~/features/signup/loaders'
import { ChooseAddressStep } from '~/features/signup/choose-address-step'
import { guardWizardStep } from '~/features/signup/routing'

/** Add a company, step 2 of 3: Choose Address. */
export const Route = createFileRoute('/_authenticated/client/add-company/choose-address')({
  beforeLoad: guardWizardStep('company', 'address'),
  // The saved cache first, so an offline start shows the lists saved on this device.
  loader: async ({ context }) => {
    await cacheRestored
    return loadChooseAddress(context.queryClient)
  },
  component: AddCompanyChooseAddressPage,
})

function AddCompanyChooseAddressPage() {
  return <ChooseAddressStep flavor="company" />
}
