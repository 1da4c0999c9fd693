import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { safeRedirectTarget } from '~/features/auth'
import { SecurityPage } from '~/features/auth/security-page'

const SecuritySearchSchema = v.object({
  /** The page to go on to once a second factor the portal requires is set up (same-origin paths only). */
  next: v.fallback(v.optional(v.string()), undefined),
})

/**
 * Account Settings → Security: two-step sign-in (authenticator app and recovery codes), passkeys, and
 * for a super admin whether staff must have a second factor. Staff who must set one up are sent here.
 */
export const Route = createFileRoute('/_authenticated/account-settings/security')({
  validateSearch: SecuritySearchSchema,
  component: SecurityRoute,
})

function SecurityRoute() {
  const { next } = Route.useSearch()
  return <SecurityPage next={safeRedirectTarget(next)} />
}
