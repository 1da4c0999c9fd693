import { createFileRoute } from '@tanstack/react-router'
import { ResetPasswordPage } from '~/features/auth/reset-password-page'

/** The link of the password reset e-mail: /reset/{token}. */
export const Route = createFileRoute('/_public/reset/$token')({
  component: ResetRoute,
})

function ResetRoute() {
  const { token } = Route.useParams()
  return <ResetPasswordPage token={token} />
}
