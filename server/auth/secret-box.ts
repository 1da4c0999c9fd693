import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'

/**
 * Secrets kept encrypted in the database (the authenticator apps' TOTP secrets): AES-256-GCM with a key
 * derived (HKDF-SHA-256) from TOTP_ENCRYPTION_KEY, or from a random key made once per data directory.
 * Each value has a random 96-bit nonce and is bound to what it belongs to (`context`, such as the user),
 * so a value copied to another row does not decrypt. Stored as `v1.<nonce>.<tag>.<ciphertext>` (base64url).
 */
const VERSION = 'v1'

/** The 32-byte AES key of a configured secret (at least 32 characters). */
export function secretBoxKey(secret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', secret, '', 'registered-agent-portal:totp-secrets', 32))
}

export function seal(key: Uint8Array, plain: string, context: string): string {
  const nonce = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', key, nonce)
  cipher.setAAD(Buffer.from(context))
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [VERSION, nonce.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
}

/** The plain value; throws when the key is not the one it was sealed with, or the value was altered. */
export function open(key: Uint8Array, sealed: string, context: string): string {
  const [version, nonce, tag, body] = sealed.split('.')
  if (version !== VERSION || !nonce || !tag || body === undefined) throw new Error('not a sealed value')
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(nonce, 'base64url'))
  decipher.setAAD(Buffer.from(context))
  decipher.setAuthTag(Buffer.from(tag, 'base64url'))
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
}
