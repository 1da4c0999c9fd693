import { NOTIFICATION_POLL_MS } from '@contract/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, renderHook, waitFor } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { usePushState } from '~/lib/push'
import { notificationRefresh, useNotificationRefresh } from './alerts'

describe('notificationRefresh', () => {
  it('does not poll with alerts on, and polls every 50 s in every other state', () => {
    expect(notificationRefresh('on').refetchInterval).toBe(false)
    for (const state of ['checking', 'unsupported', 'needs-home-screen', 'not-asked', 'blocked'] as const) {
      expect(notificationRefresh(state).refetchInterval, state).toBe(NOTIFICATION_POLL_MS)
    }
  })

  it('always refetches on focus and when the connection returns', () => {
    expect(notificationRefresh('on')).toMatchObject({ refetchOnWindowFocus: 'always', refetchOnReconnect: 'always' })
  })
})

describe('useNotificationRefresh', () => {
  it('looks at the device’s alerts only once the page is ready, polling until then', async () => {
    const client = new QueryClient()
    const wrapper = ({ children }: { children: ReactNode }) => createElement(QueryClientProvider, { client }, children)
    const { result, rerender } = renderHook(({ ready }) => ({ refresh: useNotificationRefresh(ready), push: usePushState() }), {
      initialProps: { ready: false },
      wrapper,
    })
    await act(async () => {})
    expect(result.current.push).toBe('checking')
    expect(result.current.refresh.refetchInterval).toBe(NOTIFICATION_POLL_MS)

    rerender({ ready: true })
    // This test's browser has no Push API: the first look says so.
    await waitFor(() => expect(result.current.push).toBe('unsupported'))
  })
})
