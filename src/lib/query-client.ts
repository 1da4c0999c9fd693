import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister'
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { del, get, set } from 'idb-keyval'
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client'
import { ApiError, OfflineError, reportNetworkError } from './api-client'
import { appConfig } from './config'
import { whenIdle } from './idle'
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

/**
 * IndexedDB access and the persister are part of the app's first script (they are small): a signed-in
 * start reads the saved cache at once, and fetching them on demand put a round trip between the
 * script and that read.
 */
let basePersister: Promise<Persister> | undefined
function loadBasePersister(): Promise<Persister> {
  basePersister ??= Promise.resolve(
    createAsyncStoragePersister({
      key: QUERY_CACHE_KEY,
      // Saves are already coalesced (idleSaving); a save on leaving the page must not be held back.
      throttleTime: 0,
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

/**
 * Wraps a persister so saves wait for idle time (at most `withinMs`) and coalesce: the latest state is
 * written. Removing the saved cache also drops a save still waiting. (The base persister's storage
 * re-checks the owner at the moment of writing, so a save after log out writes nothing.)
 */
export function idleSaving(
  base: () => Promise<Persister>,
  withinMs = SAVE_WITHIN_MS,
  schedule: IdleScheduler = whenIdle,
): Persister & { cancel(): void; flush(): Promise<void> } {
  let pending: PersistedClient | undefined
  let waiting: Promise<void> | undefined
  /** Writes the latest state now, if one is waiting (the scheduled run then finds nothing to do). */
  const saveLatest = async () => {
    const latest = pending
    pending = undefined
    if (!latest) return
    await base()
      .then((persister) => persister.persistClient(latest))
      .catch(() => undefined)
  }
  return {
    persistClient(client) {
      pending = client
      waiting ??= new Promise<void>((resolve) =>
        schedule(() => {
          waiting = undefined
          void saveLatest().finally(resolve)
        }, withinMs),
      )
      return waiting
    },
    restoreClient: async () => (await base()).restoreClient(),
    /** Drops a save still waiting. */
    cancel() {
      pending = undefined
    },
    /** Saves a waiting state at once: the page is going away (reload, navigation, closed tab). */
    flush: saveLatest,
    async removeClient() {
      pending = undefined
      await (await base()).removeClient()
    },
  }
}

const savingPersister = idleSaving(loadBasePersister)
// A page that goes away before its idle moment (a reload, a full navigation, a closed tab) still
// saves what it loaded: otherwise data seen just before leaving would be missing offline.
if (typeof window !== 'undefined') {
  window.addEventListener('pagehide', () => void savingPersister.flush())
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') void savingPersister.flush()
  })
}

/**
 * Saved data shows at once after a reload, but the server has the last word: every restored query is
 * marked invalidated (stale whatever its staleTime and age), so each one a page uses is fetched again
 * as soon as it is used, and the bell fetches at start rather than at its next poll. Offline, the
 * fetches wait for the connection and the saved data stays on screen.
 */
export function revalidateOnUse(saved: PersistedClient): PersistedClient {
  return {
    ...saved,
    clientState: {
      ...saved.clientState,
      queries: saved.clientState.queries.map((query) => ({ ...query, state: { ...query.state, isInvalidated: true } })),
    },
  }
}

let earlyRead: Promise<PersistedClient | undefined> | undefined
/**
 * Starts reading the saved cache back at once: start.tsx calls it before the first render, so the
 * persister's code and the IndexedDB read run alongside the page's own scripts instead of after the
 * provider mounted. The provider's restore then takes this read (the owner check happens there).
 */
export function startCacheRestore(): void {
  // Nobody signed in: nothing saved can be shown (restoreClient drops it).
  if (!cacheOwner()) return
  earlyRead ??= loadBasePersister().then((base) => base.restoreClient())
  earlyRead.catch(() => undefined)
}

export const queryPersister: Persister = {
  persistClient: (client) => savingPersister.persistClient(client),
  async restoreClient(): Promise<PersistedClient | undefined> {
    const base = await loadBasePersister()
    if (!cacheOwner()) {
      // Nobody signed in (the sign-in page): a cache left behind is dropped without reading it first.
      earlyRead = undefined
      await base.removeClient()
      return undefined
    }
    const read = earlyRead ?? base.restoreClient()
    earlyRead = undefined
    const saved = await read
    if (!saved) return undefined
    const owner = cacheOwner()
    if (!owner || saved.buster !== owner) {
      await base.removeClient()
      return undefined
    }
    // The owner check is done here; the provider compares against an empty buster.
    return revalidateOnUse({ ...saved, buster: '' })
  },
  removeClient: () => savingPersister.removeClient(),
}

/** Removes the saved query cache from this device. */
export async function removePersistedQueries(): Promise<void> {
  savingPersister.cancel()
  await del(QUERY_CACHE_KEY)
}

let markRestored: () => void = () => {}
/**
 * Settles once the saved cache has been read back (or found absent). A signed-in page's loader that
 * reads the cache (ensureQueryData) waits for it, so an offline start shows saved data instead of
 * fetching, and a start online never asks the server for what is saved (a failed foreground fetch ends
 * the session). Nothing else waits: the signed-in frame and each page's static parts render at once,
 * and queries rendered before the cache is back start when it is (PersistQueryClientProvider holds
 * them). The provider's callbacks settle it; a stuck IndexedDB cannot hold the app for more than a
 * few seconds.
 */
export const cacheRestored: Promise<void> = new Promise<void>((resolve) => {
  markRestored = resolve
  setTimeout(resolve, 3000)
})
let restored = false
export function markCacheRestored(): void {
  restored = true
  markRestored()
}

/** The saved cache has been read back (pages waited at most a few seconds for it). */
export function isCacheRestored(): boolean {
  return restored
}

/**
 * Settles once the saved cache is back and then no query is on its way: the data the page asked for has
 * come in (or failed). Queries held while the cache was read back start on the render after it, a frame
 * later, hence the wait before looking.
 */
export async function queriesSettled(client: QueryClient): Promise<void> {
  await cacheRestored
  await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
  await new Promise<void>((resolve) => {
    const check = () => {
      if (client.isFetching() > 0) return
      unsubscribe()
      resolve()
    }
    const unsubscribe = client.getQueryCache().subscribe(check)
    check()
  })
}

function shouldRetry(failureCount: number, error: unknown): boolean {
  // A refused or invalid request fails the same way again; offline, the page says so at once.
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false
  if (error instanceof OfflineError) return false
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
        // Spares the second fetch of a page whose loader just fetched; restored data is stale anyway
        // (revalidateOnUse), and coming back to the tab revalidates whatever the age.
        staleTime: 30_000,
        // Kept at least as long as the persister keeps them, so saved data is not collected early.
        gcTime: appConfig.offlineCacheMaxAgeMs,
        retry: shouldRetry,
        refetchOnWindowFocus: 'always',
        // Tried once even offline: with nothing saved, the page says so at once instead of waiting.
        networkMode: 'offlineFirst',
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
    // Every query holding data, including one whose latest refetch failed (offline, a restored query
    // is fetched again and fails, yet its saved data is what the next start must show); queries that
    // never loaded are not worth saving.
    shouldDehydrateQuery: (query: { state: { data: unknown } }) => query.state.data !== undefined,
    // Changes waiting for the network live in the outbox (lib/outbox), not in the query cache.
    shouldDehydrateMutation: () => false,
  },
}
