import { PasswordSchema, REQUIRED_MESSAGE } from '@contract/auth'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import * as v from 'valibot'
import { ApiError, errorMessage, OfflineError } from '~/lib/api-client'
import { usePageTitle } from '~/ui/page-header'
import { AuthCard } from '~/ui/auth-card'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Spinner } from '~/ui/spinner'
import { resetTokenQueryOptions, useResetPassword } from './api'
import { ForgotPasswordForm } from './forgot-password-page'
import { AuthTextField } from './auth-fields'
import { formActions, formStack } from '~/ui/form-styles'
import { useAuthForm } from './use-auth-form'

/** A new password typed twice; the rules are the server's (contract/auth.ts). */
export const NewPasswordFormSchema = v.pipe(
  v.object({
    password: PasswordSchema,
    confirmPassword: v.pipe(v.string(REQUIRED_MESSAGE), v.minLength(1, REQUIRED_MESSAGE)),
  }),
  v.forward(
    v.check((input) => input.password === input.confirmPassword, 'The passwords do not match'),
    ['confirmPassword'],
  ),
)

const PASSWORD_HINT = 'At least 8 characters. A few unrelated words make a strong password.'

/** /reset-password: explains where reset links come from, and sends one. */
export function ResetPasswordInfoPage() {
  usePageTitle('Reset password')
  return (
    <AuthCard
      heading="Reset your password"
      intro="Password resets work through a link we e-mail to you. Open the link from the e-mail, or ask for a new one here: links are valid for 60 minutes and work once."
    >
      <ForgotPasswordForm />
    </AuthCard>
  )
}

/** /reset/{token}: checks the link, then sets the new password (POST /api/auth/reset-password). */
export function ResetPasswordPage({ token }: { token: string }) {
  usePageTitle('Choose a new password')
  const status = useQuery(resetTokenQueryOptions(token))
  const reset = useResetPassword()
  const form = useAuthForm(NewPasswordFormSchema, { password: '', confirmPassword: '' })

  const onSubmit = form.handleSubmit(async ({ password }) => {
    try {
      await reset.mutateAsync({ token, password })
    } catch (error) {
      const issue = error instanceof ApiError ? error.issues.find((i) => i.path === 'password') : undefined
      if (issue) form.setError('password', issue.message)
    }
  })

  if (status.isPending) {
    return (
      <AuthCard heading="Choose a new password">
        <Spinner label="Checking your reset link" />
      </AuthCard>
    )
  }

  if (status.isError) {
    return (
      <AuthCard heading="This link no longer works">
        <div className={formStack}>
          <Alert status="warning">{errorMessage(status.error, 'This reset link is invalid or has expired')}</Alert>
          <p>Ask for a new link below; it is valid for 60 minutes.</p>
          <ForgotPasswordForm />
        </div>
      </AuthCard>
    )
  }

  if (reset.isSuccess) {
    return (
      <AuthCard heading="Password changed">
        <div className={formStack}>
          <Alert status="success">{reset.data.message}</Alert>
          <Link to="/login">Go to sign in</Link>
        </div>
      </AuthCard>
    )
  }

  const error = reset.error
  const passwordIssue = error instanceof ApiError && error.issues.some((i) => i.path === 'password')
  return (
    <AuthCard heading="Choose a new password" intro={`For ${status.data.email}.`}>
      <form onSubmit={onSubmit} className={formStack} noValidate>
        {(error instanceof OfflineError || (error instanceof ApiError && !passwordIssue)) && <Alert status="danger">{errorMessage(error)}</Alert>}
        <input type="text" name="username" autoComplete="username" value={status.data.email} readOnly hidden />
        <AuthTextField
          {...form.field('password')}
          error={form.errors.password}
          label="New password"
          type="password"
          autoComplete="new-password"
          helperText={PASSWORD_HINT}
        />
        <AuthTextField
          {...form.field('confirmPassword')}
          error={form.errors.confirmPassword}
          label="Confirm new password"
          type="password"
          autoComplete="new-password"
        />
        <div className={formActions}>
          <Button type="submit" size="lg" loading={form.submitting}>
            Set new password
          </Button>
        </div>
      </form>
    </AuthCard>
  )
}
