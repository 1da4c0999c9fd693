import { createFileRoute } from '@tanstack/react-router'
import { cacheRestored } from '~/lib/query-client'
import { loadCompanyDetails } from '~/features/signup/loaders'
import { CompanyDetailsStep } from '~/features/signup/company-details-step'
import { guardWizardStep } from '~/features/signup/routing'

/** Add a company, step 1 of 3: Company Details. */
export const Route = createFileRoute('/_authenticated/client/add-company/company-details')({
  beforeLoad: guardWizardStep('company', 'company'),
  // The saved cache first, so an offline start shows the lists saved on this device.
  loader: async ({ context }) => {
    await cacheRestored
    return loadCompanyDetails(context.queryClient)
  },
  component: AddCompanyDetailsPage,
})

function AddCompanyDetailsPage() {
  return <CompanyDetailsStep flavor="company" />
}
