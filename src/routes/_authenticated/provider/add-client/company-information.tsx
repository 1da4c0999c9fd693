import { createFileRoute } from '@tanstack/react-router'
import { loadCompanyDetails } from '~/features/signup/loaders'
import { CompanyDetailsStep } from '~/features/signup/company-details-step'
import { guardWizardStep } from '~/features/signup/routing'

/** Add client, step 2 of 4: Company Information. */
export const Route = createFileRoute('/_authenticated/provider/add-client/company-information')({
  beforeLoad: guardWizardStep('staff', 'company'),
  loader: ({ context }) => loadCompanyDetails(context.queryClient),
  component: AddClientCompanyInformationPage,
})

function AddClientCompanyInformationPage() {
  return <CompanyDetailsStep flavor="staff" />
}
