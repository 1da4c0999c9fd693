import type { Activity, ClientDashboard as Figures } from '@contract/dashboard'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, createRootRoute, createRoute, createRouter, Outlet, RouterProvider } from '@tanstack/react-router'
import { cleanup, render, screen, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { clearSession, setSession, type SessionUser } from '~/lib/session'
import { dashboardKeys } from './api'
import { ClientDashboard } from './client-dashboard'

/**
 * The client dashboard as its user reads it, from an answer of GET /api/dashboard/client (the server's
 * side is tests/api/dashboard.test.ts): the greeting, the client's service and where recent activity leads.
 */

const user: SessionUser = {
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

const activity = (id: number, message: string, about: Partial<Activity> = {}): Activity => ({
  id,
  message,
  createdAt: '2026-11-28T15:00:00Z',
  kind: 'general',
  documentId: null,
  documentRequestId: null,
  supportConversationId: null,
  invoiceId: null,
  ...about,
})

function figures(patch: Partial<Figures> = {}): Figures {
  return {
    signedInBefore: true,
    account: {
      service: { name: 'Registered Agent + Mail Forwarding', packageName: 'Premium', active: true },
      registeredAgent: { name: 'Sunshine State Registered Agents', address: '100 Biscayne Blvd, Miami, FL 33132' },
      mailboxNumber: 'MB-1042',
    },
    unreadDocuments: { count: 1, mostUrgent: null },
    invoices: { unpaidCount: 1, overdueCount: 1, totalDue: 277, payableIds: [12, 13] },
    mailRequests: { inProgress: 0, latest: [] },
    support: { open: 0, withNewReply: 0 },
    recentActivity: [
      activity(1, 'New document received: Tax Notice', { kind: 'new-mail', documentId: 31 }),
      activity(2, 'Your request to mail Tax Notice is now Mailed', { kind: 'mail-request', documentId: 31, documentRequestId: 5 }),
      activity(3, 'Invoice INV-2026-000012 is overdue', { kind: 'invoice', invoiceId: 12 }),
      activity(4, 'Payment received: $49.00 for 2 invoices', { kind: 'invoice' }),
      activity(5, 'Support replied: Mailbox', { supportConversationId: 9 }),
    ],
    ...patch,
  }
}

async function renderDashboard(answer: Figures, who: SessionUser = user) {
  setSession({ token: 'test-token', user: who, permissions: [], remember: false })
  // The saved answer is fresh, so the page asks for nothing; a call would answer the same.
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } })),
  )
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  queryClient.setQueryData(dashboardKeys.client(), answer)
  const root = createRootRoute({ component: Outlet })
  const page = (path: string) => createRoute({ getParentRoute: () => root, path, component: () => <p>{path}</p> })
  const dashboard = createRoute({ getParentRoute: () => root, path: '/client/dashboard', component: ClientDashboard })
  const router = createRouter({
    routeTree: root.addChildren([
      dashboard,
      ...['/client/documents', '/client/invoices', '/client/invoices/$id', '/client/document-progress/$id', '/client/support', '/client/support/$id'].map(page),
      ...['/client/requested-documents', '/client/profile/$id', '/notifications'].map(page),
    ]),
    history: createMemoryHistory({ initialEntries: ['/client/dashboard'] }),
  })
  render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router as never} />
    </QueryClientProvider>,
  )
  await screen.findByRole('heading', { level: 1, name: 'Dashboard' })
}

/** A panel of the page, by its heading. */
const panel = (title: string) => screen.getByRole('heading', { name: title }).closest('section')!

afterEach(() => {
  cleanup()
  clearSession()
  vi.unstubAllGlobals()
})

describe('the client dashboard', () => {
  it('greets a user who has never signed in before with "Welcome", not "Welcome back"', async () => {
    await renderDashboard(figures({ signedInBefore: false }))
    expect(screen.getByText('Welcome, Jordan · Sunshine Holdings LLC')).toBeInTheDocument()
    expect(screen.queryByText(/Welcome back/)).toBeNull()
  })

  it('greets a user who has signed in before with "Welcome back"', async () => {
    await renderDashboard(figures({ signedInBefore: true }))
    expect(screen.getByText('Welcome back, Jordan · Sunshine Holdings LLC')).toBeInTheDocument()
  })

  it("shows the client's service, its status, the registered agent's address and the mailbox number", async () => {
    await renderDashboard(figures())
    const service = panel('Your service')
    expect(within(service).getByText('Registered Agent + Mail Forwarding')).toBeInTheDocument()
    expect(within(service).getByText('Active')).toBeInTheDocument()
    expect(within(service).getByText('Sunshine State Registered Agents')).toBeInTheDocument()
    expect(within(service).getByText('100 Biscayne Blvd, Miami, FL 33132')).toBeInTheDocument()
    expect(within(service).getByText('MB-1042')).toBeInTheDocument()
  })

  it('says so when the service is not in force, and when the client has no mailbox', async () => {
    await renderDashboard(
      figures({
        account: {
          service: { name: 'Registered Agent Service', packageName: 'Annual', active: false },
          registeredAgent: { name: null, address: '1 Main St, Tampa, FL 33602' },
          mailboxNumber: null,
        },
      }),
    )
    const service = panel('Your service')
    expect(within(service).getByText('Inactive')).toBeInTheDocument()
    expect(within(service).getByText('1 Main St, Tampa, FL 33602')).toBeInTheDocument()
    expect(within(service).getByText('None')).toBeInTheDocument()
  })

  it('links each recent activity row to what it is about', async () => {
    await renderDashboard(figures())
    const recent = panel('Recent activity')
    const href = (name: string) => within(recent).getByRole('link', { name }).getAttribute('href')
    expect(href('New document received: Tax Notice')).toBe('/client/documents?document=31')
    expect(href('Your request to mail Tax Notice is now Mailed')).toBe('/client/document-progress/5')
    expect(href('Invoice INV-2026-000012 is overdue')).toBe('/client/invoices/12')
    expect(href('Payment received: $49.00 for 2 invoices')).toBe('/client/invoices')
    expect(href('Support replied: Mailbox')).toBe('/client/support/9')
  })

  it('offers Pay as a button (it opens the payment, not a list) only while invoices are due', async () => {
    await renderDashboard(figures())
    const card = screen.getByRole('region', { name: 'Invoices to pay' })
    expect(within(card).getByRole('button', { name: 'Pay' })).toBeInTheDocument()
    expect(within(card).queryByRole('link', { name: 'Pay' })).toBeNull()
    cleanup()
    await renderDashboard(figures({ invoices: { unpaidCount: 0, overdueCount: 0, totalDue: 0, payableIds: [] } }))
    expect(within(screen.getByRole('region', { name: 'Invoices to pay' })).queryByRole('button', { name: 'Pay' })).toBeNull()
  })
})
