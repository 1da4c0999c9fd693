import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import * as v from 'valibot'

const user = {
  id: 7,
  firstName: 'Jordan',
  lastName: 'Avery',
  email: 'client@demo.test',
  role: 'Client',
  clientId: 3,
  agentId: null,
  roleId: 2,
  roleType: 'client',
  companyName: 'Sunshine Holdings LLC',
}
const farFuture = `${btoa('{"alg":"HS256"}')}.${btoa('{"exp":4102444800}')}.sig`

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

/** Fresh modules: a signed-in session and the API client on top of it. */
async function signedIn() {
  vi.resetModules()
  const session = await import('./session')
  session.setSession({ token: farFuture, user, permissions: [], remember: false })
  const client = await import('./api-client')
  return { ...session, ...client }
}

describe('api client', () => {
  const reload = vi.fn()
  beforeEach(() => {
    sessionStorage.clear()
    localStorage.clear()
    vi.stubGlobal('location', { ...window.location, reload })
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => true })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    reload.mockReset()
  })

  it('sends the bearer token to /api and parses the answer with the schema', async () => {
    const fetchMock = vi.fn(async () => json(200, { supportPhone: '1', extra: true }))
    vi.stubGlobal('fetch', fetchMock)
    const { api } = await signedIn()
    const result = await api.get('/config', { schema: v.object({ supportPhone: v.string() }) })
    expect(result).toEqual({ supportPhone: '1' })
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/config')
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${farFuture}`)
  })

  it('turns an error answer into an ApiError with the readable detail', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () =>
        json(422, {
          detail: 'The current password is incorrect',
          details: 'more',
          issues: [{ path: 'currentPassword', message: 'The current password is incorrect' }],
        }),
      ),
    )
    const { api, ApiError } = await signedIn()
    const error = await api.post('/auth/change-password', {}).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ApiError)
    expect(error).toMatchObject({ status: 422, detail: 'The current password is incorrect', issues: [{ path: 'currentPassword' }] })
  })

  it('tells its 403 listeners (the permission codes may have changed), keeping the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(403, { detail: 'You do not have permission to do this' })),
    )
    const { api, onForbidden, getSession } = await signedIn()
    const listener = vi.fn()
    const stop = onForbidden(listener)
    await expect(api.get('/users')).rejects.toMatchObject({ status: 403 })
    expect(listener).toHaveBeenCalledTimes(1)
    expect(getSession()).not.toBeNull()
    stop()
    await expect(api.get('/users')).rejects.toMatchObject({ status: 403 })
    expect(listener).toHaveBeenCalledTimes(1)
  })

  it('on a 401 tries the refresh cookie once; refused, it removes the session and reloads', async () => {
    const fetchMock = vi.fn(async (url: string) =>
      url === '/api/auth/refresh' ? json(401, { detail: 'Your session has ended' }) : json(401, { detail: 'expired' }),
    )
    vi.stubGlobal('fetch', fetchMock)
    const { api, getSession } = await signedIn()
    await expect(api.get('/client/3')).rejects.toMatchObject({ status: 401 })
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/client/3', '/api/auth/refresh'])
    expect(getSession()).toBeNull()
    expect(reload).toHaveBeenCalledTimes(1)
  })

  it('on a 401 with a working refresh cookie, renews the token and retries', async () => {
    const renewed = `${btoa('{"alg":"HS256"}')}.${btoa('{"exp":4102444801}')}.sig`
    let calls = 0
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string, init: RequestInit) => {
        if (url === '/api/auth/refresh') return json(200, { token: renewed, user })
        calls++
        const auth = (init.headers as Record<string, string>).authorization
        return auth === `Bearer ${renewed}` ? json(200, { ok: true }) : json(401, { detail: 'expired' })
      }),
    )
    const { api, getSession } = await signedIn()
    await expect(api.get('/client/3')).resolves.toEqual({ ok: true })
    expect(calls).toBe(2)
    expect(getSession()?.token).toBe(renewed)
    expect(reload).not.toHaveBeenCalled()
  })

  it("keeps what a renewal says of a staff member's second factor set-up, and clears it when it says nothing", async () => {
    let setupRequired = true
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(200, { token: farFuture, user, ...(setupRequired && { secondFactorSetupRequired: true }) })),
    )
    const { refreshAccessToken, getSession } = await signedIn()
    expect(await refreshAccessToken()).toBe('renewed')
    expect(getSession()?.secondFactorSetupRequired).toBe(true)
    expect(JSON.parse(sessionStorage.getItem('session')!).secondFactorSetupRequired).toBe(true)
    setupRequired = false
    expect(await refreshAccessToken()).toBe('renewed')
    expect(getSession()?.secondFactorSetupRequired).toBeUndefined()
  })

  it('adopts a token another tab of the device just renewed, instead of rotating the cookie twice', async () => {
    const renewed = `${btoa('{"alg":"HS256"}')}.${btoa('{"exp":4102444802}')}.sig`
    const fetchMock = vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/auth/refresh') return json(500, { detail: 'must not be called' })
      const auth = (init.headers as Record<string, string>).authorization
      return auth === `Bearer ${renewed}` ? json(200, { ok: true }) : json(401, { detail: 'expired' })
    })
    vi.stubGlobal('fetch', fetchMock)
    vi.resetModules()
    const session = await import('./session')
    session.setSession({ token: farFuture, user, permissions: [], remember: true })
    const { api } = await import('./api-client')
    // Another tab renewed: the device copy holds the new token.
    localStorage.setItem('session', JSON.stringify({ token: renewed, user, permissions: [], remember: true }))
    await expect(api.get('/client/3')).resolves.toEqual({ ok: true })
    expect(fetchMock.mock.calls.map((call) => call[0])).toEqual(['/api/client/3', '/api/client/3'])
    expect(session.getSession()?.token).toBe(renewed)
  })

  it("a network error of a user's call shows 'Network error, Try reloading the page' and removes the session", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const { api, getSession, reportNetworkError, onNetworkError, NetworkError } = await signedIn()
    const shown = vi.fn()
    onNetworkError(shown)
    const error = await api.get('/client/3').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(NetworkError)
    reportNetworkError(error, { background: false })
    expect(shown).toHaveBeenCalledWith('Network error, Try reloading the page')
    expect(getSession()).toBeNull()
  })

  it('a background refresh of data on screen that cannot reach the server keeps the session', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    )
    const { api, getSession, reportNetworkError, onNetworkError } = await signedIn()
    const shown = vi.fn()
    onNetworkError(shown)
    const error = await api.get('/client/3').catch((e: unknown) => e)
    reportNetworkError(error, { background: true })
    expect(shown).not.toHaveBeenCalled()
    expect(getSession()).not.toBeNull()
    const { getOnlineStatus } = await import('./online-status')
    expect(getOnlineStatus()).toEqual({ online: false, reason: 'server' })
  })

  it('offline, nothing is sent and the session stays', async () => {
    Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false })
    const fetchMock = vi.fn()
    vi.stubGlobal('fetch', fetchMock)
    const { api, getSession, reportNetworkError, OfflineError } = await signedIn()
    const error = await api.post('/client/document/1').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(OfflineError)
    reportNetworkError(error, { background: false })
    expect(fetchMock).not.toHaveBeenCalled()
    expect(getSession()).not.toBeNull()
  })
})
