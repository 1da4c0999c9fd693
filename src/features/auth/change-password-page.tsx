import { PasswordSchema, REQUIRED_MESSAGE } from '@contract/auth'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { ApiError, errorMessage, OfflineError } from '~/lib/api-client'
import { useRequiredSession } from '~/lib/session'
import { PageHeader } from '~/ui/page-header'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Panel } from '~/ui/card'
import { notify } from '~/ui/toaster'
import { useChangePassword } from './api'
import { AuthTextField } from './auth-fields'
import { formStack } from '~/ui/form-styles'
import { useAuthForm } from './use-auth-form'

const ChangePasswordFormSchema = v.pipe(
  v.object({
    currentPassword: v.pipe(v.string(REQUIRED_MESSAGE), v.minLength(1, REQUIRED_MESSAGE)),
    newPassword: PasswordSchema,
    confirmPassword: v.pipe(v.string(REQUIRED_MESSAGE), v.minLength(1, REQUIRED_MESSAGE)),
  }),
  v.forward(
    v.check((input) => input.newPassword === input.confirmPassword, 'The passwords do not match'),
    ['confirmPassword'],
  ),
  v.forward(
    v.check((input) => input.currentPassword !== input.newPassword, 'The new password must be different from the current one'),
    ['newPassword'],
  ),
)

/** Account Settings: change password (POST /api/auth/change-password). Other devices are signed out. */
export function ChangePasswordPage() {
  const { user } = useRequiredSession()
  const form = useAuthForm(ChangePasswordFormSchema, { currentPassword: '', newPassword: '', confirmPassword: '' })
  const change = useChangePassword()

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    try {
      const result = await change.mutateAsync({ currentPassword, newPassword })
      notify.success(result.message)
      form.reset()
      change.reset()
    } catch (error) {
      if (!(error instanceof ApiError)) return
      for (const issue of error.issues) {
        if (issue.path === 'currentPassword' || issue.path === 'newPassword') form.setError(issue.path, issue.message)
      }
    }
  })

  const error = change.error
  const fieldIssue = error instanceof ApiError && error.issues.some((i) => i.path === 'currentPassword' || i.path === 'newPassword')
  return (
    <>
      <PageHeader title="Account Settings" description="Change the password you sign in with." />
      <nav aria-label="Account settings" className={css({ display: 'flex', gap: '4', mb: '4', fontSize: 'sm' })}>
        <Link to="/account-settings/change-password" aria-current="page">
          Password
        </Link>
        <Link to="/account-settings/security">Security</Link>
      </nav>
      <Panel
        title="Change password"
        description="Changing it signs you out on your other devices; this one stays signed in."
        className={css({ maxW: '36rem' })}
      >
        <form onSubmit={onSubmit} className={formStack} noValidate>
          {(error instanceof OfflineError || (error instanceof ApiError && !fieldIssue)) && <Alert status="danger">{errorMessage(error)}</Alert>}
          <input type="text" name="username" autoComplete="username" value={user.email} readOnly hidden />
          <AuthTextField
            {...form.field('currentPassword')}
            error={form.errors.currentPassword}
            label="Current password"
            type="password"
            autoComplete="current-password"
          />
          <AuthTextField
            {...form.field('newPassword')}
            error={form.errors.newPassword}
            label="New password"
            type="password"
            autoComplete="new-password"
            helperText="At least 8 characters. A few unrelated words make a strong password."
          />
          <AuthTextField
            {...form.field('confirmPassword')}
            error={form.errors.confirmPassword}
            label="Confirm new password"
            type="password"
            autoComplete="new-password"
          />
          <div>
            <Button type="submit" loading={form.submitting}>
              Change password
            </Button>
          </div>
        </form>
      </Panel>
    </>
  )
}
