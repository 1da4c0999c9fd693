import { EmailSchema, REQUIRED_MESSAGE } from '@contract/auth'
import { t } from '@lingui/core/macro'
import { Link, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { ApiError, errorMessage, NetworkError, OfflineError } from '~/lib/api-client'
import { usePageTitle } from '~/ui/page-header'
import { AuthCard } from '~/ui/auth-card'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { useSignIn } from './api'
import { AuthTextField, RememberMeCheckbox } from './auth-fields'
import { formActions, formStack, mutedLinks } from '~/ui/form-styles'
import { useAuthForm } from './use-auth-form'

// Only accounts with a second factor reach this step: it is not part of the first page's script.
const SignInCodeStep = lazy(() => import('./sign-in-code-step').then((m) => ({ default: m.SignInCodeStep })))

/**
 * Passkeys in the e-mail field's suggestions (conditional mediation), where the browser offers them:
 * true once signed in that way. The WebAuthn helpers and the server's options are fetched only when
 * the browser says it can, so `/login`'s first script and other browsers are unchanged.
 */
async function offerPasskeysInAutofill(signal: AbortSignal, remember: () => boolean): Promise<boolean> {
  // Browsers refuse WebAuthn on an IP address: no options asked for in vain.
  if (/^[\d.]+$|^\[/.test(location.hostname) || typeof PublicKeyCredential === 'undefined') return false
  const available = await PublicKeyCredential.isConditionalMediationAvailable?.().catch(() => false)
  if (!available || signal.aborted) return false
  let passkey: typeof import('./passkey-sign-in')
  try {
    passkey = await import('./passkey-sign-in')
  } catch {
    return false // offline before the chunk was cached: the button and the password remain
  }
  return !signal.aborted && passkey.signInFromAutofill({ remember, signal })
}

const LoginFormSchema = v.object({
  email: EmailSchema,
  password: v.pipe(v.string(REQUIRED_MESSAGE), v.minLength(1, REQUIRED_MESSAGE)),
})

/** /login: e-mail, password and "Keep me signed in on this device", against POST /api/auth/login. */
export function LoginPage({ redirectTo }: { redirectTo?: string }) {
  usePageTitle(t`Sign in`)
  const form = useAuthForm(LoginFormSchema, { email: '', password: '' })
  const [remember, setRemember] = useState(false)
  const signIn = useSignIn()
  const navigate = useNavigate()

  const [mfaToken, setMfaToken] = useState<string | null>(null)
  const onSignedIn = () => navigate({ href: redirectTo ?? '/', replace: true })

  const onSubmit = form.handleSubmit(async ({ email, password }) => {
    let result: Awaited<ReturnType<typeof signIn.mutateAsync>>
    try {
      result = await signIn.mutateAsync({ email, password, remember })
    } catch {
      return // shown below from the mutation's error
    }
    if (!result.signedIn) return setMfaToken(result.mfaToken)
    await onSignedIn()
  })

  // Passkeys: the WebAuthn helpers load on the button's press, not with the page.
  const [passkeyError, setPasskeyError] = useState<unknown>(null)
  const [passkeyBusy, setPasskeyBusy] = useState(false)
  const rememberRef = useRef(remember)
  rememberRef.current = remember
  const onSignedInRef = useRef(onSignedIn)
  onSignedInRef.current = onSignedIn

  // One request while the form is shown; it ends when the page is left or the code step replaces the form.
  const showingForm = mfaToken === null
  useEffect(() => {
    if (!showingForm) return
    const stop = new AbortController()
    offerPasskeysInAutofill(stop.signal, () => rememberRef.current).then(
      (signedIn) => {
        if (signedIn) void onSignedInRef.current()
      },
      (error: unknown) => setPasskeyError(error),
    )
    return () => stop.abort()
  }, [showingForm])

  const withPasskey = async () => {
    setPasskeyError(null)
    setPasskeyBusy(true)
    try {
      const passkey = await import('./passkey-sign-in')
      try {
        await passkey.signInWithPasskey({ remember: rememberRef.current })
      } catch (error) {
        if (!passkey.isPasskeyCancel(error)) setPasskeyError(error)
        return
      }
      await onSignedInRef.current()
    } catch (error) {
      setPasskeyError(error)
    } finally {
      setPasskeyBusy(false)
    }
  }

  const error = signIn.error ?? passkeyError
  // A network error is already announced by the toast.
  const showError = Boolean(error) && (error instanceof ApiError || error instanceof OfflineError || !(error instanceof NetworkError))

  if (mfaToken) {
    return (
      <AuthCard heading={t`Two-step sign-in`} intro={t`Your password was right. One more step keeps your account safe.`}>
        <Suspense fallback={null}>
          <SignInCodeStep
            mfaToken={mfaToken}
            remember={remember}
            onSignedIn={onSignedIn}
            onBack={() => {
              setMfaToken(null)
              signIn.reset()
            }}
          />
        </Suspense>
      </AuthCard>
    )
  }

  return (
    <AuthCard heading={t`Sign in`} intro={t`Sign in to see your invoices, scanned mail and documents.`}>
      <form onSubmit={onSubmit} className={formStack} noValidate>
        {showError && <Alert status="danger">{errorMessage(error)}</Alert>}
        <AuthTextField {...form.field('email')} error={form.errors.email} label={t`E-mail`} type="email" autoComplete="username webauthn" />
        <AuthTextField {...form.field('password')} error={form.errors.password} label={t`Password`} type="password" autoComplete="current-password" />
        <RememberMeCheckbox checked={remember} onChange={setRemember} />
        <div className={formActions}>
          <Button type="submit" size="lg" loading={form.submitting}>
            {t`Sign in`}
          </Button>
          {/* Not "Sign in …": the password's button keeps that name to itself. */}
          <Button type="button" size="lg" variant="outline" loading={passkeyBusy} onClick={() => void withPasskey()}>
            {t`Use a passkey instead`}
          </Button>
          <div className={mutedLinks}>
            <Link to="/forgot-password">{t`Forgot your password?`}</Link>
            <Link to="/signup">{t`New client? Set up your company`}</Link>
          </div>
        </div>
      </form>
      <p className={css({ mt: '6', mb: '0', fontSize: 'xs', color: 'fg.muted' })}>{t`Provider staff sign in here too, with their staff e-mail.`}</p>
    </AuthCard>
  )
}
