import { createFileRoute, redirect } from '@tanstack/react-router'

/** The staff wizard starts at Personal Information. */
export const Route = createFileRoute('/_authenticated/provider/add-client/')({
  beforeLoad: () => {
    throw redirect({ to: '/provider/add-client/personal-information', replace: true })
  },
})
