import { createFileRoute, redirect } from '@tanstack/react-router'

/** The wizard starts at its first step (Company Details). */
export const Route = createFileRoute('/_public/signup/')({
  beforeLoad: () => {
    throw redirect({ to: '/signup/company-details', replace: true })
  },
})
