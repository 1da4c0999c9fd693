import { createHash } from 'node:crypto'
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'

/** The access token's claims; iat, exp, iss and aud are added when signing. */
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

export async function signAccessToken(claims: SessionClaims, settings: TokenSettings, now: Date): Promise<string> {
  const exp = Math.floor(now.getTime() / 1000) + settings.ttlSeconds
  return new SignJWT({ ...claims })
    .setProtectedHeader({ alg: ALG, typ: 'JWT' })
    .setIssuer(settings.issuer)
    .setAudience(settings.audience)
    .setIssuedAt(Math.floor(now.getTime() / 1000))
    .setExpirationTime(exp)
    .sign(settings.key)
}

/**
 * Verifies signature (HS256 only: `alg: none` and any other algorithm are refused), issuer, audience
 * and expiry against the given clock. Returns null for any invalid token.
 */
export async function verifyAccessToken(token: string, settings: TokenSettings, now: Date): Promise<(SessionClaims & { issuedAt: number; expiresAt: number }) | null> {
  try {
    const { payload } = await jwtVerify(token, settings.key, {
      algorithms: [ALG],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['exp', 'id'],
      currentDate: now,
    })
    if (typeof payload.id !== 'number' || !Number.isInteger(payload.id)) return null
    // Tokens signed before iat was added: their issue time follows from their expiry.
    const issuedAt = typeof payload.iat === 'number' ? payload.iat : (payload.exp ?? 0) - settings.ttlSeconds
    return { ...(payload as unknown as SessionClaims), issuedAt, expiresAt: payload.exp! }
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null
    throw error
  }
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
