import 'fake-indexeddb/auto'
import { UNREAD_COUNT_CAP, type Notification } from '@contract/notifications'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession, setSession } from '~/lib/session'
import { Toaster } from '~/ui/toaster-root'
import { LOAD_FAILED_MESSAGE, MARK_READ_FAILED_MESSAGE, notificationTarget } from './api'
import { NotificationBell } from './notification-bell'

/**
 * The bell against a stand-in for the server's two notification calls: the end-to-end suite drives
 * the real server; here the server's answers can be made to fail on purpose, to see the rollback.
 */

const client = {
  id: 7,
  firstName: 'Dana',
  lastName: 'Reyes',
  email: 'client@demo.test',
  role: 'Client',
  clientId: 3,
  agentId: null,
  roleId: 2,
  roleType: 'client',
  companyName: 'Sunshine Holdings LLC',
}

function notification(id: number, patch: Partial<Notification> = {}): Notification {
  return {
    id,
    message: `Notification ${id}`,
    isRead: true,
    createdAt: new Date(Date.now() - id * 60_000).toISOString(),
    clientId: 3,
    documentRequestId: null,
    documentId: null,
    ...patch,
  }
}

type Server = { list: Notification[]; markRead: 'ok' | 'fail'; listFails: boolean; calls: string[] }

function installServer(server: Server) {
  vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://portal.test')
    server.calls.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`)
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })
    if (url.pathname === '/api/system-notifications') {
      if (server.listFails) return json(500, { detail: 'Internal error', details: 'Internal error' })
      const limit = Number(url.searchParams.get('limit'))
      return json(200, {
        data: server.list.slice(0, limit),
        total: server.list.length,
        page: 1,
        pageSize: limit,
        unreadCount: Math.min(UNREAD_COUNT_CAP, server.list.filter((n) => !n.isRead).length),
      })
    }
    const mark = /^\/api\/system-notifications\/(\d+)\/mark-read$/.exec(url.pathname)
    if (mark && init?.method === 'PATCH') {
      if (server.markRead === 'fail') return json(500, { detail: 'Internal error', details: 'Internal error' })
      const found = server.list.find((n) => n.id === Number(mark[1]))!
      found.isRead = true
      return json(200, found)
    }
    return json(404, { detail: 'Not found', details: 'Not found' })
  })
}

function renderBell() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false, networkMode: 'always' } } })
  const rootRoute = createRootRoute({
    component: () => (
      <>
        <NotificationBell ready={false} />
        <Outlet />
        <Toaster />
      </>
    ),
  })
  const page = (path: string, text: string) => createRoute({ getParentRoute: () => rootRoute, path, component: () => <p>{text}</p> })
  const router = createRouter({
    routeTree: rootRoute.addChildren([
      page('/', 'Home'),
      page('/notifications', 'All notifications'),
      page('/client/documents', 'Documents list'),
      page('/client/document-progress/$id', 'Document progress'),
    ]),
    history: createMemoryHistory({ initialEntries: ['/'] }),
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  )
  return { router, queryClient }
}

/** Chooses a menu entry with the keyboard: arrows down to it, then Enter. */
async function choose(item: HTMLElement) {
  for (let step = 0; step < 10 && !item.hasAttribute('data-highlighted'); step++) await userEvent.keyboard('{ArrowDown}')
  expect(item).toHaveAttribute('data-highlighted')
  await userEvent.keyboard('{Enter}')
}

let server: Server
beforeEach(() => {
  setSession({ token: 'test-token', user: client, permissions: [], remember: false })
  server = { list: [], markRead: 'ok', listFails: false, calls: [] }
  installServer(server)
})
afterEach(() => {
  // Unmount before the session goes: the bell lives only inside a signed-in layout.
  cleanup()
  vi.unstubAllGlobals()
  clearSession()
})

describe('the notification bell', () => {
  it("asks for the client's latest 5 and says how many are unread", async () => {
    server.list = [notification(1, { isRead: false }), notification(2, { isRead: false }), ...[3, 4, 5, 6, 7].map((id) => notification(id))]
    renderBell()
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument()
    expect(server.calls[0]).toBe('GET /api/system-notifications?clientId=3&limit=5&page=1')

    await userEvent.click(screen.getByRole('button', { name: /Notifications/ }))
    const latest = await screen.findByRole('group', { name: 'Latest notifications' })
    expect(within(latest).getAllByRole('menuitem')).toHaveLength(5)
    expect(within(latest).getByRole('menuitem', { name: /Unread: Notification 1/ })).toBeInTheDocument()
    expect(screen.getByRole('menuitem', { name: 'View More' })).toHaveAttribute('href', '/notifications')
  })

  it('says 99+ once the server’s count reaches its cap', async () => {
    server.list = Array.from({ length: UNREAD_COUNT_CAP + 20 }, (_, i) => notification(i + 1, { isRead: false }))
    renderBell()
    expect(await screen.findByRole('button', { name: 'Notifications, 99+ unread' })).toHaveTextContent('9+')
  })

  it('marks an unread notification read at once, then opens its document-progress page', async () => {
    server.list = [notification(1, { isRead: false, documentRequestId: 41, message: 'Your request to mail Tax Notice is now Mailed' })]
    const { router } = renderBell()
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    await choose(await screen.findByRole('menuitem', { name: /Tax Notice is now Mailed/ }))

    await waitFor(() => expect(router.state.location.pathname).toBe('/client/document-progress/41'))
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument()
    await waitFor(() => expect(server.calls).toContain('PATCH /api/system-notifications/1/mark-read'))
  })

  it("puts the unread mark back and says 'Failed to update notification status. Please try again.' when the server refuses it", async () => {
    server.list = [notification(1, { isRead: false, documentId: 9 })]
    server.markRead = 'fail'
    const { router } = renderBell()
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }))
    await choose(await screen.findByRole('menuitem', { name: /Notification 1/ }))

    // Without a document request it opens the documents list.
    await waitFor(() => expect(router.state.location.pathname).toBe('/client/documents'))
    expect(await screen.findByText(MARK_READ_FAILED_MESSAGE)).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument()
  })

  it("says 'Failed to load notifications. Please try again.' when the list cannot be loaded", async () => {
    server.listFails = true
    renderBell()
    expect(await screen.findByText(LOAD_FAILED_MESSAGE)).toBeInTheDocument()
  })

  it('polls every 50 seconds', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      server.list = [notification(1)]
      renderBell()
      await screen.findByRole('button', { name: 'Notifications' })
      const before = server.calls.filter((call) => call.startsWith('GET')).length
      server.list = [notification(0, { isRead: false }), notification(1)]
      await act(() => vi.advanceTimersByTimeAsync(50_000))
      await waitFor(() => expect(server.calls.filter((call) => call.startsWith('GET')).length).toBe(before + 1))
      expect(await screen.findByRole('button', { name: 'Notifications, 1 unread' })).toBeInTheDocument()
    } finally {
      vi.useRealTimers()
    }
  })
})

describe('where a notification leads', () => {
  const agent = { clientId: null, agentId: 2 }
  it('opens the document-progress page of its request on the side of the user', () => {
    expect(notificationTarget({ documentRequestId: 5, clientId: 3 }, { clientId: 3, agentId: null })).toEqual({
      to: '/client/document-progress/$id',
      params: { id: '5' },
    })
    expect(notificationTarget({ documentRequestId: 5, clientId: null }, agent)).toEqual({ to: '/provider/document-progress/$id', params: { id: '5' } })
  })

  it('opens the documents list when it has no request (for staff, that client’s documents)', () => {
    expect(notificationTarget({ documentRequestId: null, clientId: 3 }, { clientId: 3, agentId: null })).toEqual({ to: '/client/documents' })
    expect(notificationTarget({ documentRequestId: null, clientId: 3 }, agent)).toEqual({ to: '/provider/documents', search: { clientId: 3 } })
  })
})
