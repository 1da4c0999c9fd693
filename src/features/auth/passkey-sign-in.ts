import { SessionResponseSchema } from '@contract/auth'
import { startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser'
import { api } from '~/lib/api-client'
import { beginSession } from './api'

/**
 * Signing in with a passkey alone (no e-mail, no password): the server's options, the browser's passkey
 * prompt, then POST /api/auth/login/passkey. Loaded when the button is pressed, so the WebAuthn helpers
 * are not part of /login's first script.
 */
export async function signInWithPasskey({ remember }: { remember: boolean }): Promise<void> {
  const { settleSignOut } = await import('~/lib/signed-out')
  const optionsJSON = (await api.post('/auth/passkey/options', undefined, { auth: false })) as Parameters<typeof startAuthentication>[0]['optionsJSON']
  const response = await startAuthentication({ optionsJSON, useBrowserAutofill: false })
  await settleSignOut()
  const answer = await api.post('/auth/login/passkey', { response, remember }, { auth: false, schema: SessionResponseSchema })
  await beginSession(answer, remember)
}

/**
 * Passkeys offered in the e-mail field's suggestions (conditional mediation; the field's autocomplete
 * ends in "webauthn"): asks the server for options without an e-mail (any passkey of the portal), then
 * waits until the person picks a passkey there, and signs in with it. The wait ends without signing in
 * when `signal` aborts (the page is left), or when another WebAuthn request starts (the passkey button),
 * which SimpleWebAuthn's abort service makes end this one. Resolves false when nothing was signed in.
 */
export async function signInFromAutofill({ remember, signal }: { remember: () => boolean; signal: AbortSignal }): Promise<boolean> {
  const stop = () => WebAuthnAbortService.cancelCeremony()
  let response: Awaited<ReturnType<typeof startAuthentication>>
  try {
    const optionsJSON = (await api.post('/auth/passkey/options', undefined, { auth: false, signal })) as Parameters<
      typeof startAuthentication
    >[0]['optionsJSON']
    if (signal.aborted) return false
    signal.addEventListener('abort', stop, { once: true })
    response = await startAuthentication({ optionsJSON, useBrowserAutofill: true })
  } catch {
    // Nothing the person asked for failed: no options (offline, too many), no suggestion taken, or the
    // wait ended. The e-mail field simply offers no passkeys; the button and the password remain.
    return false
  } finally {
    // Once this request has ended, leaving the page must not cancel another one (the button's).
    signal.removeEventListener('abort', stop)
  }
  if (signal.aborted) return false
  // A passkey was picked: from here a refusal is the person's to read (a removed passkey, say).
  const { settleSignOut } = await import('~/lib/signed-out')
  await settleSignOut()
  const answer = await api.post('/auth/login/passkey', { response, remember: remember() }, { auth: false, schema: SessionResponseSchema })
  await beginSession(answer, remember())
  return true
}

/** A passkey prompt the person closed or refused: not an error to show. */
export const isPasskeyCancel = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED')
