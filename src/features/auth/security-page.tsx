import { PasskeyNameSchema, SecondFactorCodeSchema, TotpCodeSchema, type Passkey, type TotpSetupResponse } from '@contract/second-factor'
import { useQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { ApiError, errorMessage } from '~/lib/api-client'
import { formatDateTime } from '~/lib/dates'
import { isSuperAdmin } from '~/lib/permissions'
import { useRequiredSession } from '~/lib/session'
import { Alert } from '~/ui/alert'
import { Badge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { Panel } from '~/ui/card'
import { formStack } from '~/ui/form-styles'
import { PageHeader } from '~/ui/page-header'
import { notify } from '~/ui/toaster'
import { AuthTextField } from './auth-fields'
import {
  secondFactorsQueryOptions,
  useAddPasskey,
  useRemovePasskey,
  useRenamePasskey,
  useRenewRecoveryCodes,
  useTotpDisable,
  useTotpEnable,
  useTotpSetup,
} from './second-factor-api'
import { StaffSignInPolicyPanel } from './staff-sign-in-policy'
import { useAuthForm } from './use-auth-form'

// The QR encoder is only needed while setting up.
const TotpQr = lazy(() => import('./totp-qr').then((m) => ({ default: m.TotpQr })))

const EnableFormSchema = v.object({ code: TotpCodeSchema })
const ConfirmFormSchema = v.object({ code: SecondFactorCodeSchema })

const row = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })
const muted = css({ m: '0', fontSize: 'sm', color: 'fg.muted' })
const mono = css({ fontFamily: 'mono', fontSize: 'sm', letterSpacing: '0.05em', wordBreak: 'break-all' })

/** The secret in groups of four, as apps ask for it when typed in by hand. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, '$1 ').trim()

type Step =
  { kind: 'idle' } | { kind: 'setup'; setup: TotpSetupResponse } | { kind: 'codes'; codes: string[] } | { kind: 'confirm'; action: 'disable' | 'renew' }

/**
 * Account Settings → Security: two-step sign-in with an authenticator app (set up with a QR code, turn
 * off, new recovery codes), passkeys, and for a super admin whether staff must have a second factor.
 * The password itself is changed on the page beside this one.
 *
 * Staff who must set up a second factor are sent here (features/auth/guards.ts) with the page they were
 * headed for as `next`: the page says why, and once an app (after its recovery codes) or a passkey is
 * set up, they go on there.
 */
export function SecurityPage({ next }: { next?: string }) {
  const session = useRequiredSession()
  const navigate = useNavigate()
  const factors = useQuery(secondFactorsQueryOptions())
  const [step, setStep] = useState<Step>({ kind: 'idle' })
  const setup = useTotpSetup()
  const totp = factors.data?.totp
  const setupRequired = session.secondFactorSetupRequired === true
  // Led here to set up a factor: once it is, the person goes on (kept after the session stops saying so).
  const [ledHere, setLedHere] = useState(setupRequired)
  if (setupRequired && !ledHere) setLedHere(true)
  const goOn = () => void navigate({ href: next ?? '/', replace: true })
  const ownFactor = factors.data ? factors.data.totp.enabled || factors.data.passkeys.length > 0 : undefined

  const start = async () => {
    try {
      setStep({ kind: 'setup', setup: await setup.mutateAsync(undefined) })
    } catch {
      // shown below from the mutation's error
    }
  }

  return (
    <>
      <PageHeader title="Account Settings" description="How you sign in to the portal." />
      <nav aria-label="Account settings" className={css({ display: 'flex', gap: '4', mb: '4', fontSize: 'sm' })}>
        <Link to="/account-settings/change-password">Password</Link>
        <Link to="/account-settings/security" aria-current="page">
          Security
        </Link>
      </nav>
      {setupRequired && (
        <Alert status="warning" title="Set up two-step sign-in to continue" className={css({ maxW: '40rem', mb: '6' })}>
          The portal requires staff to have a second factor. Set up an authenticator app or add a passkey below to go on; until then the other pages stay
          closed.
        </Alert>
      )}
      <Panel
        title="Two-step sign-in"
        description="After your password, the portal asks for a code from an authenticator app on your phone (Google Authenticator, Microsoft Authenticator, 1Password and the like). Someone who learns your password still cannot sign in."
        className={css({ maxW: '40rem' })}
      >
        <div className={formStack}>
          {factors.isPending ? (
            <p className={muted}>Loading…</p>
          ) : factors.isError ? (
            <Alert status="danger">{errorMessage(factors.error)}</Alert>
          ) : step.kind === 'setup' ? (
            <SetupStep setup={step.setup} onDone={(codes) => setStep({ kind: 'codes', codes })} onCancel={() => setStep({ kind: 'idle' })} />
          ) : step.kind === 'codes' ? (
            <RecoveryCodes codes={step.codes} onDone={() => (ledHere ? goOn() : setStep({ kind: 'idle' }))} />
          ) : step.kind === 'confirm' ? (
            <ConfirmWithCode
              action={step.action}
              onDone={(codes) => setStep(codes ? { kind: 'codes', codes } : { kind: 'idle' })}
              onCancel={() => setStep({ kind: 'idle' })}
            />
          ) : totp?.enabled ? (
            <>
              <div className={row}>
                <Badge tone="success">On</Badge>
                <span className={muted}>Authenticator app{totp.enabledAt ? `, since ${formatDateTime(totp.enabledAt)}` : ''}</span>
              </div>
              <p className={muted}>
                {factors.data.recoveryCodesLeft} of 10 recovery codes left.
                {factors.data.recoveryCodesLeft <= 3 && ' Make new ones before they run out.'}
              </p>
              <div className={row}>
                <Button variant="outline" onClick={() => setStep({ kind: 'confirm', action: 'renew' })}>
                  New recovery codes
                </Button>
                <Button variant="danger" onClick={() => setStep({ kind: 'confirm', action: 'disable' })}>
                  Turn off
                </Button>
              </div>
            </>
          ) : (
            <>
              <div className={row}>
                <Badge tone="neutral">Off</Badge>
                <span className={muted}>Only your password protects this account.</span>
              </div>
              {setup.error && <Alert status="danger">{errorMessage(setup.error)}</Alert>}
              <div>
                <Button onClick={() => void start()} loading={setup.isPending}>
                  Set up an authenticator app
                </Button>
              </div>
            </>
          )}
        </div>
      </Panel>
      <PasskeysPanel passkeys={factors.data?.passkeys} onAdded={ledHere ? goOn : undefined} />
      {isSuperAdmin(session) && <StaffSignInPolicyPanel ownFactor={ownFactor} />}
    </>
  )
}

const PasskeyNameFormSchema = v.object({ name: PasskeyNameSchema })

/** A name to start from: what kind of device this is. */
function suggestedPasskeyName() {
  const agent = navigator.userAgent
  const device = /iPhone|iPad/.test(agent)
    ? 'iPhone or iPad'
    : /Android/.test(agent)
      ? 'Android'
      : /Mac/.test(agent)
        ? 'Mac'
        : /Windows/.test(agent)
          ? 'Windows'
          : 'this device'
  return `Passkey on ${device}`
}

/**
 * Passkeys: sign in with the device's fingerprint, face or PIN instead of a password and a code. Each
 * can be renamed and removed.
 */
function PasskeysPanel({ passkeys, onAdded }: { passkeys: Passkey[] | undefined; onAdded?: () => void }) {
  const form = useAuthForm(PasskeyNameFormSchema, { name: suggestedPasskeyName() })
  const [adding, setAdding] = useState(false)
  const add = useAddPasskey()
  const remove = useRemovePasskey()
  const onAdd = form.handleSubmit(async ({ name }) => {
    try {
      await add.mutateAsync({ name })
      notify.success('Passkey added.')
      form.reset()
      setAdding(false)
      onAdded?.()
    } catch {
      // shown below from the mutation's error
    }
  })
  const cancelled = add.error instanceof Error && (add.error.name === 'NotAllowedError' || add.error.name === 'AbortError')
  return (
    <Panel
      title="Passkeys"
      description="Sign in with your fingerprint, face or device PIN instead of your password and a code. A passkey stays on your device (or in your phone's or password manager's keychain) and works only on this portal."
      className={css({ maxW: '40rem', mt: '6' })}
    >
      <div className={formStack}>
        {passkeys && passkeys.length > 0 ? (
          <ul aria-label="Your passkeys" className={css({ m: '0', p: '0', listStyle: 'none', display: 'flex', flexDirection: 'column', gap: '3' })}>
            {passkeys.map((passkey) => (
              <PasskeyRow
                key={passkey.id}
                passkey={passkey}
                onRemove={() => remove.mutate({ id: passkey.id }, { onSuccess: () => notify.success('Passkey removed.') })}
              />
            ))}
          </ul>
        ) : (
          passkeys && <p className={muted}>No passkeys yet.</p>
        )}
        {remove.error && <Alert status="danger">{errorMessage(remove.error)}</Alert>}
        {adding ? (
          <form onSubmit={onAdd} className={formStack} noValidate aria-label="Add a passkey">
            {add.error && !cancelled && <Alert status="danger">{errorMessage(add.error)}</Alert>}
            {cancelled && <Alert status="info">The passkey was not made. Try again when you are ready.</Alert>}
            <AuthTextField {...form.field('name')} error={form.errors.name} label="Name" helperText="So you can tell your passkeys apart, e.g. Work laptop." />
            <div className={row}>
              <Button type="submit" loading={form.submitting}>
                Continue
              </Button>
              <Button type="button" variant="ghost" onClick={() => setAdding(false)}>
                Cancel
              </Button>
            </div>
          </form>
        ) : (
          <div>
            <Button
              variant="outline"
              onClick={() => {
                add.reset()
                form.reset()
                setAdding(true)
              }}
            >
              Add a passkey
            </Button>
          </div>
        )}
      </div>
    </Panel>
  )
}

function PasskeyRow({ passkey, onRemove }: { passkey: Passkey; onRemove: () => void }) {
  const [renaming, setRenaming] = useState(false)
  const form = useAuthForm(PasskeyNameFormSchema, { name: passkey.name })
  const rename = useRenamePasskey()
  const onRename = form.handleSubmit(async ({ name }) => {
    try {
      await rename.mutateAsync({ id: passkey.id, name })
      setRenaming(false)
    } catch {
      // shown below
    }
  })
  if (renaming) {
    return (
      <li>
        <form onSubmit={onRename} className={formStack} noValidate aria-label={`Rename ${passkey.name}`}>
          {rename.error && <Alert status="danger">{errorMessage(rename.error)}</Alert>}
          <AuthTextField {...form.field('name')} error={form.errors.name} label="Name" />
          <div className={row}>
            <Button type="submit" size="sm" loading={form.submitting}>
              Save
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setRenaming(false)}>
              Cancel
            </Button>
          </div>
        </form>
      </li>
    )
  }
  return (
    <li className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', justifyContent: 'space-between' })}>
      <div>
        <p className={css({ m: '0', fontWeight: 'medium' })}>{passkey.name}</p>
        <p className={muted}>
          Added {formatDateTime(passkey.createdAt)}
          {passkey.lastUsedAt ? ` · last used ${formatDateTime(passkey.lastUsedAt)}` : ' · not used yet'}
        </p>
      </div>
      <div className={row}>
        <Button size="sm" variant="ghost" onClick={() => setRenaming(true)} aria-label={`Rename ${passkey.name}`}>
          Rename
        </Button>
        <Button size="sm" variant="ghost" onClick={onRemove} aria-label={`Remove ${passkey.name}`}>
          Remove
        </Button>
      </div>
    </li>
  )
}

function SetupStep({ setup, onDone, onCancel }: { setup: TotpSetupResponse; onDone: (codes: string[]) => void; onCancel: () => void }) {
  const form = useAuthForm(EnableFormSchema, { code: '' })
  const enable = useTotpEnable()
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      const { recoveryCodes } = await enable.mutateAsync({ code })
      notify.success('Two-step sign-in is on.')
      onDone(recoveryCodes)
    } catch (error) {
      if (error instanceof ApiError && error.issues.some((i) => i.path === 'code')) form.setError('code', error.issues.find((i) => i.path === 'code')!.message)
    }
  })
  const error = enable.error
  const onField = error instanceof ApiError && error.issues.some((i) => i.path === 'code')
  return (
    <form onSubmit={onSubmit} className={formStack} noValidate aria-label="Set up an authenticator app">
      <ol className={css({ m: '0', pl: '5', fontSize: 'sm', display: 'flex', flexDirection: 'column', gap: '2' })}>
        <li>Open your authenticator app and add an account.</li>
        <li>Scan this QR code, or type the key below.</li>
        <li>Enter the 6-digit code the app shows.</li>
      </ol>
      <Suspense fallback={<div className={css({ w: '48', h: '48' })} />}>
        <TotpQr url={setup.otpauthUrl} />
      </Suspense>
      <div>
        <p className={muted}>Key</p>
        <p className={mono} data-testid="totp-secret">
          {grouped(setup.secret)}
        </p>
      </div>
      {error && !onField && <Alert status="danger">{errorMessage(error)}</Alert>}
      <AuthTextField {...form.field('code')} error={form.errors.code} label="Code from the app" autoComplete="one-time-code" inputMode="numeric" />
      <div className={row}>
        <Button type="submit" loading={form.submitting}>
          Turn on
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}

function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(codes.join('\n'))
      notify.success('Recovery codes copied.')
    } catch {
      notify.error('Could not copy. Select the codes and copy them yourself.')
    }
  }
  return (
    <div className={formStack}>
      <Alert status="warning" title="Save your recovery codes">
        Each code signs you in once if you lose your phone. They are shown only now: keep them somewhere safe, such as a password manager.
      </Alert>
      <ul
        aria-label="Recovery codes"
        className={css({ m: '0', p: '0', listStyle: 'none', display: 'grid', gridTemplateColumns: 'repeat(2, max-content)', gap: '2 6' })}
      >
        {codes.map((code) => (
          <li key={code} className={mono}>
            {code}
          </li>
        ))}
      </ul>
      <div className={row}>
        <Button variant="outline" onClick={() => void copy()}>
          Copy codes
        </Button>
        <Button onClick={onDone}>I have saved them</Button>
      </div>
    </div>
  )
}

function ConfirmWithCode({ action, onDone, onCancel }: { action: 'disable' | 'renew'; onDone: (codes?: string[]) => void; onCancel: () => void }) {
  const form = useAuthForm(ConfirmFormSchema, { code: '' })
  const disable = useTotpDisable()
  const renew = useRenewRecoveryCodes()
  const mutation = action === 'disable' ? disable : renew
  const onSubmit = form.handleSubmit(async ({ code }) => {
    try {
      if (action === 'disable') {
        await disable.mutateAsync({ code })
        notify.success('Two-step sign-in is off.')
        onDone()
      } else {
        onDone((await renew.mutateAsync({ code })).recoveryCodes)
      }
    } catch (error) {
      if (error instanceof ApiError && error.issues.some((i) => i.path === 'code')) form.setError('code', error.issues.find((i) => i.path === 'code')!.message)
    }
  })
  const error = mutation.error
  const onField = error instanceof ApiError && error.issues.some((i) => i.path === 'code')
  return (
    <form onSubmit={onSubmit} className={formStack} noValidate aria-label={action === 'disable' ? 'Turn off two-step sign-in' : 'New recovery codes'}>
      <p className={muted}>
        {action === 'disable'
          ? 'Enter a code from your app (or a recovery code) to turn two-step sign-in off.'
          : 'Enter a code from your app (or a recovery code). The recovery codes you have now stop working.'}
      </p>
      {error && !onField && <Alert status="danger">{errorMessage(error)}</Alert>}
      <AuthTextField {...form.field('code')} error={form.errors.code} label="Code" autoComplete="one-time-code" />
      <div className={row}>
        <Button type="submit" variant={action === 'disable' ? 'danger' : 'solid'} loading={form.submitting}>
          {action === 'disable' ? 'Turn off' : 'Make new codes'}
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  )
}
