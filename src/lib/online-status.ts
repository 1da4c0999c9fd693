import { onlineManager } from '@tanstack/react-query'
import { useSyncExternalStore } from 'react'
import { appConfig } from './config'

/**
 * Whether the portal can reach its server. The browser's `navigator.onLine` is only half of it: an
 * installed PWA served by its service worker can believe it is online while the server is out of
 * reach, so a failed background call marks the server unreachable and a probe of GET /api/health
 * brings it back. While offline, queries pause and saved data stays on screen.
 */
export interface OnlineStatus {
  online: boolean
  /** 'browser': the device has no connection; 'server': the connection is there but the server is not. */
  reason: 'browser' | 'server' | null
}

const PROBE_INTERVAL_MS = 15_000

let serverReachable = true
let probeTimer: ReturnType<typeof setTimeout> | undefined
let snapshot: OnlineStatus = compute()
const listeners = new Set<() => void>()

function browserOnline(): boolean {
  return typeof navigator === 'undefined' ? true : navigator.onLine
}

function compute(): OnlineStatus {
  if (!browserOnline()) return { online: false, reason: 'browser' }
  if (!serverReachable) return { online: false, reason: 'server' }
  return { online: true, reason: null }
}

function update() {
  const next = compute()
  if (next.online === snapshot.online && next.reason === snapshot.reason) return
  snapshot = next
  onlineManager.setOnline(next.online)
  for (const listener of listeners) listener()
}

/** True when the device reports no connection (`navigator.onLine`; read nowhere else). */
export function isBrowserOffline(): boolean {
  return !browserOnline()
}

/**
 * Runs `listener` each time the device regains its connection (the window's 'online' event; the
 * server may still be out of reach, which getOnlineStatus tells). Returns the unsubscribe.
 */
export function onBrowserOnline(listener: () => void): () => void {
  window.addEventListener('online', listener)
  return () => window.removeEventListener('online', listener)
}

export function getOnlineStatus(): OnlineStatus {
  return snapshot
}

async function probe(): Promise<void> {
  probeTimer = undefined
  try {
    const res = await fetch(`${appConfig.apiBase}/health`, { cache: 'no-store' })
    if (res.ok) {
      serverReachable = true
      update()
      return
    }
  } catch {
    // still unreachable
  }
  probeTimer = setTimeout(probe, PROBE_INTERVAL_MS)
}

/** A call failed for want of a network: show the offline state and probe until the server answers. */
export function markServerUnreachable(): void {
  serverReachable = false
  update()
  if (!probeTimer) probeTimer = setTimeout(probe, PROBE_INTERVAL_MS)
}

/** A call succeeded: the server is reachable. */
export function markServerReachable(): void {
  if (serverReachable) return
  serverReachable = true
  if (probeTimer) clearTimeout(probeTimer)
  probeTimer = undefined
  update()
}

export function subscribeOnlineStatus(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

if (typeof window !== 'undefined') {
  // A page opened offline must pause its queries from the start, not only after the next change.
  onlineManager.setOnline(snapshot.online)
  window.addEventListener('online', () => {
    update()
    if (!serverReachable) void probe()
  })
  window.addEventListener('offline', update)
}

export function useOnlineStatus(): OnlineStatus {
  return useSyncExternalStore(subscribeOnlineStatus, getOnlineStatus, getOnlineStatus)
}
