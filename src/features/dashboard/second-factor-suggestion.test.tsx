import type { SecondFactors } from '@contract/second-factor'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession, setSession } from '~/lib/session'
import { SecondFactorSuggestion } from './second-factor-suggestion'
import { dismissalKey, dismissSuggestion, hasSecondFactor, suggestionDismissed } from './second-factor-suggestion-state'

/**
 * The client dashboard's suggestion to turn on two-step sign-in: shown to a client without a second
 * factor, read only once the dashboard is ready, and gone for that user on this device once dismissed.
 */

const none: SecondFactors = { totp: { enabled: false, enabledAt: null }, recoveryCodesLeft: 0, passkeys: [] }
const withApp: SecondFactors = { totp: { enabled: true, enabledAt: '2026-11-30T10:00:00Z' }, recoveryCodesLeft: 10, passkeys: [] }
const withPasskey: SecondFactors = { ...none, passkeys: [{ id: 1, name: 'Laptop', createdAt: '2026-11-30T10:00:00Z', lastUsedAt: null }] }

let fetchMock: ReturnType<typeof vi.fn>

function answerWith(factors: SecondFactors) {
  fetchMock = vi.fn(async () => new Response(JSON.stringify(factors), { status: 200, headers: { 'content-type': 'application/json' } }))
  vi.stubGlobal('fetch', fetchMock)
}

const factorCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/auth/second-factors')).length

/** Renders the suggestion on a dashboard; `saved`: factors already in the query cache (as the saved cache holds them). */
async function renderSuggestion({ userId = 7, ready = true, saved }: { userId?: number; ready?: boolean; saved?: SecondFactors } = {}) {
  setSession({
    token: 'test-token',
    permissions: [],
    remember: false,
    user: {
      id: userId,
      firstName: 'Jordan',
      lastName: 'Avery',
      email: 'client@demo.test',
      role: 'Client',
      clientId: 3,
      agentId: null,
      roleId: 2,
      roleType: 'client',
      companyName: null,
    },
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  if (saved) queryClient.setQueryData(['auth', 'second-factors'], saved)
  const root = createRootRoute({ component: Outlet })
  const dashboard = createRoute({
    getParentRoute: () => root,
    path: '/client/dashboard',
    component: () => (
      <>
        <h1>Dashboard</h1>
        <SecondFactorSuggestion userId={userId} ready={ready} />
      </>
    ),
  })
  const security = createRoute({ getParentRoute: () => root, path: '/account-settings/security', component: () => <p>Security</p> })
  const router = createRouter({
    routeTree: root.addChildren([dashboard, security]),
    history: createMemoryHistory({ initialEntries: ['/client/dashboard'] }),
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  )
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
}

const suggestion = () => screen.queryByRole('region', { name: 'Two-step sign-in' })

beforeEach(() => localStorage.clear())
afterEach(() => {
  cleanup()
  clearSession()
  vi.unstubAllGlobals()
})

describe('the suggestion logic', () => {
  it('counts an authenticator app or a passkey as a second factor', () => {
    expect(hasSecondFactor(none)).toBe(false)
    expect(hasSecondFactor(withApp)).toBe(true)
    expect(hasSecondFactor(withPasskey)).toBe(true)
  })

  it('remembers a dismissal per user on the device', () => {
    expect(suggestionDismissed(7)).toBe(false)
    dismissSuggestion(7)
    expect(suggestionDismissed(7)).toBe(true)
    expect(localStorage.getItem(dismissalKey(7))).not.toBeNull()
    expect(suggestionDismissed(8)).toBe(false)
  })

  it('does without storage (blocked by the browser)', () => {
    expect(suggestionDismissed(7, null)).toBe(false)
    expect(() => dismissSuggestion(7, null)).not.toThrow()
  })
})

describe('the client dashboard suggestion', () => {
  it('suggests two-step sign-in to a client without a second factor, linking to the security page', async () => {
    answerWith(none)
    await renderSuggestion()
    expect(await screen.findByRole('region', { name: 'Two-step sign-in' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Set up two-step sign-in' }).getAttribute('href')).toBe('/account-settings/security')
  })

  it.each([
    ['an authenticator app', withApp],
    ['a passkey', withPasskey],
  ])('says nothing to a client with %s', async (_, factors) => {
    answerWith(factors)
    await renderSuggestion({ saved: factors })
    expect(suggestion()).toBeNull()
    cleanup()
    // The same page with no factor shows it at once: the check above is not merely early.
    await renderSuggestion({ saved: none })
    expect(suggestion()).not.toBeNull()
  })

  it('reads the factors only once the dashboard is ready', async () => {
    answerWith(none)
    await renderSuggestion({ ready: false })
    expect(factorCalls()).toBe(0)
    expect(suggestion()).toBeNull()
  })

  it('once dismissed, is gone for that user on this device and asks the server nothing; another user still sees it', async () => {
    answerWith(none)
    await renderSuggestion()
    fireEvent.click(await screen.findByRole('button', { name: 'Dismiss' }))
    expect(suggestion()).toBeNull()
    cleanup()

    answerWith(none)
    await renderSuggestion()
    expect(factorCalls()).toBe(0)
    expect(suggestion()).toBeNull()
    cleanup()

    answerWith(none)
    await renderSuggestion({ userId: 8 })
    expect(await screen.findByRole('region', { name: 'Two-step sign-in' })).toBeInTheDocument()
  })
})
