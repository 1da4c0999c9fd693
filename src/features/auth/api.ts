import {
  ChangePasswordResponseSchema,
  ForgotPasswordResponseSchema,
  PasswordChangedResponseSchema,
  ResetTokenStatusSchema,
  SessionResponseSchema,
  type ChangePasswordBody,
  type ForgotPasswordBody,
  type LoginBody,
  type ResetPasswordBody,
  type SessionResponse,
  type SessionUser,
} from '@contract/auth'
import { LoginAnswerSchema, type LoginMfaBody } from '@contract/second-factor'
import { AgentSchema, UserPermissionListSchema } from '@contract/identity'
import { queryOptions, useMutation } from '@tanstack/react-query'
import { api, apiRequest } from '~/lib/api-client'
import { getSession, setSession, updateSession, userKind } from '~/lib/session'

/** The codes of a user's role: GET /api/user/{id}/permissions (all of them for super admin). */
async function fetchPermissions(userId: number, token?: string): Promise<string[]> {
  const list = await apiRequest(`/user/${userId}/permissions`, {
    schema: UserPermissionListSchema,
    // Right after sign-in the session does not exist yet: send the new token explicitly.
    ...(token ? { auth: false, headers: { authorization: `Bearer ${token}` } } : {}),
  })
  return list.map((p) => p.permCode)
}

/**
 * An agent's role is read from the agent record's first user. The server lists the
 * signed-in user first on their own record, so this is the user's own role.
 */
async function agentRole(user: SessionUser, token: string): Promise<Pick<SessionUser, 'roleId' | 'roleType'>> {
  if (userKind(user) !== 'agent' || user.agentId == null) return user
  try {
    const agent = await apiRequest(`/agent/${user.agentId}`, {
      schema: AgentSchema,
      auth: false,
      headers: { authorization: `Bearer ${token}` },
    })
    const first = agent.users[0]
    return first && first.id === user.id ? { roleId: first.roleId, roleType: first.roleType } : user
  } catch {
    // The sign-in answer carries the same role; the agent record only confirms it.
    return user
  }
}

/** What a sign-in's first step ended in: a session, or the need for a code (the account has a second factor). */
export type SignInResult = { signedIn: true } | { signedIn: false; mfaToken: string }

/**
 * Signs in, then fetches the permission codes and keeps them with the session. An account with a second
 * factor answers a step token instead; signInWithCode finishes it.
 */
export async function signIn(body: LoginBody): Promise<SignInResult> {
  // A log out made offline ends its refresh cookie on the server first.
  const { settleSignOut } = await import('~/lib/signed-out')
  await settleSignOut()
  const answer = await api.post('/auth/login', body, { auth: false, schema: LoginAnswerSchema })
  if ('mfaRequired' in answer) return { signedIn: false, mfaToken: answer.mfaToken }
  await beginSession(answer, Boolean(body.remember))
  return { signedIn: true }
}

/** The second step: a code from the authenticator app or a recovery code (POST /api/auth/login/mfa). */
export async function signInWithCode({ remember, ...body }: LoginMfaBody & { remember: boolean }): Promise<void> {
  const answer = await api.post('/auth/login/mfa', body, { auth: false, schema: SessionResponseSchema })
  await beginSession(answer, remember)
}

/** Starts the session of a sign-in's answer on this device (permissions, device data, stored session). */
export async function beginSession({ token, user, secondFactorSetupRequired }: SessionResponse, remember: boolean): Promise<void> {
  const { forgetSignOut } = await import('~/lib/signed-out')
  const [permissions, role] = await Promise.all([fetchPermissions(user.id, token), agentRole(user, token)])
  // What an ended session left behind (the start settles it once the first page is up, which a quick
  // sign-in can beat), and another user's data, leave the device before this user's session starts.
  const { claimDevice, onSignedIn, settleDeviceData } = await import('~/lib/device-data')
  await settleDeviceData()
  await claimDevice(user.id, remember)
  forgetSignOut()
  onSignedIn()
  setSession({ token, user: { ...user, ...role }, permissions, remember, ...(secondFactorSetupRequired && { secondFactorSetupRequired }) })
}

export function useSignIn() {
  return useMutation({ mutationFn: signIn })
}

export function useSignInWithCode() {
  return useMutation({ mutationFn: signInWithCode })
}

/**
 * Re-reads the signed-in user's codes, and an agent's role (a role, or the user's role, may have changed
 * since the session began). A user deactivated meanwhile gets a 401 here, which ends the session.
 */
export async function refreshPermissions(): Promise<void> {
  const session = getSession()
  if (!session) return
  const [permissions, role] = await Promise.all([fetchPermissions(session.user.id), agentRole(session.user, session.token)])
  const current = getSession()
  if (current?.user.id !== session.user.id) return
  const sameCodes = permissions.length === current.permissions.length && permissions.every((code, i) => code === current.permissions[i])
  const sameRole = role.roleId === current.user.roleId && role.roleType === current.user.roleType
  if (!sameCodes || !sameRole) updateSession({ permissions, user: { ...current.user, ...role } })
}

export function useForgotPassword() {
  return useMutation({
    mutationFn: (body: ForgotPasswordBody) => api.post('/auth/forgot-password', body, { auth: false, schema: ForgotPasswordResponseSchema }),
  })
}

/** Whether a reset link still works: GET /api/auth/reset/{token} (400 when it does not). */
export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['auth', 'reset-token', token],
    queryFn: ({ signal }) => api.get(`/auth/reset/${encodeURIComponent(token)}`, { auth: false, schema: ResetTokenStatusSchema, signal }),
    retry: false,
    staleTime: 0,
    gcTime: 0,
  })

export function useResetPassword() {
  return useMutation({
    mutationFn: (body: ResetPasswordBody) => api.post('/auth/reset-password', body, { auth: false, schema: PasswordChangedResponseSchema }),
  })
}

/** A changed password ends every session of the account; this device goes on with the new one in the answer. */
export function useChangePassword() {
  return useMutation({
    mutationFn: async (body: ChangePasswordBody) => {
      const answer = await api.post('/auth/change-password', body, { schema: ChangePasswordResponseSchema })
      updateSession({ token: answer.token, user: answer.user })
      return answer
    },
  })
}
