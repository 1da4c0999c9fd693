import { createFileRoute } from '@tanstack/react-router'
import { countriesQueryOptions } from '~/features/signup/api'
import { PersonalInformationStep } from '~/features/signup/personal-information-step'
import { guardWizardStep } from '~/features/signup/guard'

/** Sign-up, step 3 of 4: Personal Information. */
export const Route = createFileRoute('/_public/signup/personal-information')({
  beforeLoad: guardWizardStep('public', 'personal'),
  loader: ({ context }) => context.queryClient.ensureQueryData(countriesQueryOptions()),
  component: SignupPersonalInformationPage,
})

function SignupPersonalInformationPage() {
  return <PersonalInformationStep flavor="public" />
}
