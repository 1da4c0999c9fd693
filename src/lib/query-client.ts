import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client'
import { ApiError, reportNetworkError } from './api-client'
import { appConfig } from './config'
import { getSession, subscribeSession } from './session'

/**
 * The query client and its IndexedDB persister. Data a user has seen is saved so the installed PWA
 * shows it offline. The saved cache belongs to one user: it is written only while someone is signed
 * in, stamped with that user's id, and dropped on restore when another user (or nobody) is signed in.
 * Log out wipes it (features/auth/sign-out.ts).
 */
export const QUERY_CACHE_KEY = 'portal-query-cache'

function cacheOwner(): string | null {
  const session = getSession()
  return session ? `${appConfig.cacheVersion}:user:${session.user.id}` : null
}

/** IndexedDB access and the persister load on first use, keeping them out of the first page's script. */
const idb = () => import('idb-keyval')

let basePersister: Promise<Persister> | undefined
function loadBasePersister(): Promise<Persister> {
  basePersister ??= Promise.all([import('@tanstack/query-async-storage-persister'), idb()]).then(([{ createAsyncStoragePersister }, { del, get, set }]) =>
    createAsyncStoragePersister({
      key: QUERY_CACHE_KEY,
      storage: {
        getItem: (key) => get<string>(key).then((value) => value ?? null),
        // Checked at the moment of writing: a save scheduled before log out must not bring data back.
        setItem: (key, value) => (cacheOwner() ? set(key, value) : del(key)),
        removeItem: (key) => del(key),
      },
      serialize: (client) => JSON.stringify({ ...client, buster: cacheOwner() ?? '' }),
    }),
  )
  return basePersister
}

/**
 * The longest a change waits to be saved. Saving (serialising the whole cache and writing IndexedDB)
 * waits for an idle moment, so it never competes with the first page's rendering; a burst of changes
 * is saved once, with the latest state.
 */
export const SAVE_WITHIN_MS = 2000

type IdleScheduler = (run: () => void, timeoutMs: number) => void
const whenIdle: IdleScheduler = (run, timeoutMs) => {
  if (typeof globalThis.requestIdleCallback === 'function') globalThis.requestIdleCallback(run, { timeout: timeoutMs })
  else setTimeout(run, Math.min(timeoutMs, 200))
}

/**
 * Wraps a persister so saves wait for idle time (at most `withinMs`) and coalesce: the latest state is
 * written. Removing the saved cache also drops a save still waiting. (The base persister's storage
 * re-checks the owner at the moment of writing, so a save after log out writes nothing.)
 */
export function idleSaving(base: () => Promise<Persister>, withinMs = SAVE_WITHIN_MS, schedule: IdleScheduler = whenIdle): Persister & { cancel(): void } {
  let pending: PersistedClient | undefined
  let waiting: Promise<void> | undefined
  return {
    persistClient(client) {
      pending = client
      waiting ??= new Promise<void>((resolve) =>
        schedule(() => {
          const latest = pending
          pending = undefined
          waiting = undefined
          if (!latest) return resolve()
          base()
            .then((persister) => persister.persistClient(latest))
            .catch(() => undefined)
            .finally(resolve)
        }, withinMs),
      )
      return waiting
    },
    restoreClient: async () => (await base()).restoreClient(),
    /** Drops a save still waiting. */
    cancel() {
      pending = undefined
    },
    async removeClient() {
      pending = undefined
      await (await base()).removeClient()
    },
  }
}

const savingPersister = idleSaving(loadBasePersister)

export const queryPersister: Persister = {
  persistClient: (client) => savingPersister.persistClient(client),
  async restoreClient(): Promise<PersistedClient | undefined> {
    const base = await loadBasePersister()
    const saved = await base.restoreClient()
    if (!saved) return undefined
    const owner = cacheOwner()
    if (!owner || saved.buster !== owner) {
      await base.removeClient()
      return undefined
    }
    // The owner check is done here; the provider compares against an empty buster.
    return { ...saved, buster: '' }
  },
  removeClient: () => savingPersister.removeClient(),
}

/** Removes the saved query cache from this device. */
export async function removePersistedQueries(): Promise<void> {
  savingPersister.cancel()
  const { del } = await idb()
  await del(QUERY_CACHE_KEY)
}

let markRestored: () => void = () => {}
/**
 * Settles once the saved cache has been read back (or found absent). Route loaders of signed-in pages
 * wait for it, so an offline start shows saved data instead of fetching. The provider's callbacks
 * settle it; a stuck IndexedDB cannot hold the app for more than a few seconds.
 */
export const cacheRestored: Promise<void> = new Promise<void>((resolve) => {
  markRestored = resolve
  setTimeout(resolve, 3000)
})
export function markCacheRestored(): void {
  markRestored()
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A refused or invalid request fails the same way again.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  return failureCount < 2
}

export function createQueryClient(): QueryClient {
  const client = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => reportNetworkError(error, { background: query.state.data !== undefined }),
    }),
    mutationCache: new MutationCache({
      onError: (error) => reportNetworkError(error, { background: false }),
    }),
    defaultOptions: {
      queries: {
        staleTime: 30_000,
        // Kept at least as long as the persister keeps them, so saved data is not collected early.
        gcTime: appConfig.offlineCacheMaxAgeMs,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
      },
      // A change fails at once while offline (OfflineError says so plainly). Changes that are safe to
      // replay later opt in to queuing with networkMode 'online' and setMutationDefaults.
      mutations: { retry: false, networkMode: 'always' },
    },
  })

  // One user never sees another's data: a change of user (or signing out) empties the cache.
  let owner = getSession()?.user.id ?? null
  subscribeSession(() => {
    const next = getSession()?.user.id ?? null
    if (next !== owner) {
      owner = next
      client.clear()
    }
  })
  return client
}

export const persistOptions = {
  persister: queryPersister,
  maxAge: appConfig.offlineCacheMaxAgeMs,
  dehydrateOptions: {
    // Only data that loaded; errors and pending queries are not worth saving.
    shouldDehydrateQuery: (query: { state: { status: string } }) => query.state.status === 'success',
  },
}
