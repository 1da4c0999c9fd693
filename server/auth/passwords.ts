import argon2 from 'argon2'

/**
 * argon2id with OWASP's first recommended setting or stronger: m = 19 MiB, t = 2, p = 1 is the
 * minimum; we use m = 64 MiB, t = 3, p = 1.
 */
const OPTIONS = { type: argon2.argon2id, memoryCost: 65_536, timeCost: 3, parallelism: 1 } as const

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS)

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password)
  } catch {
    return false
  }
}

/** A hash of a random password, verified against when the account does not exist (same timing). */
let dummyHash: Promise<string> | undefined
export const timingDummyHash = () => (dummyHash ??= hashPassword('timing-equaliser-not-a-password'))
