import { NOTIFICATION_POLL_MS } from '@contract/notifications'
import { describe, expect, it } from 'vitest'
import { notificationRefresh } from './alerts'

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
