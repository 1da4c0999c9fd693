import { dehydrate, hydrate, MutationCache, onlineManager, QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NetworkError, OfflineError } from '~/lib/api-client'
import { adoptPausedMutations, retryWhenUnreachable } from './queue'

/** A call queued offline and saved with the cache, as a reload brings it back: paused, without its function. */
function restoredQueue(mutationKey: string[], variables: unknown): QueryClient {
  const before = new QueryClient()
  onlineManager.setOnline(false)
  void before
    .getMutationCache()
    .build(before, { mutationKey, mutationFn: async () => 'never', networkMode: 'online' })
    .execute(variables)
    .catch(() => undefined)
  const saved = JSON.parse(JSON.stringify(dehydrate(before)))
  expect(saved.mutations).toHaveLength(1)
  const after = new QueryClient({ mutationCache: new MutationCache() })
  hydrate(after, saved)
  return after
}

afterEach(() => {
  onlineManager.setOnline(true)
  vi.unstubAllGlobals()
})

describe('calls queued while offline', () => {
  it('get their function back after a reload and are sent once when online', async () => {
    const queryClient = restoredQueue(['document-requests', 'create'], { documentIds: [4] })
    const send = vi.fn(async (_variables: unknown) => 'sent')
    queryClient.setMutationDefaults(['document-requests', 'create'], { mutationFn: send, networkMode: 'online' })
    onlineManager.setOnline(true)

    adoptPausedMutations(queryClient, ['document-requests', 'create'])

    await vi.waitFor(() => expect(queryClient.getMutationCache().getAll()[0].state.status).toBe('success'))
    expect(send).toHaveBeenCalledTimes(1)
    expect(send.mock.calls[0][0]).toEqual({ documentIds: [4] })
  })

  it('wait for the browser to come back when the page was opened offline', async () => {
    const queryClient = restoredQueue(['notifications', 'mark-read'], { id: 9 })
    const send = vi.fn(async () => 'sent')
    queryClient.setMutationDefaults(['notifications', 'mark-read'], { mutationFn: send, networkMode: 'online' })
    // TanStack's flag says online (no event yet), the browser says offline.
    onlineManager.setOnline(true)
    vi.stubGlobal('navigator', { ...navigator, onLine: false })

    adoptPausedMutations(queryClient, ['notifications', 'mark-read'])
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(send).not.toHaveBeenCalled()

    vi.stubGlobal('navigator', { ...navigator, onLine: true })
    window.dispatchEvent(new Event('online'))
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(1))
  })

  it('retry while the device is offline, and three times when the server is out of reach', () => {
    expect(retryWhenUnreachable(10, new OfflineError())).toBe(true)
    expect(retryWhenUnreachable(2, new NetworkError())).toBe(true)
    expect(retryWhenUnreachable(3, new NetworkError())).toBe(false)
    expect(retryWhenUnreachable(0, new Error('refused'))).toBe(false)
  })
})
