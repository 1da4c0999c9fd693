import {
  PasskeySchema,
  RecoveryCodesResponseSchema,
  SecondFactorsSchema,
  TotpSetupResponseSchema,
  type SecondFactorCodeBody,
  type TotpEnableBody,
} from '@contract/second-factor'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api-client'

/** The signed-in user's second factors: GET /api/auth/second-factors. */
export const secondFactorsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'second-factors'],
    queryFn: ({ signal }) => api.get('/auth/second-factors', { schema: SecondFactorsSchema, signal }),
  })

function useSecondFactorChange<TBody, TAnswer>(call: (body: TBody) => Promise<TAnswer>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: secondFactorsQueryOptions().queryKey }),
  })
}

export const useTotpSetup = () => useSecondFactorChange(() => api.post('/auth/totp/setup', undefined, { schema: TotpSetupResponseSchema }))
export const useTotpEnable = () => useSecondFactorChange((body: TotpEnableBody) => api.post('/auth/totp/enable', body, { schema: RecoveryCodesResponseSchema }))
export const useTotpDisable = () => useSecondFactorChange((body: SecondFactorCodeBody) => api.post('/auth/totp/disable', body))
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
  })
export const useRenamePasskey = () =>
  useSecondFactorChange(({ id, name }: { id: number; name: string }) => api.patch(`/auth/passkeys/${id}`, { name }, { schema: PasskeySchema }))
export const useRemovePasskey = () => useSecondFactorChange(({ id }: { id: number }) => api.delete(`/auth/passkeys/${id}`))
