import { useSyncExternalStore } from 'react'

/**
 * How far the uploads this page is sending have got: bytes the server has (or is receiving) out of the
 * file's size, and the speed over the last few seconds. Kept in memory only (IndexedDB is written at
 * each step of an entry, not at each progress event); an upload the service worker sends shows no
 * progress, only its state.
 */
export interface UploadProgress {
  sent: number
  total: number
  /** Bytes a second over the last few seconds; null until there is a measure. */
  bytesPerSecond: number | null
}

/** The speed is measured over this window (long enough to smooth the browser's bursts). */
const WINDOW_MS = 3_000

const current = new Map<number, UploadProgress>()
const samples = new Map<number, { at: number; sent: number }[]>()
const listeners = new Set<() => void>()
const announce = () => listeners.forEach((listener) => listener())

/** Records that entry `seq` has `sent` of `total` bytes at `at` (ms). */
export function reportProgress(seq: number, sent: number, total: number, at = performance.now()): void {
  const list = samples.get(seq) ?? []
  // Back to fewer bytes (a resumed upload starts from the server's offset): the old measure is void.
  if (list.length && sent < list[list.length - 1].sent) list.length = 0
  list.push({ at, sent })
  while (list.length > 2 && at - list[1].at >= WINDOW_MS) list.shift()
  samples.set(seq, list)
  const first = list[0]
  const elapsed = at - first.at
  const bytesPerSecond = elapsed >= 250 ? ((sent - first.sent) * 1000) / elapsed : (current.get(seq)?.bytesPerSecond ?? null)
  current.set(seq, { sent, total, bytesPerSecond })
  announce()
}

/** The entry is no longer being sent (sent, failed, or waiting again). */
export function clearProgress(seq: number): void {
  if (!current.delete(seq)) return
  samples.delete(seq)
  announce()
}

export function progressOf(seq: number): UploadProgress | undefined {
  return current.get(seq)
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The progress of entry `seq` while this page sends it. */
export function useUploadProgress(seq: number): UploadProgress | undefined {
  return useSyncExternalStore(
    subscribe,
    () => current.get(seq),
    () => undefined,
  )
}
