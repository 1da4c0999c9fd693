import { SessionResponseSchema } from '@contract/auth'
import { startAuthentication } from '@simplewebauthn/browser'
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

/** A passkey prompt the person closed or refused: not an error to show. */
export const isPasskeyCancel = (error: unknown) =>
  error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED')
