import { EmailSchema, FORGOT_PASSWORD_MESSAGE } from '@contract/auth'
import { Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { ApiError, errorMessage, OfflineError } from '~/lib/api-client'
import { usePageTitle } from '~/ui/page-header'
import { AuthCard } from '~/ui/auth-card'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { useForgotPassword } from './api'
import { AuthTextField } from './auth-fields'
import { formActions, formStack, mutedLinks } from '~/ui/form-styles'
import { useAuthForm } from './use-auth-form'

const ForgotFormSchema = v.object({ email: EmailSchema })

/** Asks for a reset link (POST /api/auth/forgot-password); the answer never says whether the account exists. */
export function ForgotPasswordForm() {
  const form = useAuthForm(ForgotFormSchema, { email: '' })
  const request = useForgotPassword()

  const onSubmit = form.handleSubmit(async ({ email }) => {
    try {
      await request.mutateAsync({ email })
    } catch {
      // shown below
    }
  })

  if (request.isSuccess) {
    return (
      <div className={formStack}>
        <Alert status="success" title="Check your e-mail">
          {request.data?.message ?? FORGOT_PASSWORD_MESSAGE}
        </Alert>
        <Link to="/login">Back to sign in</Link>
      </div>
    )
  }

  const error = request.error
  return (
    <form onSubmit={onSubmit} className={formStack} noValidate>
      {(error instanceof ApiError || error instanceof OfflineError) && <Alert status="danger">{errorMessage(error)}</Alert>}
      <AuthTextField {...form.field('email')} error={form.errors.email} label="E-mail" type="email" autoComplete="email" />
      <div className={formActions}>
        <Button type="submit" size="lg" loading={form.submitting}>
          Send reset link
        </Button>
        <div className={mutedLinks}>
          <Link to="/login">Back to sign in</Link>
        </div>
      </div>
    </form>
  )
}

/** /forgot-password */
export function ForgotPasswordPage() {
  usePageTitle('Forgot password')
  return (
    <AuthCard heading="Forgot your password?" intro="Enter the e-mail address you sign in with. We will send you a link to choose a new password.">
      <ForgotPasswordForm />
    </AuthCard>
  )
}
