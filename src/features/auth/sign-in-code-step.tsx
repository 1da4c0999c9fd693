import { SecondFactorCodeSchema } from '@contract/second-factor'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { ApiError, errorMessage, NetworkError, OfflineError } from '~/lib/api-client'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { formActions, formStack } from '~/ui/form-styles'
import { useSignInWithCode } from './api'
import { AuthTextField } from './auth-fields'
import { useAuthForm } from './use-auth-form'

const CodeFormSchema = v.object({ code: SecondFactorCodeSchema })

/**
 * The sign-in's second step, for an account with an authenticator app: the app's 6-digit code or a
 * recovery code. "Use another account" goes back to the password step.
 */
export function SignInCodeStep({
  mfaToken,
  remember,
  onSignedIn,
  onBack,
}: {
  mfaToken: string
  remember: boolean
  onSignedIn: () => Promise<void>
  onBack: () => void
}) {
  const form = useAuthForm(CodeFormSchema, { code: '' })
  const verify = useSignInWithCode()

  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      await verify.mutateAsync({ mfaToken, code, remember })
    } catch (error) {
      if (error instanceof ApiError && error.status === 401 && error.issues.some((i) => i.path === 'code')) form.setError('code', errorMessage(error))
      return
    }
    await onSignedIn()
  })

  const error = verify.error
  const onField = error instanceof ApiError && error.issues.some((i) => i.path === 'code')
  const showError = error && !onField && (error instanceof ApiError || error instanceof OfflineError || !(error instanceof NetworkError))
  const expired = error instanceof ApiError && error.status === 401 && !onField

  return (
    <form onSubmit={onSubmit} className={formStack} noValidate aria-label="Two-step sign-in">
      <p className={css({ m: '0', fontSize: 'sm', color: 'fg.muted' })}>
        Open your authenticator app and enter the 6-digit code it shows for the portal. Lost your phone? Enter one of your recovery codes.
      </p>
      {showError && <Alert status="danger">{errorMessage(error)}</Alert>}
      <AuthTextField {...form.field('code')} error={form.errors.code} label="Code" type="text" autoComplete="one-time-code" inputMode="text" />
      <div className={formActions}>
        {expired ? (
          <Button type="button" size="lg" onClick={onBack}>
            Start again
          </Button>
        ) : (
          <Button type="submit" size="lg" loading={form.submitting}>
            Verify
          </Button>
        )}
        <Button type="button" variant="ghost" onClick={onBack}>
          Use another account
        </Button>
      </div>
    </form>
  )
}
