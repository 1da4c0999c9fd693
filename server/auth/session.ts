import { createHmac, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import type { Context } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import type { SessionUser } from '../../contract/auth'
import type { AppDeps, AppEnv } from '../context'
import type { Db, Tx } from '../db/client'
import { clientMemberships, clients, refreshSessions, roles, users } from '../db/schema'
import { HttpError } from '../http/errors'
import { sha256, signAccessToken, type SessionClaims } from './tokens'

/**
 * Sessions: a short-lived access JWT (the claims of contract/auth.ts) plus a rotating refresh token in an
 * httpOnly cookie. Only SHA-256 hashes of refresh tokens are stored. Every token descending from one
 * sign-in shares a family: the session, whose id each access token carries as `sid`. Revoking the family
 * (log out, password change or reset, deactivation, a reused refresh token) refuses every access token of
 * it at once, on every server (server/auth/policy.ts).
 */
export const REFRESH_COOKIE = 'portal_refresh'
const REFRESH_COOKIE_PATH = '/api/auth'
/** Without "keep me signed in" the cookie dies with the browser, and the server forgets it after this. */
export const BROWSER_SESSION_TTL_MS = 12 * 3_600_000

export interface SessionUserRow extends SessionUser {
  active: boolean
  passwordHash: string
  passwordChangedAt: Date
}

/**
 * The user as the session shows it, with what sign-in needs (active flag, password hash and when it
 * changed). A person in several companies is shown in `companyId` when they belong to it, else in their
 * first company (users.client_id).
 */
export async function findSessionUser(db: Db, where: { id: number } | { email: string }, companyId?: number | null): Promise<SessionUserRow | undefined> {
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
      passwordChangedAt: users.passwordChangedAt,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .leftJoin(clients, eq(clients.id, users.clientId))
    .where('id' in where ? eq(users.id, where.id) : eq(users.email, where.email.toLowerCase()))
  if (!row) return undefined
  if (companyId != null && row.clientId !== null && companyId !== row.clientId) {
    const [company] = await db
      .select({ clientId: clients.id, companyName: clients.companyName })
      .from(clientMemberships)
      .innerJoin(clients, eq(clients.id, clientMemberships.clientId))
      .where(and(eq(clientMemberships.userId, row.id), eq(clientMemberships.clientId, companyId)))
    if (company) return { ...row, ...company }
  }
  return { ...row, companyName: row.companyName ?? null }
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

/** An access token of the session (refresh family) `sid`: ending the session ends the token at once. */
export function issueAccessToken(deps: AppDeps, user: SessionUser, sid: string): Promise<string> {
  const { env } = deps
  return signAccessToken(
    claimsOf(user),
    { key: deps.jwtKey, issuer: env.JWT_ISSUER, audience: env.JWT_AUDIENCE, ttlSeconds: env.ACCESS_TOKEN_TTL_SECONDS },
    deps.clock.now(),
    sid,
  )
}

const newSecret = () => randomBytes(32).toString('base64url')

/**
 * A rotation may be asked for twice: the answer was lost on a bad connection, or two tabs renewed at once.
 * Within this many milliseconds of a rotation the same browser gets the same successor back; any other
 * second use counts as reuse. The successor is derived from the previous token, the browser's device
 * secret and its user agent with the server key, so it can be given again without keeping any token in
 * the clear, and only to the browser that holds that device secret.
 */
export const REFRESH_GRACE_MS = 10_000

/**
 * The browser's own half of a session: a random secret in its own httpOnly cookie, made at sign-in and
 * sent only to /api/auth, together with the browser's user agent. A copied refresh cookie replayed from
 * elsewhere lacks it, so the grace of a lost answer never hands that copy a live session.
 */
export const DEVICE_COOKIE = 'portal_device'
interface Device {
  secret: string
  userAgent: string
}

function deviceOf(c: Context<AppEnv>): Device | undefined {
  const secret = getCookie(c, DEVICE_COOKIE)
  if (!secret || !/^[A-Za-z0-9_-]{43}$/.test(secret)) return undefined
  return { secret, userAgent: c.req.header('user-agent') ?? '' }
}

const successorOf = (deps: AppDeps, token: string, device: Device) =>
  createHmac('sha256', deps.jwtKey).update(`refresh-successor\n${device.secret}\n${device.userAgent}\n${token}`).digest('base64url')

function refreshLifetimeMs(deps: AppDeps, remember: boolean) {
  return remember ? deps.env.REFRESH_TOKEN_TTL_DAYS * 86_400_000 : BROWSER_SESSION_TTL_MS
}

/** Whether a stored refresh token belongs to a "keep me signed in" session (it outlives a browser session). */
const remembered = (row: { createdAt: Date; expiresAt: Date }) => row.expiresAt.getTime() - row.createdAt.getTime() > BROWSER_SESSION_TTL_MS

/** Stores a refresh token (the first of a family, or the next link of one). */
async function storeRefreshToken(
  db: Db | Tx,
  c: Context<AppEnv>,
  values: { userId: number; familyId: string; token: string; remember: boolean; now: Date; clientId: number | null },
): Promise<void> {
  const { now } = values
  await db.insert(refreshSessions).values({
    userId: values.userId,
    familyId: values.familyId,
    clientId: values.clientId,
    tokenHash: sha256(values.token),
    createdAt: now,
    expiresAt: new Date(now.getTime() + refreshLifetimeMs(c.get('deps'), values.remember)),
    userAgent: c.req.header('user-agent')?.slice(0, 300) ?? null,
  })
}

const secureCookies = (c: Context<AppEnv>) => c.get('deps').env.PUBLIC_URL.startsWith('https:')
const refreshCookieOptions = (c: Context<AppEnv>) => ({ httpOnly: true, sameSite: 'Strict', path: REFRESH_COOKIE_PATH, secure: secureCookies(c) }) as const
const areaCookieOptions = (c: Context<AppEnv>) => ({ httpOnly: true, sameSite: 'Lax', path: '/', secure: secureCookies(c) }) as const

/** The refresh cookie and the device cookie, which live as long as each other. */
function setSessionCookies(c: Context<AppEnv>, token: string, deviceSecret: string, persistentMs: number | null) {
  const options = {
    ...refreshCookieOptions(c),
    // Browser-session cookies unless the user chose to stay signed in.
    ...(persistentMs !== null ? { maxAge: Math.floor(persistentMs / 1000) } : {}),
  }
  setCookie(c, REFRESH_COOKIE, token, options)
  setCookie(c, DEVICE_COOKIE, deviceSecret, options)
}

/**
 * A new sign-in: a new refresh family, whose id is the session id (`sid`) of its access tokens. The
 * session opens in `clientId` (a client's company), or in the person's first company when null.
 */
export async function startRefreshFamily(c: Context<AppEnv>, userId: number, remember: boolean, clientId: number | null = null): Promise<string> {
  const deps = c.get('deps')
  const familyId = randomUUID()
  const token = newSecret()
  await storeRefreshToken(deps.db, c, { userId, familyId, token, remember, now: deps.clock.now(), clientId })
  setSessionCookies(c, token, newSecret(), remember ? refreshLifetimeMs(deps, remember) : null)
  return familyId
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

/** Clears the session's cookies: the session is over on this browser. */
export function clearSessionCookies(c: Context<AppEnv>) {
  deleteCookie(c, REFRESH_COOKIE, refreshCookieOptions(c))
  deleteCookie(c, DEVICE_COOKIE, refreshCookieOptions(c))
  deleteCookie(c, AREA_COOKIE, areaCookieOptions(c))
}

export const readRefreshCookie = (c: Context<AppEnv>) => getCookie(c, REFRESH_COOKIE)

/**
 * Refresh and log out act on the cookie alone: a page of another site must not make the browser call
 * them. The Fetch standard has browsers send Origin with every POST, so a foreign Origin is refused
 * (SameSite=Strict already keeps the cookie off cross-site requests; this also covers a neighbouring
 * subdomain). A request without Origin is not from a browser page (a script, a native client): it has no
 * browser's cookies to misuse, and goes on.
 */
export function assertSameOrigin(c: Context<AppEnv>): void {
  const origin = c.req.header('origin')
  if (origin === undefined) return
  const deps = c.get('deps')
  const portal = new URL(deps.env.PUBLIC_URL).origin
  if (origin === portal) return
  // A portal served at an address other than PUBLIC_URL would end up here on every renewal: say so.
  deps.logger.warn('session call from another origin refused', { origin: origin.slice(0, 200), requestId: c.get('requestId') })
  throw new HttpError(403, 'This request came from another site', `Sessions are renewed and ended only from ${portal}. Open the portal there and try again.`)
}

export type RotationResult =
  { ok: true; userId: number; familyId: string; clientId: number | null } | { ok: false; reason: 'unknown' | 'expired' | 'revoked' | 'reused' }

/**
 * Exchanges a refresh token for the next one of its family (and sets the new cookies). A token that was
 * already exchanged is a sign of theft, unless it is the same browser asking again within the grace:
 * the whole family is revoked.
 */
export async function rotateRefreshToken(c: Context<AppEnv>, token: string): Promise<RotationResult> {
  const deps = c.get('deps')
  const { db } = deps
  const now = deps.clock.now()
  const [row] = await db
    .select()
    .from(refreshSessions)
    .where(eq(refreshSessions.tokenHash, sha256(token)))
  if (!row) return { ok: false, reason: 'unknown' }
  if (row.revokedAt) return { ok: false, reason: 'revoked' }
  if (row.usedAt) return rotatedAgain(c, row, token, now)
  if (row.expiresAt <= now) return { ok: false, reason: 'expired' }
  // A session signed in before browsers had a device secret gets one now.
  const device = deviceOf(c) ?? { secret: newSecret(), userAgent: c.req.header('user-agent') ?? '' }
  const successor = successorOf(deps, token, device)
  const remember = remembered(row)
  // Claiming the token and storing its successor are one step: a second exchange that finds the token
  // used finds its successor stored too. Of two concurrent exchanges only one claims it.
  const claimed = await db.transaction(async (tx) => {
    const won = await tx
      .update(refreshSessions)
      .set({ usedAt: now })
      .where(and(eq(refreshSessions.id, row.id), isNull(refreshSessions.usedAt), isNull(refreshSessions.revokedAt)))
      .returning({ id: refreshSessions.id })
    if (!won.length) return false
    await storeRefreshToken(tx, c, { userId: row.userId, familyId: row.familyId, token: successor, remember, now, clientId: row.clientId })
    return true
  })
  if (!claimed) return rotatedAgain(c, row, token, now)
  setSessionCookies(c, successor, device.secret, remember ? refreshLifetimeMs(deps, remember) : null)
  return { ok: true, userId: row.userId, familyId: row.familyId, clientId: row.clientId }
}

/**
 * A token presented after it was exchanged. The browser that exchanged it (same device secret and user
 * agent), within the grace and before it used the successor, gets that successor again; anyone else has
 * a copy of the cookie, and the whole family ends.
 */
async function rotatedAgain(c: Context<AppEnv>, row: typeof refreshSessions.$inferSelect, token: string, now: Date): Promise<RotationResult> {
  const deps = c.get('deps')
  const device = deviceOf(c)
  if (device) {
    const successor = successorOf(deps, token, device)
    const [next] = await deps.db
      .select()
      .from(refreshSessions)
      .where(and(eq(refreshSessions.tokenHash, sha256(successor)), eq(refreshSessions.familyId, row.familyId)))
    const live = next && !next.revokedAt && !next.usedAt && next.expiresAt > now
    if (live && now.getTime() - next.createdAt.getTime() <= REFRESH_GRACE_MS) {
      setSessionCookies(c, successor, device.secret, remembered(next) ? next.expiresAt.getTime() - now.getTime() : null)
      return { ok: true, userId: row.userId, familyId: row.familyId, clientId: next.clientId }
    }
  }
  await revokeFamily(deps.db, row.familyId, now)
  return { ok: false, reason: 'reused' }
}

/** Ends a session: every token of the family, and (through `sid`) every access token issued for it. */
export async function revokeFamily(db: Db, familyId: string, now: Date) {
  await db
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(and(eq(refreshSessions.familyId, familyId), isNull(refreshSessions.revokedAt)))
}

/** The session of a presented refresh token, if the token is known. */
export async function familyOf(db: Db, token: string): Promise<{ familyId: string; userId: number; remember: boolean } | undefined> {
  const [row] = await db
    .select({ familyId: refreshSessions.familyId, userId: refreshSessions.userId, createdAt: refreshSessions.createdAt, expiresAt: refreshSessions.expiresAt })
    .from(refreshSessions)
    .where(eq(refreshSessions.tokenHash, sha256(token)))
  return row && { familyId: row.familyId, userId: row.userId, remember: remembered(row) }
}

/** Ends every session of a user (password change or reset, deactivation, role change). */
export async function revokeUserSessions(db: Db | Tx, userId: number, now: Date) {
  await db
    .update(refreshSessions)
    .set({ revokedAt: now })
    .where(and(eq(refreshSessions.userId, userId), isNull(refreshSessions.revokedAt)))
}

/** Moves a session (every token of its family) into another company of its person. */
export async function moveSessionToCompany(db: Db, familyId: string, clientId: number) {
  await db.update(refreshSessions).set({ clientId }).where(eq(refreshSessions.familyId, familyId))
}
