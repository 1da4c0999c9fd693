import { createFileRoute } from '@tanstack/react-router'
import { countriesQueryOptions } from '~/features/signup/api'
import { PersonalInformationStep } from '~/features/signup/personal-information-step'
import { guardWizardStep } from '~/features/signup/guard'

/** Add client, step 1 of 4: Personal Information. */
export const Route = createFileRoute('/_authenticated/provider/add-client/personal-information')({
  beforeLoad: guardWizardStep('staff', 'personal'),
  loader: ({ context }) => context.queryClient.ensureQueryData(countriesQueryOptions()),
  component: AddClientPersonalInformationPage,
})

function AddClientPersonalInformationPage() {
  return <PersonalInformationStep flavor="staff" />
}
