import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { SessionUser } from '../../contract/auth'
import type { AppDeps, AppEnv } from '../context'
import type { Db, Tx } from '../db/client'
import { clients, refreshSessions, roles, users } from '../db/schema'
import { sha256, signAccessToken, type SessionClaims } from './tokens'

/**
 * Sessions: a short-lived access JWT (the claims of contract/auth.ts) plus a rotating refresh token in an
 * httpOnly cookie. Only SHA-256 hashes of refresh tokens are stored. Every token descending from one
 * sign-in shares a family; presenting an already-used token revokes the family.
 */
export const REFRESH_COOKIE = 'portal_refresh'
const REFRESH_COOKIE_PATH = '/api/auth'
/** Without "keep me signed in" the cookie dies with the browser, and the server forgets it after this. */
export const BROWSER_SESSION_TTL_MS = 12 * 3_600_000

export interface SessionUserRow extends SessionUser {
  active: boolean
  passwordHash: string
}

/** The user as the session shows it, with what sign-in needs (active flag, password hash). */
export async function findSessionUser(db: Db, where: { id: number } | { email: string }): Promise<SessionUserRow | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      role: roles.name,
      clientId: users.clientId,
      agentId: users.agentId,
      roleId: users.roleId,
      roleType: roles.roleType,
      companyName: clients.companyName,
      active: users.active,
      passwordHash: users.passwordHash,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where('id' in where ? eq(users.id, where.id) : eq(users.email, where.email.toLowerCase()))
  return row ? { ...row, companyName: row.companyName ?? null } : undefined
}

export function toSessionUser(row: SessionUserRow): SessionUser {
  const { id, firstName, lastName, email, role, clientId, agentId, roleId, roleType, companyName } = row
  return { id, firstName, lastName, email, role, clientId, agentId, roleId, roleType, companyName }
}

/** Exactly the access token's claims (exp, iss and aud are added when signing). */
export function claimsOf(user: SessionUser): SessionClaims {
  return {
    id: user.id,
    email: user.email,
    clientId: user.clientId,
    agentId: user.agentId,
    role: user.role,
    companyName: user.companyName,
    firstName: user.firstName,
    lastName: user.lastName,
    roleType: user.roleType,
    roleId: user.roleId,
  }
}

export function issueAccessToken(deps: AppDeps, user: SessionUser): Promise<string> {
  const { env } = deps
  return signAccessToken(
    claimsOf(user),
    { key: deps.jwtKey, issuer: env.JWT_ISSUER, audience: env.JWT_AUDIENCE, ttlSeconds: env.ACCESS_TOKEN_TTL_SECONDS },
    deps.clock.now(),
  )
}

const newRefreshToken = () => randomBytes(32).toString('base64url')

/**
 * A rotation may be asked for twice: the answer was lost on a bad connection, or two tabs renewed at once.
 * Within this many milliseconds of a rotation the previous token gets the same successor back; later it
 * counts as reuse. The successor is derived from the previous token with the server key, so it can be
 * given again without keeping any token in the clear.
 */
export const REFRESH_GRACE_MS = 10_000
const successorOf = (deps: AppDeps, token: string) => createHmac('sha256', deps.jwtKey).update(`refresh-successor:${token}`).digest('base64url')

function refreshLifetimeMs(deps: AppDeps, remember: boolean) {
  return remember ? deps.env.REFRESH_TOKEN_TTL_DAYS * 86_400_000 : BROWSER_SESSION_TTL_MS
}

/** Stores a new refresh token (a new family, or the next link of one) and sets its cookie. */
async function storeRefreshToken(
  c: Context<AppEnv>,
  values: { userId: number; familyId: string; remember: boolean; token?: string },
): Promise<void> {
  const deps = c.get('deps')
  const now = deps.clock.now()
  const token = values.token ?? newRefreshToken()
  const lifetime = refreshLifetimeMs(deps, values.remember)
  await deps.db.insert(refreshSessions).values({
    userId: values.userId,
    familyId: values.familyId,
    tokenHash: sha256(token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + lifetime),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
  })
  setRefreshCookie(c, token, values.remember ? lifetime : null)
}

const secureCookies = (c: Context<AppEnv>) => c.get('deps').env.PUBLIC_URL.startsWith('https:')
const refreshCookieOptions = (c: Context<AppEnv>) => ({ httpOnly: true, sameSite: 'Strict', path: REFRESH_COOKIE_PATH, secure: secureCookies(c) }) as const
const areaCookieOptions = (c: Context<AppEnv>) => ({ httpOnly: true, sameSite: 'Lax', path: '/', secure: secureCookies(c) }) as const

function setRefreshCookie(c: Context<AppEnv>, token: string, persistentMs: number | null) {
  setCookie(c, REFRESH_COOKIE, token, {
    ...refreshCookieOptions(c),
    // A browser-session cookie unless the user chose to stay signed in.
    ...(persistentMs !== null ? { maxAge: Math.floor(persistentMs / 1000) } : {}),
  })
}

/** A new sign-in: a new refresh family. */
export function startRefreshFamily(c: Context<AppEnv>, userId: number, remember: boolean) {
  return storeRefreshToken(c, { userId, familyId: randomUUID(), remember })
}

/**
 * Which area's page frames the server may send this browser with a page ('client' or 'agent', see
 * server/http/page-frames.ts): a hint, not a credential, set with each new access token and cleared
 * with the session. It lasts as long as the browser session; a browser restarted with a remembered
 * session gets the plain shell until the app's next token renewal sets it again.
 */
export const AREA_COOKIE = 'portal_area'

export function setAreaCookie(c: Context<AppEnv>, user: Pick<SessionUser, 'clientId' | 'agentId'>) {
  const area = user.clientId != null ? 'client' : user.agentId != null ? 'agent' : null
  if (area) setCookie(c, AREA_COOKIE, area, areaCookieOptions(c))
  else deleteCookie(c, AREA_COOKIE, areaCookieOptions(c))
}

/** Clears the refresh cookie and the area cookie: the session is over on this browser. */
export function clearSessionCookies(c: Context<AppEnv>) {
  deleteCookie(c, REFRESH_COOKIE, refreshCookieOptions(c))
  deleteCookie(c, AREA_COOKIE, areaCookieOptions(c))
}

export const readRefreshCookie = (c: Context<AppEnv>) => getCookie(c, REFRESH_COOKIE)

export type RotationResult = { ok: true; userId: number } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' }

/**
 * Exchanges a refresh token for the next one of its family (and sets the new cookie). A token that was
 * already exchanged is a sign of theft: the whole family is revoked.
 */
export async function rotateRefreshToken(c: Context<AppEnv>, token: string): Promise<RotationResult> {
  const { db, clock } = c.get('deps')
  const now = clock.now()
  const [row] = await db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, sha256(token)))
  if (!row) return { ok: false, reason: 'unknown' }
  if (row.revokedAt) return { ok: false, reason: 'revoked' }
  if (row.usedAt) {
    const successor = now.getTime() - row.usedAt.getTime() <= REFRESH_GRACE_MS ? await liveSuccessor(c, token, now) : undefined
    if (successor) return { ok: true, userId: row.userId }
    await revokeFamily(db, row.familyId, now)
    return { ok: false, reason: 'reused' }
  }
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' }
  // Claim the token atomically: of two concurrent exchanges, only one wins; the other is a reuse.
  const claimed = await db
    .update(refreshSessions)
    .set({ usedAt: now })
    .where(and(eq(refreshSessions.id, row.id), isNull(refreshSessions.usedAt), isNull(refreshSessions.revokedAt)))
    .returning({ id: refreshSessions.id })
  if (!claimed.length) {
    // A concurrent exchange won: within the grace period this one gets the same successor.
    if (await liveSuccessor(c, token, now)) return { ok: true, userId: row.userId }
    await revokeFamily(db, row.familyId, now)
    return { ok: false, reason: 'reused' }
  }
  const remember = row.expiresAt.getTime() - row.createdAt.getTime() > BROWSER_SESSION_TTL_MS
  await storeRefreshToken(c, { userId: row.userId, familyId: row.familyId, remember, token: successorOf(c.get('deps'), token) })
  return { ok: true, userId: row.userId }
}

/** The successor of a just-rotated token, if it is still usable; sets its cookie again. */
async function liveSuccessor(c: Context<AppEnv>, token: string, now: Date): Promise<boolean> {
  const deps = c.get('deps')
  const successor = successorOf(deps, token)
  const [row] = await deps.db.select().from(refreshSessions).where(eq(refreshSessions.tokenHash, sha256(successor)))
  if (!row || row.revokedAt || row.expiresAt <= now) return false
  const remember = row.expiresAt.getTime() - row.createdAt.getTime() > BROWSER_SESSION_TTL_MS
  setRefreshCookie(c, successor, remember ? row.expiresAt.getTime() - now.getTime() : null)
  return true
}

export async function revokeFamily(db: Db, familyId: string, now: Date) {
  await db
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)))
}

/** The family of a presented refresh token, if the token is known. */
export async function familyOf(db: Db, token: string): Promise<{ familyId: string; userId: number } | undefined> {
  const [row] = await db
    .select({ familyId: refreshSessions.familyId, userId: refreshSessions.userId })
    .from(refreshSessions)
    .where(eq(refreshSessions.tokenHash, sha256(token)))
  return row
}

/** Ends every refresh family of a user, except one to keep (the device that changed the password). */
export async function revokeUserSessions(db: Db | Tx, userId: number, now: Date, keepFamilyId?: string) {
  const conditions = [eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)]
  if (keepFamilyId) conditions.push(ne(refreshSessions.familyId, keepFamilyId))
  await db.update(refreshSessions).set({ revokedAt: now }).where(and(...conditions))
}
