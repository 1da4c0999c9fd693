import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { storedAccessToken } from './stored-token'

function tokenWithExp(exp: number) {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${encode({ alg: 'HS256' })}.${encode({ id: 7, exp })}.signature`
}

/** A fresh copy of the module, as a new page load has. */
async function load() {
  vi.resetModules()
  return import('./early-response')
}

describe('a call the entry sent early', () => {
  const fetchMock = vi.fn(() => Promise.resolve(new Response('{}')))
  beforeEach(() => {
    fetchMock.mockClear()
    vi.stubGlobal('fetch', fetchMock)
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('is taken once by a GET of the same URL with the same token, and by nothing else', async () => {
    const { sendEarly, takeEarlyResponse, hasEarlyResponse } = await load()
    const sent = sendEarly('/api/dashboard/client', 'token-1')
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/dashboard/client',
      expect.objectContaining({ headers: expect.objectContaining({ authorization: 'Bearer token-1' }) }),
    )
    const get = (token: string) => ({ headers: { authorization: `Bearer ${token}` } })
    expect(takeEarlyResponse('/api/dashboard/provider', get('token-1'))).toBeUndefined()
    expect(takeEarlyResponse('/api/dashboard/client', get('token-2'))).toBeUndefined()
    expect(takeEarlyResponse('/api/dashboard/client', { method: 'POST', ...get('token-1') })).toBeUndefined()
    expect(hasEarlyResponse('/api/dashboard/client')).toBe(true)
    expect(takeEarlyResponse('/api/dashboard/client', get('token-1'))).toBe(sent)
    expect(hasEarlyResponse('/api/dashboard/client')).toBe(false)
    expect(takeEarlyResponse('/api/dashboard/client', get('token-1'))).toBeUndefined()
  })

  it('is not kept for a page that asks much later', async () => {
    vi.useFakeTimers()
    const { sendEarly, takeEarlyResponse } = await load()
    sendEarly('/api/dashboard/client', 'token-1')
    vi.advanceTimersByTime(11_000)
    expect(takeEarlyResponse('/api/dashboard/client', { headers: { authorization: 'Bearer token-1' } })).toBeUndefined()
  })
})

describe('the stored access token the entry sends', () => {
  const now = 1_800_000_000_000
  const valid = tokenWithExp(now / 1000 + 600)
  beforeEach(() => {
    sessionStorage.clear()
    localStorage.clear()
  })

  it("is this tab's, else the device's remembered one", () => {
    expect(storedAccessToken(60_000, now)).toBeNull()
    localStorage.setItem('session', JSON.stringify({ token: valid, remember: false }))
    expect(storedAccessToken(60_000, now)).toBeNull()
    localStorage.setItem('session', JSON.stringify({ token: valid, remember: true }))
    expect(storedAccessToken(60_000, now)).toBe(valid)
    const tabToken = tokenWithExp(now / 1000 + 900)
    sessionStorage.setItem('session', JSON.stringify({ token: tabToken, remember: false }))
    expect(storedAccessToken(60_000, now)).toBe(tabToken)
  })

  it('is none when it expires within the given time, or the record is not readable', () => {
    sessionStorage.setItem('session', JSON.stringify({ token: tokenWithExp(now / 1000 + 30), remember: false }))
    expect(storedAccessToken(60_000, now)).toBeNull()
    sessionStorage.setItem('session', 'not json')
    expect(storedAccessToken(60_000, now)).toBeNull()
  })
})
