import { createFileRoute } from '@tanstack/react-router'
import { businessEntityTypesQueryOptions } from '~/features/signup/api'
import { CompanyDetailsStep } from '~/features/signup/company-details-step'
import { guardWizardStep } from '~/features/signup/guard'

/** Add client, step 2 of 4: Company Information. */
export const Route = createFileRoute('/_authenticated/provider/add-client/company-information')({
  beforeLoad: guardWizardStep('staff', 'company'),
  loader: ({ context }) => context.queryClient.ensureQueryData(businessEntityTypesQueryOptions()),
  component: AddClientCompanyInformationPage,
})

function AddClientCompanyInformationPage() {
  return <CompanyDetailsStep flavor="staff" />
}
