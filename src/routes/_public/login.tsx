import { createFileRoute, redirect } from '@tanstack/react-router'
import * as v from 'valibot'
import { safeRedirectTarget } from '~/features/auth'
import { LoginPage } from '~/features/auth/login-page'
import { getSession } from '~/lib/session'

const LoginSearchSchema = v.object({
  /** The page to return to after signing in (same-origin paths only). */
  redirect: v.fallback(v.optional(v.string()), undefined),
})

export const Route = createFileRoute('/_public/login')({
  validateSearch: LoginSearchSchema,
  beforeLoad: ({ search }) => {
    // Already signed in: go where the user was headed, or home.
    if (getSession()) throw redirect({ href: safeRedirectTarget(search.redirect) ?? '/', replace: true })
  },
  component: LoginRoute,
})

function LoginRoute() {
  const { redirect: target } = Route.useSearch()
  return <LoginPage redirectTo={safeRedirectTarget(target)} />
}
