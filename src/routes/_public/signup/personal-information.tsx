import { createFileRoute } from '@tanstack/react-router'
import { loadPersonalInformation } from '~/features/signup/loaders'
import { PersonalInformationStep } from '~/features/signup/personal-information-step'
import { guardWizardStep } from '~/features/signup/routing'

/** Sign-up, step 3 of 4: Personal Information. */
export const Route = createFileRoute('/_public/signup/personal-information')({
  beforeLoad: guardWizardStep('public', 'personal'),
  loader: ({ context }) => loadPersonalInformation(context.queryClient),
  component: SignupPersonalInformationPage,
})

function SignupPersonalInformationPage() {
  return <PersonalInformationStep flavor="public" />
}
