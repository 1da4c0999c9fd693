import { createFileRoute } from '@tanstack/react-router'
import { loadCompanyDetails } from '~/features/signup/loaders'
import { CompanyDetailsStep } from '~/features/signup/company-details-step'
import { guardWizardStep } from '~/features/signup/routing'

/** Sign-up, step 1 of 4: Company Details. */
export const Route = createFileRoute('/_public/signup/company-details')({
  beforeLoad: guardWizardStep('public', 'company'),
  loader: ({ context }) => loadCompanyDetails(context.queryClient),
  component: SignupCompanyDetailsPage,
})

function SignupCompanyDetailsPage() {
  return <CompanyDetailsStep flavor="public" />
}
