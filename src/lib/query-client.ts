import { hydrate, MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { del, delMany, get, keys, set } from 'idb-keyval'
import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client'
import { ApiError, OfflineError, reportNetworkError } from './api-client'
import { appConfig } from './config'
import { whenIdle } from './idle'
import { getSession, subscribeSession, type Session } from './session'

/**
 * The query client and its IndexedDB persister. Data a user has seen is saved so the installed PWA
 * shows it offline. The saved cache belongs to one user in one company: it is written only while
 * someone is signed in, stamped with that user's id and the session's company, and dropped on restore
 * when another user (or nobody, or the same user in another company) is signed in. Each company a
 * person switches away from keeps its saved cache on the device under a key of its own ("parked"), and
 * it comes back when that company is current again (switchSavedCache). Log out wipes all of them
 * (features/auth/sign-out.ts).
 */
export const QUERY_CACHE_KEY = 'portal-query-cache'

/** Whose saved cache a session may see: the cache version, the user and the session's company. */
export function cacheOwnerOf(session: Pick<Session, 'user'> | null | undefined, version: string = appConfig.cacheVersion): string | null {
  if (!session) return null
  return `${version}:user:${session.user.id}:client:${session.user.clientId ?? 'none'}`
}

/** Where a company's saved cache waits while another company of the same person is current. */
export function parkedCacheKey(owner: string): string {
  return `${QUERY_CACHE_KEY}:${owner}`
}

function cacheOwner(): string | null {
  return cacheOwnerOf(getSession())
}

/** The user part of an owner (`…:user:7:client:3` → `…:user:7`). */
function userPart(owner: string): string {
  return owner.replace(/:client:[^:]*$/, '')
}

/**
 * The saved cache under QUERY_CACHE_KEY. Written with the owner of the moment of writing: the state
 * handed in was taken for that same owner (idleSaving drops a state taken for another).
 * IndexedDB access is part of the app's first script (it is small): a signed-in start reads the saved
 * cache at once.
 */
let basePersister: Promise<Persister> | undefined
function loadBasePersister(): Promise<Persister> {
  basePersister ??= Promise.resolve<Persister>({
    async persistClient(client) {
      const owner = cacheOwner()
      // Checked at the moment of writing: a save scheduled before log out must not bring data back.
      if (!owner) return del(QUERY_CACHE_KEY)
      await set(QUERY_CACHE_KEY, JSON.stringify({ ...client, buster: owner }))
    },
    async restoreClient() {
      const text = await get<string>(QUERY_CACHE_KEY)
      return text ? (JSON.parse(text) as PersistedClient) : undefined
    },
    removeClient: () => del(QUERY_CACHE_KEY),
  })
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
 * re-checks the owner at the moment of writing, so a save after log out writes nothing.) A state taken
 * for one owner (`ownerOf` when it was handed in) is never written once the owner is another: the
 * cache of one company is never saved as another's.
 */
export function idleSaving(
  base: () => Promise<Persister>,
  withinMs = SAVE_WITHIN_MS,
  schedule: IdleScheduler = whenIdle,
  ownerOf: () => string | null = () => null,
): Persister & { cancel(): void; flush(): Promise<void> } {
  let pending: PersistedClient | undefined
  let pendingOwner: string | null = null
  let waiting: Promise<void> | undefined
  /** Writes the latest state now, if one is waiting (the scheduled run then finds nothing to do). */
  const saveLatest = async () => {
    const latest = pending
    pending = undefined
    if (!latest || ownerOf() !== pendingOwner) return
    await base()
      .then((persister) => persister.persistClient(latest))
      .catch(() => undefined)
  }
  return {
    persistClient(client) {
      pending = client
      pendingOwner = ownerOf()
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

const savingPersister = idleSaving(loadBasePersister, SAVE_WITHIN_MS, whenIdle, cacheOwner)
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

/** While a company's saved cache is being swapped for another's, the emptied cache is not saved. */
let swapping = 0

export const queryPersister: Persister = {
  persistClient: (client) => (swapping > 0 ? Promise.resolve() : savingPersister.persistClient(client)),
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
      // The same person's other company (a switch cut short): it waits for that company again.
      if (owner && saved.buster && userPart(saved.buster) === userPart(owner)) await set(parkedCacheKey(saved.buster), JSON.stringify(saved))
      await base.removeClient()
      return undefined
    }
    // The owner check is done here; the provider compares against an empty buster.
    return revalidateOnUse({ ...saved, buster: '' })
  },
  removeClient: () => savingPersister.removeClient(),
}

/** Removes the saved query cache from this device, every company's. */
export async function removePersistedQueries(): Promise<void> {
  savingPersister.cancel()
  await del(QUERY_CACHE_KEY)
  const parked = (await keys()).filter((key): key is string => typeof key === 'string' && key.startsWith(`${QUERY_CACHE_KEY}:`))
  if (parked.length > 0) await delMany(parked)
}

/**
 * Drops the saved caches this device keeps of a person's companies they no longer belong to (`clientIds`
 * is the person's companies as the server lists them now). True when one was found: the person was
 * removed from a company since this device last saw it.
 */
export async function forgetCompaniesLeft(userId: number, clientIds: readonly number[]): Promise<boolean> {
  const member = new Set(clientIds.map(String))
  const ofUser = new RegExp(`^${QUERY_CACHE_KEY}:.*:user:${userId}:client:([^:]+)$`)
  const left = (await keys()).filter((key): key is string => {
    const match = typeof key === 'string' ? ofUser.exec(key) : null
    return match !== null && !member.has(match[1])
  })
  if (left.length > 0) await delMany(left)
  return left.length > 0
}

/**
 * Saves the current company's waiting state at once: called before a switch of company changes the
 * session (afterwards that state is no longer the current company's and is not written).
 */
export function saveBeforeCompanySwitch(): Promise<void> {
  return savingPersister.flush()
}

let swap: Promise<void> = Promise.resolve()

/**
 * The same person's current company changed (a switch, or a renewal that landed in another company):
 * the cache in memory was emptied; the saved cache of the company left is parked under its own key, and
 * the saved cache of the company now current, if this device has one, is put back in place and into
 * memory (marked for fetching again, like a restore at start). Data fetched meanwhile is newer and wins.
 */
export function switchSavedCache(client: QueryClient, from: string, to: string): Promise<void> {
  swapping++
  swap = swap
    .then(async () => {
      const active = await get<string>(QUERY_CACHE_KEY)
      if (active) {
        const buster = (JSON.parse(active) as { buster?: string }).buster
        if (buster === from) await set(parkedCacheKey(from), active)
        await del(QUERY_CACHE_KEY)
      }
      const text = await get<string>(parkedCacheKey(to))
      if (!text || cacheOwner() !== to) return
      await del(parkedCacheKey(to))
      const saved = JSON.parse(text) as PersistedClient
      if (saved.buster !== to || Date.now() - saved.timestamp > appConfig.offlineCacheMaxAgeMs) return
      await set(QUERY_CACHE_KEY, text)
      hydrate(client, revalidateOnUse(saved).clientState)
    })
    .catch(() => undefined)
    .finally(() => {
      swapping--
    })
  return swap
}

/** Settles once a company's saved cache is in place after a switch (at once when none is under way). */
export function savedCacheSwitched(): Promise<void> {
  return swap
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

  // One user never sees another's data, nor one company's data under another: a change of user, of
  // the session's company (or signing out) empties the cache; a change of company brings back what
  // this device saved of the company now current.
  let owner = cacheOwner()
  subscribeSession(() => {
    const next = cacheOwner()
    if (next === owner) return
    const previous = owner
    owner = next
    const sameUser = previous !== null && next !== null && userPart(previous) === userPart(next)
    if (sameUser) swapping++
    client.clear()
    if (sameUser) {
      void switchSavedCache(client, previous, next)
      swapping--
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
