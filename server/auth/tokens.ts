import { createHash, randomUUID } from 'node:crypto'
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'

/** The access token's claims; sid, jti, iat, exp, iss and aud are added when signing. */
export interface SessionClaims {
  id: number
  email: string
  clientId: number | null
  agentId: number | null
  role: string
  companyName: string | null
  firstName: string
  lastName: string
  roleType: string
  roleId: number
}

export interface TokenSettings {
  key: Uint8Array
  issuer: string
  audience: string
  ttlSeconds: number
}

const ALG = 'HS256'

/** The session (refresh family) an access token belongs to: ending it ends the token. */
const SESSION_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * Signs an access token of the session `sid` (the refresh family id). Each token gets its own `jti`, so
 * two tokens are never the same even when signed in the same second.
 */
export async function signAccessToken(claims: SessionClaims, settings: TokenSettings, now: Date, sid: string): Promise<string> {
  const exp = Math.floor(now.getTime() / 1000) + settings.ttlSeconds
  return new SignJWT({ ...claims, sid })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setJti(randomUUID())
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(exp)
    .sign(settings.key)
}

export type VerifiedClaims = SessionClaims & { sid: string; issuedAt: number; expiresAt: number }

/**
 * Verifies signature (HS256 only: `alg: none` and any other algorithm are refused), issuer, audience,
 * expiry against the given clock, and that the token names its session (`sid`). Returns null for any
 * invalid token; a token signed before sessions were named is invalid too (the app renews it through
 * its refresh cookie).
 */
export async function verifyAccessToken(token: string, settings: TokenSettings, now: Date): Promise<VerifiedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, settings.key, {
      algorithms: [ALG],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['exp', 'iat', 'id', 'sid'],
      currentDate: now,
    })
    if (typeof payload.id !== 'number' || !Number.isInteger(payload.id)) return null
    if (typeof payload.sid !== 'string' || !SESSION_ID.test(payload.sid)) return null
    return { ...(payload as unknown as SessionClaims), sid: payload.sid, issuedAt: payload.iat!, expiresAt: payload.exp! }
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null
    throw error
  }
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
