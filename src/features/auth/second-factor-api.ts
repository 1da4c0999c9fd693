import {
  PasskeySchema,
  RecoveryCodesResponseSchema,
  SignInSettingsSchema,
  TotpSetupResponseSchema,
  type SecondFactorCodeBody,
  type SignInSettings,
  type TotpEnableBody,
} from '@contract/second-factor'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api, refreshAccessToken } from '~/lib/api-client'
import { getSession, updateSession, userKind } from '~/lib/session'
import { secondFactorsQueryOptions } from './second-factor-query'

export { secondFactorsQueryOptions }

/** A factor was added: staff led to the set-up have what the portal requires of them. */
function factorAdded() {
  if (getSession()?.secondFactorSetupRequired) updateSession({ secondFactorSetupRequired: undefined })
}

/**
 * A factor was removed: staff ask the server (a renewal of the session) whether the portal now
 * requires them to set one up again.
 */
function factorRemoved() {
  const session = getSession()
  if (session && userKind(session.user) === 'agent') void refreshAccessToken()
}

function useSecondFactorChange<TBody, TAnswer>(call: (body: TBody) => Promise<TAnswer>, onSuccess?: () => void) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess,
    onSettled: () => queryClient.invalidateQueries({ queryKey: secondFactorsQueryOptions().queryKey }),
  })
}

export const useTotpSetup = () => useSecondFactorChange(() => api.post('/auth/totp/setup', undefined, { schema: TotpSetupResponseSchema }))
export const useTotpEnable = () =>
  useSecondFactorChange((body: TotpEnableBody) => api.post('/auth/totp/enable', body, { schema: RecoveryCodesResponseSchema }), factorAdded)
export const useTotpDisable = () => useSecondFactorChange((body: SecondFactorCodeBody) => api.post('/auth/totp/disable', body), factorRemoved)
export const useRenewRecoveryCodes = () =>
  useSecondFactorChange((body: SecondFactorCodeBody) => api.post('/auth/totp/recovery-codes', body, { schema: RecoveryCodesResponseSchema }))

/**
 * Adds a passkey: the server's options, the browser's prompt (the WebAuthn helpers load here, on the
 * press), then POST /api/auth/passkeys with the name given.
 */
export const useAddPasskey = () =>
  useSecondFactorChange(async ({ name }: { name: string }) => {
    const { startRegistration } = await import('@simplewebauthn/browser')
    const optionsJSON = (await api.post('/auth/passkeys/registration-options')) as Parameters<typeof startRegistration>[0]['optionsJSON']
    const response = await startRegistration({ optionsJSON })
    return api.post('/auth/passkeys', { response, name }, { schema: PasskeySchema })
  }, factorAdded)
export const useRenamePasskey = () =>
  useSecondFactorChange(({ id, name }: { id: number; name: string }) => api.patch(`/auth/passkeys/${id}`, { name }, { schema: PasskeySchema }))
export const useRemovePasskey = () => useSecondFactorChange(({ id }: { id: number }) => api.delete(`/auth/passkeys/${id}`), factorRemoved)

/** Whether staff must have a second factor: GET /api/settings/sign-in (super admin). */
export const signInSettingsQueryOptions = () =>
  queryOptions({
    queryKey: ['settings', 'sign-in'],
    queryFn: ({ signal }) => api.get('/settings/sign-in', { schema: SignInSettingsSchema, signal }),
  })

/** Requires a second factor of staff, or stops requiring it: PUT /api/settings/sign-in (super admin, audited). */
export function useChangeSignInSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: SignInSettings) => api.put('/settings/sign-in', body, { schema: SignInSettingsSchema }),
    networkMode: 'always',
    onSuccess: (settings) => queryClient.setQueryData(signInSettingsQueryOptions().queryKey, settings),
  })
}
