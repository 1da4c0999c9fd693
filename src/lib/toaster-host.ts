import { useSyncExternalStore } from 'react'

/**
 * When the toaster (sonner) is mounted. No page loads it to show itself: it mounts on the first
 * interaction (toasts follow actions) or with the first toast, whoever raises it (the kit's `notify`,
 * a network error, the update prompt, background work on a signed-in page). Toasts raised before it
 * mounts are replayed by sonner.
 */
let wanted = false
const listeners = new Set<() => void>()

export function requestToaster(): void {
  if (wanted) return
  wanted = true
  for (const listener of listeners) listener()
}

export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    () => wanted,
    () => false,
  )
}

if (typeof window !== 'undefined') {
  const onFirstInteraction = () => {
    requestToaster()
    for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) window.removeEventListener(type, onFirstInteraction, true)
  }
  for (const type of ['pointerdown', 'keydown', 'touchstart'] as const) window.addEventListener(type, onFirstInteraction, { capture: true, passive: true })
}
