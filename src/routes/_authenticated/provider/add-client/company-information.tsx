import { createFileRoute } from '@tanstack/react-router'
import { cacheRestored } from '~/lib/query-client'
import { loadCompanyDetails } from '~/features/signup/loaders'
import { CompanyDetailsStep } from '~/features/signup/company-details-step'
import { guardWizardStep } from '~/features/signup/routing'

/** Add client, step 2 of 4: Company Information. */
export const Route = createFileRoute('/_authenticated/provider/add-client/company-information')({
  beforeLoad: guardWizardStep('staff', 'company'),
  // The saved cache first, so an offline start shows the lists saved on this device.
  loader: async ({ context }) => {
    await cacheRestored
    return loadCompanyDetails(context.queryClient)
  },
  component: AddClientCompanyInformationPage,
})

function AddClientCompanyInformationPage() {
  return <CompanyDetailsStep flavor="staff" />
}
