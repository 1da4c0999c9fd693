import { createFileRoute } from '@tanstack/react-router'
import { SecurityPage } from '~/features/auth/security-page'

/** Account Settings → Security: two-step sign-in (authenticator app and recovery codes). */
export const Route = createFileRoute('/_authenticated/account-settings/security')({
  component: SecurityPage,
})
