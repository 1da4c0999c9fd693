import { createFileRoute } from '@tanstack/react-router'
import { cacheRestored } from '~/lib/query-client'
import { loadPersonalInformation } from '~/features/signup/loaders'
import { PersonalInformationStep } from '~/features/signup/personal-information-step'
import { guardWizardStep } from '~/features/signup/routing'

/** Add client, step 1 of 4: Personal Information. */
export const Route = createFileRoute('/_authenticated/provider/add-client/personal-information')({
  beforeLoad: guardWizardStep('staff', 'personal'),
  // The saved cache first, so an offline start shows the lists saved on this device.
  loader: async ({ context }) => {
    await cacheRestored
    return loadPersonalInformation(context.queryClient)
  },
  component: AddClientPersonalInformationPage,
})

function AddClientPersonalInformationPage() {
  return <PersonalInformationStep flavor="staff" />
}
