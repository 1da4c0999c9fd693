import { createFileRoute, redirect } from '@tanstack/react-router'

/** The legacy 'signUp' address goes to the wizard's first step. */
export const Route = createFileRoute('/_public/signUp')({
  beforeLoad: () => {
    throw redirect({ to: '/signup/company-details', replace: true })
  },
})
