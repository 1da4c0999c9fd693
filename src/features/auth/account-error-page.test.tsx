import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearSession, setSession, type SessionUser } from '~/lib/session'
import { AccountErrorPage } from './account-error-page'

const base: SessionUser = {
  id: 7,
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'someone@example.test',
  role: 'Client',
  clientId: null,
  agentId: null,
  roleId: 2,
  roleType: 'client',
  companyName: null,
}

function renderPage(user: SessionUser) {
  setSession({ token: 'test-token', user, permissions: [], remember: false })
  // The support contacts are not needed here: the config call never answers.
  vi.stubGlobal(
    'fetch',
    vi.fn(() => new Promise(() => {})),
  )
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const root = createRootRoute({ component: Outlet })
  const error = createRoute({ getParentRoute: () => root, path: '/error', component: AccountErrorPage })
  const dashboard = createRoute({ getParentRoute: () => root, path: '/client/dashboard', component: () => <p>Dashboard</p> })
  const providerDashboard = createRoute({ getParentRoute: () => root, path: '/provider/dashboard', component: () => <p>Dashboard</p> })
  const router = createRouter({
    routeTree: root.addChildren([error, dashboard, providerDashboard]),
    history: createMemoryHistory({ initialEntries: ['/error'] }),
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  clearSession()
  vi.unstubAllGlobals()
})

describe('AccountErrorPage', () => {
  it('tells an account linked to nothing that it is not set up yet', async () => {
    renderPage(base)
    expect(await screen.findByRole('heading', { name: 'Your account is not set up yet' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Log Out' })).toBeTruthy()
  })

  it('tells a client who is set up, and opened the page itself, that nothing went wrong', async () => {
    renderPage({ ...base, clientId: 3 })
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is set up' })).toBeTruthy()
    // Nothing failed: the page does not announce an error above a message that all is well.
    expect(screen.queryByText(/went wrong|could not be shown|not set up/i)).toBeNull()
    expect(screen.getByText('There is nothing to fix here')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/client/dashboard')
  })

  it('leads staff who are set up back to the provider dashboard', async () => {
    renderPage({ ...base, agentId: 1, roleType: 'agent' })
    expect(await screen.findByRole('heading', { level: 1, name: 'Your account is set up' })).toBeTruthy()
    expect(screen.queryByText(/went wrong/i)).toBeNull()
    expect(screen.getByRole('link', { name: 'Go to your dashboard' }).getAttribute('href')).toBe('/provider/dashboard')
  })
})
