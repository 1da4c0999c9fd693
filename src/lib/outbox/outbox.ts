import type { QueryClient, QueryKey } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { getOnlineStatus, isBrowserOffline, onBrowserOnline, subscribeOnlineStatus } from '../online-status'
import { getSession, subscribeSession } from '../session'
import { addEntries, listEntries, removeEntry, subscribeOutbox, updateEntry, type NewOutboxEntry, type OutboxEntry, type OutboxRequest } from './store'

/**
 * The durable outbox, as the page uses it (docs/offline.md): every change the portal lets a user make
 * without a connection (an upload with its file, a mail request, marking a notification read) is
 * stored here with its Idempotency-Key before the user is told it is saved, and replayed in order,
 * exactly once, by one owner: the service worker's Background Sync where the browser has it, and the
 * page on start, when the connection returns and when the tab comes back to the front.
 */

export type { OutboxEntry, OutboxRequest, OutboxState } from './store'

/** The background sync tag the service worker replays on. */
export const OUTBOX_SYNC_TAG = 'portal-outbox'

/** Sent entries stay visible this long (or until cleared), so the user sees what happened. */
const SENT_KEPT_MS = 24 * 60 * 60 * 1000

/** Waits between tries while the server is out of reach but the device is online. */
const BACKOFF_MS = [2_000, 5_000, 15_000, 30_000, 60_000]

// ---------- the current user's entries, for the UI ----------

let entries: OutboxEntry[] = []
let loadedFor: number | null = null
const listeners = new Set<() => void>()

async function reload(): Promise<void> {
  const userId = getSession()?.user.id ?? null
  let next: OutboxEntry[] = []
  if (userId !== null) {
    try {
      next = await listEntries(userId, getSession()?.user.clientId)
    } catch {
      next = []
    }
  }
  // A user change while reading: the newer read wins.
  if ((getSession()?.user.id ?? null) !== userId) return
  const before = entries
  const firstRead = loadedFor !== userId
  entries = next
  loadedFor = userId
  // Entries sent before this page read them were seen by an earlier page: they refresh nothing new.
  if (!firstRead) onSent(before, next)
  listeners.forEach((listener) => listener())
}

let reloading: Promise<void> | null = null
let reloadAgain = false
function scheduleReload(): void {
  if (reloading) {
    reloadAgain = true
    return
  }
  reloading = reload().finally(() => {
    reloading = null
    if (reloadAgain) {
      reloadAgain = false
      scheduleReload()
    }
  })
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  if (loadedFor !== (getSession()?.user.id ?? null) || listeners.size === 1) scheduleReload()
  return () => listeners.delete(listener)
}

const getEntries = () => entries

/** The signed-in user's entries, oldest first; `kinds` narrows them to a page's own. */
export function useOutbox(kinds?: readonly string[]): OutboxEntry[] {
  const all = useSyncExternalStore(subscribe, getEntries, getEntries)
  return kinds ? all.filter((entry) => kinds.includes(entry.kind)) : all
}

/** Entries not confirmed yet (waiting, sending, or failed and waiting for the user). */
export const isOpen = (entry: OutboxEntry) => entry.state !== 'sent'

/** How many of the signed-in user's changes have not reached the server. */
export async function unsentCount(): Promise<number> {
  const userId = getSession()?.user.id
  if (userId === undefined) return 0
  return (await listEntries(userId).catch(() => [])).filter(isOpen).length
}

// ---------- adding, retrying, removing ----------

export interface Change {
  kind: string
  label: string
  request: OutboxRequest
  /** One key for every attempt of this change. */
  idempotencyKey?: string
  /** Query keys to refresh once the server has it. */
  invalidate?: QueryKey[]
}

/** A fresh Idempotency-Key for one change. */
export function newIdempotencyKey(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`
}

/**
 * Stores a change for the signed-in user and starts sending it. Resolves once it is on disk: only
 * then may the UI say it is saved. Rejects when the device cannot store it (then nothing was saved).
 */
export async function enqueue(change: Change): Promise<OutboxEntry> {
  const [stored] = await enqueueAll([change])
  return stored!
}

/** Stores several changes at once, in order (a batch of scans): all of them are saved, or none is. */
export async function enqueueAll(changes: Change[]): Promise<OutboxEntry[]> {
  const session = getSession()
  if (!session) throw new Error('Sign in to make changes')
  const stored = await addEntries(
    changes.map((change): NewOutboxEntry => ({
      userId: session.user.id,
      clientId: session.user.clientId,
      kind: change.kind,
      label: change.label,
      request: change.request,
      idempotencyKey: change.idempotencyKey ?? newIdempotencyKey(change.kind),
      invalidate: change.invalidate?.map((key) => [...key]),
    })),
  )
  void requestBackgroundSync()
  void flushOutbox()
  return stored
}

/**
 * Resolves with the entry once its first try has an outcome: sent, failed, or back to waiting for
 * the network; or as it stands after `timeoutMs`. Null when it was removed.
 */
export function whenTried(seq: number, timeoutMs = 15_000): Promise<OutboxEntry | null> {
  const userId = getSession()?.user.id
  return new Promise((resolve) => {
    let finished = false
    const finish = (entry: OutboxEntry | null) => {
      if (finished) return
      finished = true
      stop()
      clearTimeout(timer)
      resolve(entry)
    }
    const check = async (final = false) => {
      const entry =
        userId === undefined ? undefined : (await listEntries(userId, getSession()?.user.clientId).catch(() => [])).find((candidate) => candidate.seq === seq)
      if (!entry) return finish(null)
      const tried = entry.state === 'sent' || entry.state === 'failed' || (entry.state === 'waiting' && entry.attempts > 0)
      if (tried || final || isBrowserOffline()) finish(entry)
    }
    const stop = subscribeOutbox(() => void check())
    const timer = setTimeout(() => void check(true), timeoutMs)
    void check()
  })
}

/** Puts a failed entry back in line (same key) and sends it. */
export async function retryEntry(seq: number): Promise<void> {
  await updateEntry(seq, () => ({ state: 'waiting', reason: undefined, status: undefined, retryable: undefined }))
  void flushOutbox()
}

/** Removes an entry the user gave up on, or a sent one they have seen. */
export function discardEntry(seq: number): Promise<void> {
  return removeEntry(seq)
}

/** Removes the user's sent entries (of the given kinds). */
export async function clearSent(kinds?: readonly string[]): Promise<void> {
  const sent = entries.filter((entry) => entry.state === 'sent' && (!kinds || kinds.includes(entry.kind)))
  await Promise.all(sent.map((entry) => removeEntry(entry.seq)))
}

// ---------- sending ----------

let flushing: Promise<void> | null = null
let flushAgain = false
let backoff = 0
let backoffTimer: ReturnType<typeof setTimeout> | undefined

/** Sends the signed-in user's waiting entries (one run at a time; a call during a run runs once more). */
export function flushOutbox(): Promise<void> {
  if (flushing) {
    flushAgain = true
    return flushing
  }
  flushing = (async () => {
    const session = getSession()
    if (!session || isBrowserOffline()) return
    if (backoffTimer) clearTimeout(backoffTimer)
    backoffTimer = undefined
    // The sending code loads with the first replay, keeping it out of the first page's script.
    const { replayFromPage } = await import('./send')
    const report = await replayFromPage(session.user.id, session.user.clientId)
    if (!report.waiting) {
      backoff = 0
      return
    }
    // Online but unanswered (a dropped answer, a busy server): try again after a growing wait.
    if (!isBrowserOffline()) {
      const wait = BACKOFF_MS[Math.min(backoff, BACKOFF_MS.length - 1)]
      backoff++
      backoffTimer = setTimeout(() => void flushOutbox(), wait)
    }
  })()
    .catch(() => undefined)
    .finally(() => {
      flushing = null
      if (flushAgain) {
        flushAgain = false
        void flushOutbox()
      }
    })
  return flushing
}

/** Asks the service worker to replay when the connection returns, even with no page open. */
async function requestBackgroundSync(): Promise<void> {
  try {
    const registration = await navigator.serviceWorker?.getRegistration()
    const sync = (registration as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync
    await sync?.register(OUTBOX_SYNC_TAG)
  } catch {
    // No worker or no Background Sync: the page replays on start, on 'online' and on focus.
  }
}

// ---------- the page's part ----------

let queryClientRef: QueryClient | null = null

/**
 * Entries that became 'sent' (here or in the worker) refresh what they changed; so do refused ones,
 * whose optimistic change the server's data then undoes.
 */
function onSent(before: OutboxEntry[], after: OutboxEntry[]): void {
  if (!queryClientRef) return
  const settled = (entry: OutboxEntry) => entry.state === 'sent' || entry.state === 'failed'
  const wasSettled = new Set(before.filter(settled).map((entry) => entry.seq))
  for (const entry of after) {
    if (!settled(entry) || wasSettled.has(entry.seq) || !entry.invalidate) continue
    for (const queryKey of entry.invalidate) void queryClientRef.invalidateQueries({ queryKey })
  }
}

async function pruneSent(): Promise<void> {
  const userId = getSession()?.user.id
  if (userId === undefined) return
  const now = Date.now()
  const stale = (await listEntries(userId, getSession()?.user.clientId).catch(() => [])).filter(
    (entry) => entry.state === 'sent' && now - (entry.sentAt ?? entry.createdAt) > SENT_KEPT_MS,
  )
  await Promise.all(stale.map((entry) => removeEntry(entry.seq)))
}

let started = false

/**
 * Starts the page's part once: keeps the entries on screen current, refreshes the data a sent entry
 * changed, and replays on start, when the connection returns and when the tab comes to the front.
 */
export function startOutbox(queryClient: QueryClient): void {
  queryClientRef = queryClient
  if (started) return
  started = true
  subscribeOutbox(scheduleReload)
  subscribeSession(() => {
    entries = []
    loadedFor = null
    listeners.forEach((listener) => listener())
    scheduleReload()
    void flushOutbox()
  })
  let wasOnline = getOnlineStatus().online
  subscribeOnlineStatus(() => {
    const online = getOnlineStatus().online
    if (online && !wasOnline) void flushOutbox()
    wasOnline = online
  })
  onBrowserOnline(() => void flushOutbox())
  window.addEventListener('focus', () => void flushOutbox())
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void flushOutbox()
  })
  // The worker's replay tells the page through the outbox's change notices; it may also ask directly.
  navigator.serviceWorker?.addEventListener('message', (event: MessageEvent<{ type?: string }>) => {
    if (event.data?.type === 'OUTBOX_FLUSH') void flushOutbox()
  })
  scheduleReload()
  void pruneSent().finally(() => void flushOutbox())
}
