import { createFileRoute } from '@tanstack/react-router'
import { AccountErrorPage } from '~/features/auth/account-error-page'

/** Where a signed-in user who is neither a client nor an agent lands. */
export const Route = createFileRoute('/_authenticated/error')({
  component: AccountErrorPage,
})
