import type { PersistedClient, Persister } from '@tanstack/react-query-persist-client'
import { describe, expect, it, vi } from 'vitest'
import { idleSaving } from './query-client'

const client = (n: number) => ({ timestamp: n, buster: '', clientState: { queries: [], mutations: [] } }) as PersistedClient

function setup() {
  const saved: PersistedClient[] = []
  const base: Persister = {
    persistClient: vi.fn(async (c: PersistedClient) => void saved.push(c)),
    restoreClient: vi.fn(async () => undefined),
    removeClient: vi.fn(async () => undefined),
  }
  const idle: { run: () => void; timeoutMs: number }[] = []
  const persister = idleSaving(async () => base, 1500, (run, timeoutMs) => void idle.push({ run, timeoutMs }))
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
