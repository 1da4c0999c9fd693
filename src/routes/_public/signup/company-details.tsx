import { createFileRoute } from '@tanstack/react-router'
import { businessEntityTypesQueryOptions } from '~/features/signup/api'
import { CompanyDetailsStep } from '~/features/signup/company-details-step'
import { guardWizardStep } from '~/features/signup/guard'

/** Sign-up, step 1 of 4: Company Details. */
export const Route = createFileRoute('/_public/signup/company-details')({
  beforeLoad: guardWizardStep('public', 'company'),
  loader: ({ context }) => context.queryClient.ensureQueryData(businessEntityTypesQueryOptions()),
  component: SignupCompanyDetailsPage,
})

function SignupCompanyDetailsPage() {
  return <CompanyDetailsStep flavor="public" />
}
