import { userKind, type SessionUser } from '~/lib/session'

/** Clients show first and last name, else e-mail; agents their first name, else e-mail. */
export function displayName(user: Pick<SessionUser, 'firstName' | 'lastName' | 'email' | 'clientId' | 'agentId'>): string {
  if (userKind(user) === 'client') {
    const full = [user.firstName, user.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(' ')
    return full || user.email
  }
  return user.firstName?.trim() || user.email
}
