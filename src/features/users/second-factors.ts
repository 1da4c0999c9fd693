import type { SecondStepMethod } from '@contract/second-factor'
import type { StaffUserDetail } from '@contract/users'
import { isSuperAdmin } from '~/lib/permissions'
import type { Session } from '~/lib/session'

/** What a staff user's page says of their two-step sign-in. */
export function secondFactorsText(methods: readonly SecondStepMethod[]): string {
  const app = methods.includes('totp')
  const passkey = methods.includes('passkey')
  if (app && passkey) return 'Authenticator app and passkeys'
  if (app) return 'Authenticator app'
  if (passkey) return 'Passkeys'
  return 'Not set up'
}

/**
 * Whether the signed-in user may reset this user's two-step sign-in, as the server allows it: a super
 * admin, for someone else (their own is turned off in Account Settings → Security, with a code), who
 * has something to reset.
 */
export function mayResetSecondFactors(session: Session | null, user: Pick<StaffUserDetail, 'id' | 'secondFactors'>): boolean {
  return isSuperAdmin(session) && session?.user.id !== user.id && user.secondFactors.length > 0
}
