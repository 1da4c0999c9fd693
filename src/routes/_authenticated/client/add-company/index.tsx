import { createFileRoute, redirect } from '@tanstack/react-router'

/** Adding a company to one's login starts at Company Details. */
export const Route = createFileRoute('/_authenticated/client/add-company/')({
  beforeLoad: () => {
    throw redirect({ to: '/client/add-company/company-details', replace: true })
  },
})
