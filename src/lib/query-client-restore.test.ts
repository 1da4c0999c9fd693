import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'

/**
 * The saved cache read back at start: start.tsx starts the read before the first render and the
 * provider's restore takes it. The saved cache still belongs to one user: the owner is checked when the
 * provider restores, not when the read started.
 */

const user = (id: number) => ({
  id,
  firstName: 'Jordan',
  lastName: 'Avery',
  email: 'client@demo.test',
  role: 'Client',
  clientId: 3,
  agentId: null,
  roleId: 2,
  roleType: 'client',
  companyName: 'Sunshine Holdings LLC',
})
const token = () => {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${encode({ alg: 'HS256' })}.${encode({ id: 7, exp: 4_102_444_800 })}.signature`
}

/** A new page load: fresh modules, the saved cache of user 7 on the device, `signedIn` signed in. */
async function start(signedIn: number) {
  vi.resetModules()
  const { set } = await import('idb-keyval')
  const session = await import('./session')
  const queries = await import('./query-client')
  const { appConfig } = await import('./config')
  const saved = {
    timestamp: Date.now(),
    buster: `${appConfig.cacheVersion}:user:7:client:3`,
    clientState: {
      mutations: [],
      queries: [{ queryKey: ['invoices'], queryHash: '["invoices"]', state: { data: ['INV-1'], dataUpdatedAt: Date.now(), status: 'success' } }],
    },
  }
  await set(queries.QUERY_CACHE_KEY, JSON.stringify(saved))
  session.setSession({ token: token(), user: user(signedIn), permissions: [], remember: true })
  return { ...queries, session }
}

afterEach(async () => {
  const { clear } = await import('idb-keyval')
  await clear()
  sessionStorage.clear()
  localStorage.clear()
})

describe('the saved cache read back at start', () => {
  it('is the one the provider restores, every query marked for fetching again', async () => {
    const { startCacheRestore, queryPersister } = await start(7)
    startCacheRestore()
    const restored = await queryPersister.restoreClient()
    expect(restored?.clientState.queries.map((q) => [q.queryKey, q.state.data, q.state.isInvalidated])).toEqual([[['invoices'], ['INV-1'], true]])
  })

  it('is dropped, and removed from the device, when someone else is signed in by the time it is restored', async () => {
    const { startCacheRestore, queryPersister, QUERY_CACHE_KEY, session } = await start(7)
    startCacheRestore()
    session.setSession({ token: token(), user: user(8), permissions: [], remember: true })
    expect(await queryPersister.restoreClient()).toBeUndefined()
    const { get } = await import('idb-keyval')
    expect(await get(QUERY_CACHE_KEY)).toBeUndefined()
  })
})
