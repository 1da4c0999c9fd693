import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import webpush from 'web-push'

export interface VapidKeys {
  publicKey: string
  privateKey: string
  subject: string
}

/**
 * The VAPID key pair that signs every push: VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY when set, otherwise a
 * pair generated once into DATA_DIR/vapid-keys.json (readable by this user only), like the JWT secret.
 * Browsers bind a subscription to the public key it was made with, so every server sharing a database
 * must use the same pair: set the variables for them all.
 */
export function loadVapidKeys(env: { VAPID_PUBLIC_KEY?: string; VAPID_PRIVATE_KEY?: string; VAPID_SUBJECT: string }, dataDir: string): VapidKeys {
  if (env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY) return { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
  const file = path.join(dataDir, 'vapid-keys.json')
  try {
    writeFileSync(file, JSON.stringify(webpush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const stored = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>
  if (!stored.publicKey || !stored.privateKey) throw new Error(`${file} does not hold a VAPID key pair; delete it to make a new one`)
  return { publicKey: stored.publicKey, privateKey: stored.privateKey, subject: env.VAPID_SUBJECT }
}
