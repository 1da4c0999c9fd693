import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { cleanup, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearSession, setSession, type SessionUser } from '~/lib/session'
import { RoleFormPage } from './role-form-page'

/** The role form as a super admin sees it (every code may be granted); no call leaves the page here. */
const admin: SessionUser = {
  id: 1,
  firstName: 'Alex',
  lastName: 'Rivera',
  email: 'admin@demo.test',
  role: 'Super Admin',
  clientId: null,
  agentId: 1,
  roleId: 1,
  roleType: 'agent',
  companyName: null,
}

async function renderForm() {
  setSession({ token: 'test-token', user: admin, permissions: [], remember: false })
  const fetch = vi.fn(async () => new Response('{}', { status: 500 }))
  vi.stubGlobal('fetch', fetch)
  const root = createRootRoute({ component: Outlet })
  const add = createRoute({ getParentRoute: () => root, path: '/provider/roles/add', component: () => <RoleFormPage /> })
  const list = createRoute({ getParentRoute: () => root, path: '/provider/roles', component: () => <p>Roles</p> })
  const router = createRouter({ routeTree: root.addChildren([add, list]), history: createMemoryHistory({ initialEntries: ['/provider/roles/add'] }) })
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } })}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  )
  await screen.findByRole('heading', { level: 1, name: 'Add Role' })
  return fetch
}

afterEach(() => {
  cleanup()
  clearSession()
  vi.unstubAllGlobals()
})

describe('the role form', () => {
  it("says 'This field is mandatory' for an empty name, and sends nothing", async () => {
    const fetch = await renderForm()
    await userEvent.click(screen.getByRole('button', { name: 'Add role' }))
    const name = screen.getByRole('textbox', { name: /Name/ })
    expect(name).toHaveAccessibleDescription('This field is mandatory')
    expect(screen.queryByText(/is required/)).toBeNull()
    expect(fetch).not.toHaveBeenCalled()
  })

  it('labels ICP with what it allows: looking up invoices, not selecting or paying them', async () => {
    await renderForm()
    const icp = screen.getByRole('checkbox', { name: /^ICP · / })
    expect(icp).toHaveAccessibleName('ICP · Look up several invoices at once')
    expect(icp).toHaveAccessibleDescription(/staff have no action on selected invoices.*only clients pay/i)
  })
})
