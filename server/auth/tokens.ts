import { createHash } from 'node:crypto'
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose'

/** The claims of SPEC.md section 3; exp, iss and aud are added when signing. */
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
    .setExpirationTime(exp)
    .sign(settings.key)
}

/**
 * Verifies signature (HS256 only: `alg: none` and any other algorithm are refused), issuer, audience
 * and expiry against the given clock. Returns null for any invalid token.
 */
export async function verifyAccessToken(token: string, settings: TokenSettings, now: Date): Promise<SessionClaims | null> {
  try {
    const { payload } = await jwtVerify(token, settings.key, {
      algorithms: [ALG],
      issuer: settings.issuer,
      audience: settings.audience,
      requiredClaims: ['exp', 'id'],
      currentDate: now,
    })
    if (typeof payload.id !== 'number' || !Number.isInteger(payload.id)) return null
    return payload as unknown as SessionClaims
  } catch (error) {
    if (error instanceof joseErrors.JOSEError || error instanceof TypeError) return null
    throw error
  }
}

export const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')
