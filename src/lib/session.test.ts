import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Session } from './session'

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

function tokenWithExp(exp: number) {
  const encode = (value: object) => btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_')
  return `${encode({ alg: 'HS256' })}.${encode({ id: 7, exp })}.signature`
}

const session = (remember: boolean): Session => ({ token: tokenWithExp(4_102_444_800), user, permissions: [], remember })

/** A fresh copy of the module, reading storage as a new page load would. */
async function load() {
  vi.resetModules()
  return import('./session')
}

describe('session', () => {
  beforeEach(() => {
    sessionStorage.clear()
    localStorage.clear()
  })
  afterEach(() => {
    sessionStorage.clear()
    localStorage.clear()
  })

  it('is kept under the session-storage key "session", and only there without "keep me signed in"', async () => {
    const { setSession, getSession } = await load()
    setSession(session(false))
    expect(JSON.parse(sessionStorage.getItem('session')!).user.email).toBe('client@demo.test')
    expect(localStorage.getItem('session')).toBeNull()
    expect(getSession()?.user.id).toBe(7)
  })

  it('with "keep me signed in" is mirrored to the device and restored by a later page load', async () => {
    const first = await load()
    first.setSession(session(true))
    expect(localStorage.getItem('session')).not.toBeNull()

    sessionStorage.clear() // the browser was closed
    const later = await load()
    expect(later.getSession()?.user.email).toBe('client@demo.test')
    expect(sessionStorage.getItem('session')).not.toBeNull()
  })

  it('without "keep me signed in" does not survive closing the browser', async () => {
    const first = await load()
    first.setSession(session(false))
    sessionStorage.clear()
    const later = await load()
    expect(later.getSession()).toBeNull()
  })

  it('is removed from the tab and the device, and listeners hear it', async () => {
    const { setSession, clearSession, subscribeSession, getSession } = await load()
    setSession(session(true))
    const heard = vi.fn()
    subscribeSession(heard)
    clearSession()
    expect(heard).toHaveBeenCalledTimes(1)
    expect(getSession()).toBeNull()
    expect(sessionStorage.getItem('session')).toBeNull()
    expect(localStorage.getItem('session')).toBeNull()
  })

  it('ignores a stored record that is not a session', async () => {
    sessionStorage.setItem('session', JSON.stringify({ token: 'x' }))
    const { getSession } = await load()
    expect(getSession()).toBeNull()
  })

  it('classes users as client (clientId) or agent (agentId), and sends each home', async () => {
    const { userKind, homePath } = await load()
    expect(userKind({ clientId: 3, agentId: null })).toBe('client')
    expect(userKind({ clientId: 3, agentId: 1 })).toBe('client')
    expect(userKind({ clientId: null, agentId: 1 })).toBe('agent')
    expect(userKind({ clientId: null, agentId: null })).toBeNull()
    expect(homePath({ clientId: 3, agentId: null })).toBe('/client/dashboard')
    expect(homePath({ clientId: null, agentId: 1 })).toBe('/provider/dashboard')
    expect(homePath({ clientId: null, agentId: null })).toBe('/error')
  })

  it("reads the access token's expiry", async () => {
    const { tokenExpiresAt } = await load()
    expect(tokenExpiresAt(tokenWithExp(1_800_000_000))).toBe(1_800_000_000_000)
    expect(tokenExpiresAt('not-a-token')).toBeNull()
  })
})
