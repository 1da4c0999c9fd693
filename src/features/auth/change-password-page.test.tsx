import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearSession, getSession, setSession, type SessionUser } from '~/lib/session'
import { ChangePasswordPage } from './change-password-page'

const user: SessionUser = {
  id: 7,
  firstName: 'Ana',
  lastName: 'Ruiz',
  email: 'ana@example.test',
  role: 'Client',
  clientId: 3,
  agentId: null,
  roleId: 2,
  roleType: 'client',
  companyName: 'Sunshine Holdings LLC',
}
const token = (n: number) => `${btoa('{"alg":"HS256"}')}.${btoa(`{"exp":4102444800,"n":${n}}`)}.sig`

function json(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
}

function renderPage() {
  const root = createRootRoute({ component: Outlet })
  const page = createRoute({ getParentRoute: () => root, path: '/account-settings/change-password', component: ChangePasswordPage })
  const router = createRouter({ routeTree: root.addChildren([page]), history: createMemoryHistory({ initialEntries: ['/account-settings/change-password'] }) })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  )
}

afterEach(() => {
  cleanup()
  clearSession()
  vi.unstubAllGlobals()
})

describe('ChangePasswordPage', () => {
  it("goes on with the new session the server started: the answer's token replaces the old one", async () => {
    setSession({ token: token(1), user, permissions: ['DCV'], remember: false })
    const fetchMock = vi.fn(async () => json(200, { message: 'Your password has been changed.', token: token(2), user }))
    vi.stubGlobal('fetch', fetchMock)
    renderPage()
    const typing = userEvent.setup()
    await typing.type(await screen.findByLabelText(/^Current password/), 'Current-pass-2026')
    await typing.type(screen.getByLabelText(/^New password/), 'Next-pass-2026!')
    await typing.type(screen.getByLabelText(/^Confirm new password/), 'Next-pass-2026!')
    await typing.click(screen.getByRole('button', { name: 'Change password' }))

    await waitFor(() => expect(getSession()?.token).toBe(token(2)))
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/auth/change-password')
    expect((init.headers as Record<string, string>).authorization).toBe(`Bearer ${token(1)}`)
    // The rest of the session (permission codes, the "keep me signed in" choice) stays.
    expect(getSession()).toMatchObject({ user, permissions: ['DCV'], remember: false })
  })
})
