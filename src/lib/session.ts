import { useSyncExternalStore } from 'react'
import { SessionUserSchema, type SessionUser } from '@contract/auth'
import * as v from 'valibot'

/**
 * The signed-in session: the access token, the user and the user's
 * permission codes, kept in session storage under the key `session`.
 *
 * "Keep me signed in on this device" mirrors the same record to local storage, so that an installed
 * PWA reopened later (even offline) restores it; without it nothing survives closing the browser.
 * The access token is short-lived; it is renewed through the refresh cookie (see api-client.ts).
 */
/** The stored session's key, in session storage (and in local storage when remembered). */
export const SESSION_KEY = 'session'

/** The access token's expiry (ms since the epoch), read from its `exp` claim; null when unreadable. */
export function tokenExpiresAt(token: string): number | null {
  const payload = token.split('.')[1]
  if (!payload) return null
  try {
    const json = atob(
      payload
        .replace(/-/g, '+')
        .replace(/_/g, '/')
        .padEnd(Math.ceil(payload.length / 4) * 4, '='),
    )
    const exp = (JSON.parse(json) as { exp?: unknown }).exp
    return typeof exp === 'number' ? exp * 1000 : null
  } catch {
    return null
  }
}

export { SessionUserSchema, type SessionUser } from '@contract/auth'

const SessionSchema = v.object({
  token: v.pipe(v.string(), v.minLength(1)),
  user: SessionUserSchema,
  /** The user's permission codes, fetched after sign-in (GET /api/user/{id}/permissions). */
  permissions: v.array(v.string()),
  /** The user chose "Keep me signed in on this device". */
  remember: v.boolean(),
  /**
   * Staff who must set up a second factor before the staff pages (the sign-in or renewal answer said
   * so); the app leads them to Account Settings → Security until they have.
   */
  secondFactorSetupRequired: v.optional(v.boolean()),
})
export type Session = v.InferOutput<typeof SessionSchema>

/** A user is a client when clientId is set, else an agent when agentId is set. */
export type UserKind = 'client' | 'agent'

export function userKind(user: Pick<SessionUser, 'clientId' | 'agentId'>): UserKind | null {
  if (user.clientId != null) return 'client'
  if (user.agentId != null) return 'agent'
  return null
}

/** Where a signed-in user's home is: the index redirect of the authenticated layout. */
export function homePath(user: Pick<SessionUser, 'clientId' | 'agentId'> | undefined): '/client/dashboard' | '/provider/dashboard' | '/error' {
  const kind = user ? userKind(user) : null
  if (kind === 'client') return '/client/dashboard'
  if (kind === 'agent') return '/provider/dashboard'
  return '/error'
}

function safeStorage(kind: 'sessionStorage' | 'localStorage'): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window[kind]
  } catch {
    // Storage can be blocked by the browser's privacy settings.
    return null
  }
}

function parseStored(text: string | null | undefined): Session | null {
  if (!text) return null
  try {
    const result = v.safeParse(SessionSchema, JSON.parse(text))
    return result.success ? result.output : null
  } catch {
    return null
  }
}

function readStored(): Session | null {
  const fromTab = parseStored(safeStorage('sessionStorage')?.getItem(SESSION_KEY))
  if (fromTab) return fromTab
  // A remembered session outlives the browser; bring it back into this tab's session storage.
  const remembered = parseStored(safeStorage('localStorage')?.getItem(SESSION_KEY))
  if (remembered?.remember) {
    safeStorage('sessionStorage')?.setItem(SESSION_KEY, JSON.stringify(remembered))
    return remembered
  }
  return null
}

function writeStored(session: Session | null) {
  const tab = safeStorage('sessionStorage')
  const device = safeStorage('localStorage')
  if (!session) {
    tab?.removeItem(SESSION_KEY)
    device?.removeItem(SESSION_KEY)
    return
  }
  const text = JSON.stringify(session)
  tab?.setItem(SESSION_KEY, text)
  if (session.remember) device?.setItem(SESSION_KEY, text)
  else device?.removeItem(SESSION_KEY)
}

let current: Session | null = readStored()
const listeners = new Set<() => void>()

function emit() {
  for (const listener of listeners) listener()
}

export function getSession(): Session | null {
  return current
}

export function setSession(session: Session): void {
  current = session
  writeStored(session)
  emit()
}

/** Replaces parts of the session (a renewed token, refreshed permissions) when one exists. */
export function updateSession(patch: Partial<Omit<Session, 'remember'>>): void {
  if (!current) return
  setSession({ ...current, ...patch })
}

/** Removes the session from this tab and this device. */
export function clearSession(): void {
  current = null
  writeStored(null)
  emit()
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Re-reads storage, e.g. after another tab of a remembered session signed out. */
export function reloadSessionFromStorage(): void {
  current = readStored()
  emit()
}

/**
 * The remembered session as this device holds it (another tab may have renewed its token), when it
 * belongs to the same user as this tab's.
 */
export function deviceSession(): Session | null {
  const stored = parseStored(safeStorage('localStorage')?.getItem(SESSION_KEY))
  return stored && current && stored.user.id === current.user.id ? stored : null
}

if (typeof window !== 'undefined') {
  // Another tab of a remembered session signed out, or renewed the token: follow it.
  window.addEventListener('storage', (event) => {
    if (event.key !== SESSION_KEY || event.storageArea !== safeStorage('localStorage') || !current?.remember) return
    if (event.newValue === null) {
      current = null
      safeStorage('sessionStorage')?.removeItem(SESSION_KEY)
      emit()
      return
    }
    const renewed = parseStored(event.newValue)
    if (renewed && renewed.user.id === current.user.id && renewed.token !== current.token) {
      current = renewed
      safeStorage('sessionStorage')?.setItem(SESSION_KEY, event.newValue)
      emit()
    }
  })
}

/** The session, re-rendering when it changes. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession)
}

/** The signed-in user's session inside the authenticated layout, where one always exists. */
export function useRequiredSession(): Session {
  const session = useSession()
  if (!session) throw new Error('useRequiredSession outside the authenticated layout')
  return session
}
