import { PushPublicKeySchema } from '@contract/push'
import { api, apiRequest } from './api-client'

/**
 * The parts of web push that talk to the server, loaded only when alerts are turned on or off or a
 * subscription is refreshed (src/lib/push.ts holds the state every page needs).
 */

function urlBase64ToBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = (base64url + '='.repeat((4 - (base64url.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/')
  const raw = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(raw.length))
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i)
  return bytes
}

/** Sends this device's subscription to the server, subscribing first when there is none. */
export async function sendSubscription(registration: ServiceWorkerRegistration): Promise<void> {
  let subscription = await registration.pushManager.getSubscription()
  if (!subscription) {
    const { publicKey } = await api.get('/push/public-key', { schema: PushPublicKeySchema, auth: false })
    subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: urlBase64ToBytes(publicKey) })
  }
  await api.post('/push/subscriptions', subscription.toJSON())
}

/** Removes the server's copy, then the browser's subscription. */
export async function dropSubscription(subscription: PushSubscription): Promise<void> {
  await apiRequest('/push/subscriptions', { method: 'DELETE', body: { endpoint: subscription.endpoint } }).catch(() => undefined)
  await subscription.unsubscribe().catch(() => false)
}
