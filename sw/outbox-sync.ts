/// <reference lib="webworker" />
import { answerOf, CUT_OFF, entryBody, outcomeOfRefusal, reasonOf } from '../src/lib/outbox/http'
import { replayOutbox, type SendOutcome } from '../src/lib/outbox/replay'
import { hasWaitingEntries, type OutboxEntry } from '../src/lib/outbox/store'
import { sendResumableWithFetch } from './outbox-upload'

/**
 * Background Sync: the browser wakes the worker once the connection is back, even when no page of
 * the portal is open (a discarded tablet tab), and the worker replays the outbox from the same store
 * and under the same lock as the page. The access token lives in the page's session storage, so the
 * worker asks for its own through the refresh cookie (under the page's refresh lock, so a rotation
 * is never raced); without a session nothing is sent, and the page replays at the next sign-in.
 */

declare const self: ServiceWorkerGlobalScope

/** The tag the page registers (src/lib/outbox/outbox.ts OUTBOX_SYNC_TAG). */
const OUTBOX_SYNC_TAG = 'portal-outbox'
const API = '/api'

interface Renewed {
  token: string
  user: { id: number; clientId?: number | null }
}

async function renewToken(): Promise<Renewed | null> {
  const renew = async () => {
    const res = await fetch(`${API}/auth/refresh`, { method: 'POST', credentials: 'same-origin', headers: { accept: 'application/json' } })
    if (!res.ok) return null
    return (await res.json()) as Renewed
  }
  return self.navigator.locks ? self.navigator.locks.request('portal-token-refresh', renew) : renew()
}

function sender(token: string) {
  return async (entry: OutboxEntry): Promise<SendOutcome> => {
    if ('upload' in entry.request) {
      return sendResumableWithFetch(entry, (path, init) =>
        fetch(path, { ...init, headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` }, credentials: 'same-origin' }),
      )
    }
    const { body, headers } = entryBody(entry)
    let res: Response
    try {
      res = await fetch(`${API}${entry.request.path}`, {
        method: entry.request.method,
        body,
        headers: { ...headers, authorization: `Bearer ${token}` },
        credentials: 'same-origin',
      })
    } catch {
      return { kind: 'unreachable', reason: CUT_OFF }
    }
    if (res.ok) return { kind: 'sent', result: await answerOf(res) }
    return outcomeOfRefusal(res.status, reasonOf(await answerOf(res), res.status, res.statusText))
  }
}

async function replayFromWorker(): Promise<void> {
  if (!(await hasWaitingEntries())) return
  let renewed: Renewed | null
  try {
    renewed = await renewToken()
  } catch {
    // Still offline: the browser fires the sync again later.
    throw new Error('The outbox waits for the network')
  }
  if (!renewed) return
  const report = await replayOutbox(renewed.user.id, sender(renewed.token), Date.now, renewed.user.clientId)
  if (report.waiting) throw new Error('The outbox waits for the network')
}

export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const sync = event as Event & { tag: string; waitUntil(promise: Promise<unknown>): void }
    if (sync.tag === OUTBOX_SYNC_TAG) sync.waitUntil(replayFromWorker())
  })
}
