import { describe, expect, it } from 'vitest'
import type { Caller } from '../context'
import { CallerCache } from './caller-cache'

const caller = (userId: number): Caller => ({ userId, email: `u${userId}@x.test`, roleId: 2, roleType: 'client', clientId: userId, agentId: null, isSuperAdmin: false, permCodes: new Set(), tokenHash: `h${userId}` })

describe('CallerCache', () => {
  it('keeps a caller until its time is up, and no longer', () => {
    const cache = new CallerCache()
    cache.set('h1', caller(1), 1_000, cache.generation)
    expect(cache.get('h1', 999)?.userId).toBe(1)
    expect(cache.get('h1', 1_000)).toBeUndefined()
    expect(cache.get('h2', 0)).toBeUndefined()
  })

  it('forgets everything on clear', () => {
    const cache = new CallerCache()
    cache.set('h1', caller(1), 1_000, cache.generation)
    cache.set('h2', caller(2), 1_000, cache.generation)
    cache.clear()
    expect(cache.get('h1', 0)).toBeUndefined()
    expect(cache.get('h2', 0)).toBeUndefined()
  })

  it('does not store a caller read before a clear (a request racing a log out)', () => {
    const cache = new CallerCache()
    const before = cache.generation
    cache.clear()
    cache.set('h1', caller(1), 1_000, before)
    expect(cache.get('h1', 0)).toBeUndefined()
    cache.set('h1', caller(1), 1_000, cache.generation)
    expect(cache.get('h1', 0)?.userId).toBe(1)
  })
})
