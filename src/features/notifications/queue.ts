import { onlineManager, type MutationKey, type QueryClient } from '@tanstack/react-query'
import { NetworkError, OfflineError } from '~/lib/api-client'

/**
 * Calls that wait for the network (ARCHITECTURE.md "How data flows", 4): marking a notification read
 * here, and asking for a document by mail in document-requests. A public entry of this feature: light,
 * no components.
 */

/**
 * Whether calls can go now. TanStack's online flag starts true until an `offline` event says
 * otherwise, so a page opened without a connection would believe it online: the browser's own flag
 * is asked too.
 */
export function isOnlineNow(): boolean {
  return onlineManager.isOnline() && (typeof navigator === 'undefined' || navigator.onLine)
}

/**
 * Retries a call that never reached the server: while the device is offline, until it is back (the
 * wait grows to 30 s between tries); when the server is out of reach, three times.
 */
export function retryWhenUnreachable(failureCount: number, error: unknown): boolean {
  if (error instanceof OfflineError) return true
  return error instanceof NetworkError && failureCount < 3
}

/** A fresh Idempotency-Key for one queued call; it travels with the call's variables, so a replay reuses it. */
export function newIdempotencyKey(prefix: string): string {
  return `${prefix}-${crypto.randomUUID()}`
}

/**
 * Calls queued while offline are saved with the query cache and come back after a reload without
 * their functions (functions are not persisted). Once the defaults of their key are registered, this
 * gives them the functions again and, when online, sends them.
 */
export function adoptPausedMutations(queryClient: QueryClient, mutationKey: MutationKey): void {
  const waiting = queryClient.getMutationCache().findAll({ mutationKey, exact: true, predicate: (mutation) => mutation.state.isPaused })
  for (const mutation of waiting) {
    // Its options are marked defaulted already (at restore), so defaultMutationOptions would keep them.
    if (!mutation.options.mutationFn) mutation.setOptions({ ...mutation.options, ...queryClient.getMutationDefaults(mutationKey) })
  }
  if (waiting.length === 0) return
  if (isOnlineNow()) {
    void queryClient.resumePausedMutations()
    return
  }
  // Opened offline, TanStack's flag may already say online, so its own resume would never fire.
  window.addEventListener('online', () => void queryClient.resumePausedMutations(), { once: true })
}
