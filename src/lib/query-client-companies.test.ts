import 'fake-indexeddb/auto'
import { afterEach, describe, expect, it, vi } from 'vitest'

/**
 * The saved cache belongs to one person in one company: switching company parks the saved cache of
 * the company left and brings back the one of the company now current, in memory and on the device.
 */

const user = (id: number, clientId: number) => ({
  id,
  firstName: 'Jordan',
  lastName: 'Avery',
  email: 'client@demo.test',
  role: 'Client',
  clientId,
  agentId: null,
  roleId: 2,
  roleType: 'client',
  companyName: `Company ${clientId}`,
})
const token = () => {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${encode({ alg: 'HS256' })}.${encode({ id: 7, exp: 4_102_444_800 })}.signature`
}

async function load() {
  vi.resetModules()
  const idb = await import('idb-keyval')
  const session = await import('./session')
  const queries = await import('./query-client')
  return { idb, session, queries }
}

afterEach(async () => {
  const { clear } = await import('idb-keyval')
  await clear()
  sessionStorage.clear()
  localStorage.clear()
})

describe('cacheOwnerOf', () => {
  it('names the user and the session company, so two companies of one person never share a saved cache', async () => {
    const { queries } = await load()
    expect(queries.cacheOwnerOf({ user: user(7, 3) }, 'v1')).toBe('v1:user:7:client:3')
    expect(queries.cacheOwnerOf({ user: user(7, 4) }, 'v1')).not.toBe(queries.cacheOwnerOf({ user: user(7, 3) }, 'v1'))
    expect(queries.cacheOwnerOf({ user: { ...user(9, 3), clientId: null } }, 'v1')).toBe('v1:user:9:client:none')
    expect(queries.cacheOwnerOf(null)).toBeNull()
  })
})

describe('switching company', () => {
  it('empties memory, parks the first company saved cache and brings it back when that company is current again', async () => {
    const { idb, session, queries } = await load()
    session.setSession({ token: token(), user: user(7, 3), permissions: [], remember: true })
    const client = queries.createQueryClient()
    const ownerA = queries.cacheOwnerOf(session.getSession())!
    // Company 3's list, saved on the device as the provider saves it.
    const savedA = {
      timestamp: Date.now(),
      buster: ownerA,
      clientState: {
        mutations: [],
        queries: [{ queryKey: ['documents'], queryHash: '["documents"]', state: { data: ['A-doc'], dataUpdatedAt: Date.now(), status: 'success' } }],
      },
    }
    await idb.set(queries.QUERY_CACHE_KEY, JSON.stringify(savedA))
    client.setQueryData(['documents'], ['A-doc'])

    session.setSession({ token: token(), user: user(7, 4), permissions: [], remember: true })
    expect(client.getQueryData(['documents'])).toBeUndefined()
    await queries.savedCacheSwitched()
    expect(client.getQueryData(['documents'])).toBeUndefined()
    expect(await idb.get(queries.QUERY_CACHE_KEY)).toBeUndefined()
    expect(JSON.parse((await idb.get<string>(queries.parkedCacheKey(ownerA)))!).buster).toBe(ownerA)

    // Company 4 saves its own list; switching back shows company 3's again, and never company 4's.
    const ownerB = queries.cacheOwnerOf(session.getSession())!
    await idb.set(
      queries.QUERY_CACHE_KEY,
      JSON.stringify({
        ...savedA,
        buster: ownerB,
        clientState: { mutations: [], queries: [{ ...savedA.clientState.queries[0], state: { ...savedA.clientState.queries[0]!.state, data: ['B-doc'] } }] },
      }),
    )
    session.setSession({ token: token(), user: user(7, 3), permissions: [], remember: true })
    await queries.savedCacheSwitched()
    expect(client.getQueryData(['documents'])).toEqual(['A-doc'])
    expect(JSON.parse((await idb.get<string>(queries.QUERY_CACHE_KEY))!).buster).toBe(ownerA)
    expect(JSON.parse((await idb.get<string>(queries.parkedCacheKey(ownerB)))!).buster).toBe(ownerB)
  })

  it('log out removes every company saved cache', async () => {
    const { idb, queries } = await load()
    await idb.set(queries.QUERY_CACHE_KEY, '{}')
    await idb.set(queries.parkedCacheKey('v:user:7:client:4'), '{}')
    await idb.set('other', 'kept')
    await queries.removePersistedQueries()
    expect(await idb.keys()).toEqual(['other'])
  })

  it('a state taken for one company is not written once another is current', async () => {
    const { queries } = await load()
    const writes: unknown[] = []
    let owner = 'a'
    let run: () => void = () => {}
    const saving = queries.idleSaving(
      async () => ({ persistClient: async (c) => void writes.push(c), restoreClient: async () => undefined, removeClient: async () => undefined }),
      2000,
      (next) => (run = next),
      () => owner,
    )
    void saving.persistClient({ timestamp: 1, buster: '', clientState: { mutations: [], queries: [] } })
    owner = 'b'
    run()
    await saving.flush()
    expect(writes).toEqual([])
  })
})

describe('a company the person has left', () => {
  it('loses its parked saved cache on this device; the person’s other companies and other people keep theirs', async () => {
    const { idb, queries } = await load()
    const parked = (userId: number, clientId: number, version = 'v1') => queries.parkedCacheKey(`${version}:user:${userId}:client:${clientId}`)
    await idb.set(parked(7, 3), '{}')
    await idb.set(parked(7, 4), '{}')
    await idb.set(parked(7, 5, 'v0'), '{}')
    await idb.set(parked(8, 4), '{}')

    expect(await queries.forgetCompaniesLeft(7, [3])).toBe(true)
    const left = (await idb.keys()).map(String).sort()
    expect(left).toEqual([parked(7, 3), parked(8, 4)].sort())

    // Nothing more to forget: nothing changes, and the caller is told so.
    expect(await queries.forgetCompaniesLeft(7, [3])).toBe(false)
    expect((await idb.keys()).length).toBe(2)
  })
})
