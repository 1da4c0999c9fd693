import { and, eq, isNotNull, sql } from 'drizzle-orm'
import type { Context, Hono, MiddlewareHandler } from 'hono'
import { SUPER_ADMIN_ROLE_ID, type PermCode } from '../../contract/permissions'
import type { AppEnv, Caller } from '../context'
import { SECOND_FACTOR_SETUP_REQUIRED } from '../../contract/second-factor'
import type { TeamRole } from '../../contract/team'
import { clientMemberships, passkeys, permissions, portalSettings, refreshSessions, rolePermissions, roles, users, userTotp } from '../db/schema'
import { forbidden, notFound, unauthorized } from '../http/errors'
import { CALLER_TTL_MS } from './caller-cache'
import { sha256, verifyAccessToken } from './tokens'

/**
 * Access policies. Authorization is deny-by-default: every route passes exactly one policy middleware
 * (checked when the app is built, see assertEveryRouteHasPolicy). Super admin (role id 1) passes every
 * permission check. Permissions are read from the database, not the token, so a change takes effect on
 * the next request rather than when the token expires (callers cached briefly are dropped on every change,
 * see caller-cache.ts).
 */
export { SUPER_ADMIN_ROLE_ID }

const POLICY = Symbol('access-policy')
type PolicyMiddleware = MiddlewareHandler<AppEnv> & { [POLICY]: string }

function policy(name: string, check: (c: Context<AppEnv>) => Promise<void> | void): PolicyMiddleware {
  const mw: MiddlewareHandler<AppEnv> = async (c, next) => {
    await check(c)
    c.set('policy', name)
    await next()
  }
  return Object.assign(mw, { [POLICY]: name })
}

export function hasPermission(caller: Caller, code: PermCode): boolean {
  // Staff who must still set up a second factor hold no code until they have, so no staff read behind a
  // code (documents, requests, support, invoices) answers a password alone; their own account's routes need none.
  if (caller.secondFactorSetupRequired) return false
  return caller.isSuperAdmin || caller.permCodes.has(code)
}

export const isAgent = (caller: Caller) => caller.agentId != null || caller.isSuperAdmin
export const isClient = (caller: Caller) => caller.clientId != null

/**
 * What part of a company's data a route is, for the people of the company (contract/team.ts): its
 * documents and mail (owner, member), its billing (owner, billing), its account (the profile, the team,
 * how mail is handled: the owner alone) or what every one of them sees (the dashboard,
 * support, alerts). Every route a client reaches names its area; there is no default.
 */
export type ClientArea = 'documents' | 'billing' | 'account' | 'shared'
const AREA_ROLES: Record<ClientArea, readonly TeamRole[]> = {
  documents: ['owner', 'member'],
  billing: ['owner', 'billing'],
  account: ['owner'],
  shared: ['owner', 'member', 'billing'],
}
const AREA_REFUSALS: Record<ClientArea, string> = {
  documents: 'Your role in this company does not include its documents and mail',
  billing: 'Your role in this company does not include its invoices and payments',
  account: 'Only an owner of this company can do this',
  shared: 'Your role in this company does not allow this',
}

/** Whether the caller's role in the session's company opens `area` (false for staff). */
export const opensArea = (caller: Caller, area: ClientArea): boolean => caller.clientRole != null && AREA_ROLES[area].includes(caller.clientRole)

/** A client user whose role in the session's company does not open `area` gets 403. */
export function assertClientArea(caller: Caller, area: ClientArea): void {
  if (!opensArea(caller, area)) throw forbidden(AREA_REFUSALS[area])
}

/**
 * One record of a client's (a document, an invoice, a conversation) as a client user may reach it:
 * another company's answers 404 as if it did not exist; a role that does not open `area`, 403. Staff
 * pass here: their route's policy and codes decide.
 */
export function assertClientRecord(caller: Caller, recordClientId: number, area: ClientArea, what: string): void {
  if (!isClient(caller)) return
  if (recordClientId !== caller.clientId) throw notFound(what)
  assertClientArea(caller, area)
}

/**
 * May the caller reach this client's data? A person of the company may, when their role opens `area`;
 * an agent needs every one of agentCodes. Another client gets 404 (never learning the record exists); a
 * person whose role does not open the area, or an agent lacking a code, 403.
 */
export function assertClientAccess(caller: Caller, clientId: number, area: ClientArea, agentCodes: readonly PermCode[] = []): void {
  if (isClient(caller)) {
    if (caller.clientId !== clientId) throw notFound('Client')
    assertClientArea(caller, area)
    return
  }
  if (!isAgent(caller)) throw notFound('Client')
  assertStaff(caller)
  for (const code of agentCodes) if (!hasPermission(caller, code)) throw forbidden()
}

/** Staff, with the second factor staff are required to have (403 otherwise). */
function assertStaff(caller: Caller): void {
  if (!isAgent(caller)) throw forbidden('This is for provider staff only')
  assertSecondFactorSetUp(caller)
}

/** For a staff read that needs no permission code (the notifications): 403 until the required second factor is set up. */
export function assertSecondFactorSetUp(caller: Caller): void {
  if (caller.secondFactorSetupRequired) throw forbidden(SECOND_FACTOR_SETUP_REQUIRED)
}

/** array_agg arrives as an array from postgres.js and PGlite; a text literal ("{A,B}") is read too. */
function parseCodes(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String)
  if (typeof value === 'string')
    return value
      .replace(/^\{|\}$/g, '')
      .split(',')
      .filter(Boolean)
  return []
}

async function authenticate(c: Context<AppEnv>): Promise<Caller> {
  const header = c.req.header('authorization') ?? ''
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/.exec(header)
  if (!match) throw unauthorized()
  const token = match[1]
  const deps = c.get('deps')
  const now = deps.clock.now()
  const tokenHash = sha256(token)
  // A caller cached for this very token was verified when it was stored, and is cached no longer than the token lives.
  const cached = deps.callers?.get(tokenHash, now.getTime())
  if (cached) {
    c.set('caller', cached)
    return cached
  }
  const stamp = deps.callers?.stamp ?? 0
  const claims = await verifyAccessToken(
    token,
    { key: deps.jwtKey, issuer: deps.env.JWT_ISSUER, audience: deps.env.JWT_AUDIENCE, ttlSeconds: deps.env.ACCESS_TOKEN_TTL_SECONDS },
    now,
  )
  if (!claims) throw unauthorized('Your session is not valid or has expired')
  // One round trip: the user and role, whether the token's session has ended, and the role's codes.
  const [user] = await deps.db
    .select({
      id: users.id,
      email: users.email,
      roleId: users.roleId,
      roleType: roles.roleType,
      clientId: users.clientId,
      // The token's company: the person's role there, or null when they no longer belong to it.
      clientRole: sql<TeamRole | null>`(select ${clientMemberships.role} from ${clientMemberships} where ${clientMemberships.userId} = ${users.id} and ${clientMemberships.clientId} = ${claims.clientId ?? 0})`,
      agentId: users.agentId,
      active: users.active,
      passwordChangedAt: users.passwordChangedAt,
      sessionEnded:
        sql<boolean>`exists (select 1 from ${refreshSessions} where ${and(eq(refreshSessions.familyId, claims.sid), isNotNull(refreshSessions.revokedAt))})`.mapWith(
          Boolean,
        ),
      // Staff, while a second factor is required of staff (portal_settings), without an app or a passkey.
      secondFactorSetupRequired: sql<boolean>`(
        (${users.agentId} is not null or ${users.roleId} = ${SUPER_ADMIN_ROLE_ID})
        and coalesce((select ${portalSettings.staffSecondFactorRequired} from ${portalSettings} where ${portalSettings.id} = 1), false)
        and not exists (select 1 from ${userTotp} where ${userTotp.userId} = ${users.id} and ${userTotp.enabledAt} is not null)
        and not exists (select 1 from ${passkeys} where ${passkeys.userId} = ${users.id})
      )`.mapWith(Boolean),
      codes: sql<
        string[]
      >`coalesce((select array_agg(${permissions.permCode}) from ${rolePermissions} join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId} where ${rolePermissions.roleId} = ${users.roleId}), '{}')`,
    })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, claims.id))
  // Log out, a password change or reset, deactivation and a reused refresh token revoke the session's family.
  if (user?.sessionEnded) throw unauthorized('Your session has ended')
  if (!user || !user.active) throw unauthorized('Your session has ended')
  // A password changed by any other path still ends the tokens issued before it (whole seconds: iat has
  // no finer grain; the password routes end the sessions themselves).
  if (claims.issuedAt < Math.floor(user.passwordChangedAt.getTime() / 1000)) throw unauthorized('Your session has ended')
  // A client's token is for one company; removed from its team, the person's tokens for it end at once.
  const clientId = user.clientId === null ? null : claims.clientId
  if (user.clientId !== null && (clientId === null || !user.clientRole)) throw unauthorized('Your access to this company has ended')
  const caller: Caller = {
    userId: user.id,
    email: user.email,
    roleId: user.roleId,
    roleType: user.roleType,
    clientId,
    clientRole: clientId === null ? null : user.clientRole,
    agentId: user.agentId,
    isSuperAdmin: user.roleId === SUPER_ADMIN_ROLE_ID,
    permCodes: new Set(parseCodes(user.codes)),
    secondFactorSetupRequired: user.secondFactorSetupRequired,
    tokenHash,
    sessionId: claims.sid,
  }
  deps.callers?.set(tokenHash, caller, { fromMs: now.getTime(), untilMs: Math.min(now.getTime() + CALLER_TTL_MS, claims.expiresAt * 1000) }, stamp)
  c.set('caller', caller)
  return caller
}

export const access = {
  /** Anyone, signed in or not. */
  public: () => policy('public', () => {}),
  /** Any signed-in user (staff who still have to set up a second factor too: their own account's routes). */
  signedIn: () => policy('signedIn', async (c) => void (await authenticate(c))),
  /** Agents holding every code given (super admin passes). */
  agent: (...codes: PermCode[]) =>
    policy(`agent:${codes.join(',')}`, async (c) => {
      const caller = await authenticate(c)
      assertStaff(caller)
      for (const code of codes) if (!hasPermission(caller, code)) throw forbidden()
    }),
  /** Agents holding at least one of the codes given (super admin passes). */
  agentAny: (...codes: [PermCode, ...PermCode[]]) =>
    policy(`agentAny:${codes.join(',')}`, async (c) => {
      const caller = await authenticate(c)
      assertStaff(caller)
      if (!codes.some((code) => hasPermission(caller, code))) throw forbidden()
    }),
  /** Client users only, whose role in the session's company opens `area`. */
  client: (area: ClientArea) =>
    policy(`client:${area}`, async (c) => {
      const caller = await authenticate(c)
      if (!isClient(caller)) throw forbidden('This is for clients only')
      assertClientArea(caller, area)
    }),
  /**
   * The client named by the path parameter `param` (its people whose role opens `area`), or an agent
   * holding agentCodes. Another client gets 404.
   */
  ownClient: (param: string, area: ClientArea, ...agentCodes: PermCode[]) =>
    policy(`ownClient:${param}:${area}:${agentCodes.join(',')}`, async (c) => {
      const caller = await authenticate(c)
      const clientId = Number(c.req.param(param))
      if (!Number.isSafeInteger(clientId) || clientId <= 0) throw notFound('Client')
      assertClientAccess(caller, clientId, area, agentCodes)
    }),
}

/**
 * On a public route that staff and clients use too: with a bearer token the caller is authenticated
 * exactly as on any signed-in route (a bad or expired token is a 401); without one the route stays public.
 */
export const identifyWhenSignedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (c.req.header('authorization')) await authenticate(c)
  await next()
}

/** The access policy a route handler declares ('public', 'signedIn', 'agent:ICV', ...), or undefined. */
export function policyOf(handler: unknown): string | undefined {
  return typeof handler === 'function' && POLICY in handler ? (handler as PolicyMiddleware)[POLICY] : undefined
}

/** Deny by default: refuses to build an app with a route that declares no access policy. */
export function assertEveryRouteHasPolicy(app: Hono<AppEnv>): void {
  const groups = new Map<string, boolean>()
  for (const route of app.routes) {
    if (route.method === 'ALL') continue
    const key = `${route.method} ${route.path}`
    const marked = POLICY in (route.handler as object)
    groups.set(key, (groups.get(key) ?? false) || marked)
  }
  const missing = [...groups].filter(([, ok]) => !ok).map(([key]) => key)
  if (missing.length) throw new Error(`Routes without an access policy: ${missing.join(', ')}`)
}
