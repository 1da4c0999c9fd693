import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client'
import { describe, expect, it, vi } from 'vitest'
import { QueryClient, QueryObserver, hydrate } from '@tanstack/react-query'
import { createQueryClient, idleSaving, revalidateOnUse } from './query-client'

const client = (n: number) => ({ timestamp: n, buster: '', clientState: { queries: [], mutations: [] } }) as PersistedClient

function setup() {
  const saved: PersistedClient[] = []
  const base: Persister = {
    persistClient: vi.fn(async (c: PersistedClient) => void saved.push(c)),
    restoreClient: vi.fn(async () => undefined),
    removeClient: vi.fn(async () => undefined),
  }
  const idle: { run: () => void; timeoutMs: number }[] = []
  const persister = idleSaving(
    async () => base,
    1500,
    (run, timeoutMs) => void idle.push({ run, timeoutMs }),
  )
  return { saved, base, idle, persister }
}

describe('idleSaving', () => {
  it('saves nothing until the browser is idle, then only the latest state, with a bounded wait', async () => {
    const { saved, idle, persister } = setup()
    const first = persister.persistClient(client(1))
    void persister.persistClient(client(2))
    void persister.persistClient(client(3))
    expect(saved).toEqual([])
    expect(idle).toHaveLength(1)
    expect(idle[0].timeoutMs).toBe(1500)

    idle[0].run()
    await first
    expect(saved.map((c) => c.timestamp)).toEqual([3])

    // A later change waits for the next idle moment.
    void persister.persistClient(client(4))
    expect(idle).toHaveLength(2)
    idle[1].run()
    await vi.waitFor(() => expect(saved.map((c) => c.timestamp)).toEqual([3, 4]))
  })

  it('drops a waiting save when the saved cache is removed (log out)', async () => {
    const { saved, base, idle, persister } = setup()
    const waiting = persister.persistClient(client(1))
    await persister.removeClient()
    expect(base.removeClient).toHaveBeenCalled()
    idle[0].run()
    await waiting
    expect(saved).toEqual([])

    const again = persister.persistClient(client(2))
    persister.cancel()
    idle[1].run()
    await again
    expect(saved).toEqual([])
  })
})

describe('revalidateOnUse', () => {
  const saved = (dataUpdatedAt: number): PersistedClient => ({
    timestamp: dataUpdatedAt,
    buster: '',
    clientState: {
      mutations: [],
      queries: [
        {
          queryKey: ['documents', 'list'],
          queryHash: '["documents","list"]',
          dehydratedAt: dataUpdatedAt,
          state: {
            data: { data: [], total: 0 },
            dataUpdateCount: 1,
            dataUpdatedAt,
            error: null,
            errorUpdateCount: 0,
            errorUpdatedAt: 0,
            fetchFailureCount: 0,
            fetchFailureReason: null,
            fetchMeta: null,
            isInvalidated: false,
            status: 'success',
            fetchStatus: 'idle',
          },
        },
      ],
    },
  })

  it('makes a query restored 2 s after it was saved fetch again when a page uses it, keeping its data on screen', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } })
    hydrate(queryClient, revalidateOnUse(saved(Date.now() - 2000)).clientState)
    const queryFn = vi.fn(async () => ({ data: [{ id: 1 }], total: 1 }))
    const observer = new QueryObserver(queryClient, { queryKey: ['documents', 'list'], queryFn })
    expect(observer.getCurrentResult().data).toEqual({ data: [], total: 0 })
    const unsubscribe = observer.subscribe(() => {})
    await vi.waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1))
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toEqual({ data: [{ id: 1 }], total: 1 }))
    unsubscribe()
  })

  it('without it, a restored query younger than its staleTime would not be fetched', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { staleTime: 30_000 } } })
    hydrate(queryClient, saved(Date.now() - 2000).clientState)
    const queryFn = vi.fn(async () => ({ data: [], total: 0 }))
    const observer = new QueryObserver(queryClient, { queryKey: ['documents', 'list'], queryFn })
    const unsubscribe = observer.subscribe(() => {})
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(queryFn).not.toHaveBeenCalled()
    unsubscribe()
  })

  it('revalidates every query on window focus, whatever its age', () => {
    expect(createQueryClient().getDefaultOptions().queries?.refetchOnWindowFocus).toBe('always')
  })
})

describe('what is saved for the next start', () => {
  it('keeps a query whose data loaded even when its latest refetch failed, and leaves out one that never loaded', async () => {
    const { dehydrate } = await import('@tanstack/react-query')
    const { persistOptions } = await import('./query-client')
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    queryClient.setQueryData(['address'], { city: 'Tampa' })
    await queryClient.fetchQuery({ queryKey: ['address'], queryFn: () => Promise.reject(new Error('offline')), staleTime: 0 }).catch(() => undefined)
    await queryClient.fetchQuery({ queryKey: ['never'], queryFn: () => Promise.reject(new Error('offline')) }).catch(() => undefined)
    expect(queryClient.getQueryState(['address'])?.status).toBe('error')

    const saved = dehydrate(queryClient, persistOptions.dehydrateOptions)
    expect(saved.queries.map((q) => q.queryKey)).toEqual([['address']])
    expect(saved.queries[0].state.data).toEqual({ city: 'Tampa' })
  })
})

describe('idleSaving on leaving the page', () => {
  it('writes the waiting state at once when flushed, and the idle run then writes nothing more', async () => {
    const { saved, idle, persister } = setup()
    void persister.persistClient(client(7))
    await persister.flush()
    expect(saved.map((c) => c.timestamp)).toEqual([7])
    idle[0].run()
    await Promise.resolve()
    expect(saved.map((c) => c.timestamp)).toEqual([7])
  })
})
