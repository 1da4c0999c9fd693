import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import * as v from 'valibot'
import { ClientDashboardSchema, ProviderDashboardSchema } from '../../contract/dashboard'
import { invoices } from '../../server/db/schema'
import { DEMO_COMPANIES, DEMO_PROVIDER_NAME } from '../../server/db/seed'
import { notifyClient } from '../../server/notifications'
import { createTestServer, DEMO_ACCOUNTS, DEMO_PASSWORD, login, type TestServer } from './harness'

/** The dashboards' figures agree with the lists their cards open, and follow the caller's codes. */
let server: TestServer

beforeAll(async () => {
  server = await createTestServer({ seed: true })
})
afterAll(() => server.close())

describe('GET /api/dashboard/client', () => {
  it("counts what the client's lists show: unread documents, unpaid and overdue invoices, open mail requests", async () => {
    const { token, user } = await login(server, DEMO_ACCOUNTS.client, DEMO_PASSWORD)
    const res = await server.request('GET', '/api/dashboard/client', { token })
    expect(res.status).toBe(200)
    const dashboard = v.parse(ClientDashboardSchema, res.json)
    const list = async (path: string) => (await server.request('GET', path, { token })).json

    const unread = await list(`/api/client/documents/${user.clientId}?isRead=false&pageSize=100`)
    expect(dashboard.unreadDocuments.count).toBe(unread.total)
    expect(dashboard.unreadDocuments.count).toBeGreaterThan(0)
    expect(dashboard.unreadDocuments.mostUrgent!.daysLeft).toBe(
      Math.min(...unread.data.filter((d: { status: string }) => d.status === 'active').map((d: { daysLeft: number }) => d.daysLeft)),
    )

    const unpaid = await list(`/api/client/invoices/${user.clientId}?status=2&pageSize=100`)
    const overdue = await list(`/api/client/invoices/${user.clientId}?status=3&pageSize=100`)
    expect(dashboard.invoices.unpaidCount).toBe(unpaid.total)
    expect(dashboard.invoices.overdueCount).toBe(overdue.total)
    const due = [...unpaid.data, ...overdue.data].reduce((sum: number, i: { total: number }) => sum + Math.round(i.total * 100), 0) / 100
    expect(dashboard.invoices.totalDue).toBe(due)

    const requests = await list('/api/client/document-requests?open=true&pageSize=100')
    expect(dashboard.mailRequests.inProgress).toBe(requests.total)
    expect(dashboard.recentActivity.length).toBeGreaterThan(0)
  })

  it('pays with Pay exactly the invoices due: the unpaid and overdue ones, oldest due first', async () => {
    const { token, user } = await login(server, DEMO_ACCOUNTS.client, DEMO_PASSWORD)
    const dashboard = v.parse(ClientDashboardSchema, (await server.request('GET', '/api/dashboard/client', { token })).json)
    const due = (await server.request('GET', `/api/client/invoices/${user.clientId}?status=2,3&sort=dueDate&order=asc&pageSize=100`, { token })).json
    expect(due.total).toBeGreaterThan(0)
    expect(dashboard.invoices.payableIds).toEqual(due.data.map((invoice: { id: number }) => invoice.id))
    expect(dashboard.invoices.payableIds).toHaveLength(dashboard.invoices.unpaidCount + dashboard.invoices.overdueCount)
  })

  it("gives the client's service, the registered agent's address from configuration and the mailbox number", async () => {
    const first = await login(server, DEMO_ACCOUNTS.client, DEMO_PASSWORD)
    const withMailbox = v.parse(ClientDashboardSchema, (await server.request('GET', '/api/dashboard/client', { token: first.token })).json)
    expect(first.user.companyName).toBe(DEMO_COMPANIES.client)
    expect(withMailbox.account).toEqual({
      service: { name: 'Registered Agent + Mail Forwarding', packageName: 'Premium', active: true },
      registeredAgent: { name: DEMO_PROVIDER_NAME, address: server.env.COMPANY_LOCATION },
      mailboxNumber: 'MB-1042',
    })

    const second = await login(server, DEMO_ACCOUNTS.client2, DEMO_PASSWORD)
    const withoutMailbox = v.parse(ClientDashboardSchema, (await server.request('GET', '/api/dashboard/client', { token: second.token })).json)
    expect(withoutMailbox.account.service).toEqual({ name: 'Registered Agent Service', packageName: 'Annual', active: true })
    expect(withoutMailbox.account.mailboxNumber).toBeNull()

    // A client without an address service says so rather than showing another's.
    const bare = await server.factories.client()
    const none = v.parse(ClientDashboardSchema, (await server.request('GET', '/api/dashboard/client', { token: await server.tokenFor(bare.user.id) })).json)
    expect(none.account.service).toBeNull()
    expect(none.account.registeredAgent.address).toBe(server.env.COMPANY_LOCATION)
  })

  it('says "Welcome back" only to a user who has signed in before this session', async () => {
    const password = 'Welcome-test-2026!'
    const { user } = await server.factories.client({}, password)
    const signedInBefore = async (token: string) =>
      v.parse(ClientDashboardSchema, (await server.request('GET', '/api/dashboard/client', { token })).json).signedInBefore

    // Brand new: never signed in; then the first sign-in.
    expect(await signedInBefore(await server.tokenFor(user.id))).toBe(false)
    const firstSession = await login(server, user.email, password)
    expect(await signedInBefore(firstSession.token)).toBe(false)
    // The next sign-in is a return.
    const secondSession = await login(server, user.email, password)
    expect(await signedInBefore(secondSession.token)).toBe(true)
    // The demo clients have signed in before.
    expect(await signedInBefore((await login(server, DEMO_ACCOUNTS.client, DEMO_PASSWORD)).token)).toBe(true)
  })

  it('says what each recent activity row is about: its document, request, invoice or conversation', async () => {
    const { token, user } = await login(server, DEMO_ACCOUNTS.client, DEMO_PASSWORD)
    const [overdue] = await server.db.select().from(invoices).where(eq(invoices.clientId, user.clientId!)).limit(1)
    await notifyClient(server.db, user.clientId!, `Invoice ${overdue.invoiceNumber} is overdue`, { kind: 'invoice' }, server.clock.now())
    const dashboard = v.parse(ClientDashboardSchema, (await server.request('GET', '/api/dashboard/client', { token })).json)

    const invoiceRow = dashboard.recentActivity.find((row) => row.message === `Invoice ${overdue.invoiceNumber} is overdue`)
    expect(invoiceRow).toMatchObject({ kind: 'invoice', invoiceId: overdue.id })

    const documentRow = dashboard.recentActivity.find((row) => row.message.startsWith('New document received'))!
    expect(documentRow.documentId).not.toBeNull()
    // The documents list narrowed to that document (where its link leads) shows it alone.
    const one = (await server.request('GET', `/api/client/documents/${user.clientId}?id=${documentRow.documentId}`, { token })).json
    expect(one.data.map((d: { id: number }) => d.id)).toEqual([documentRow.documentId])

    const requestRow = dashboard.recentActivity.find((row) => row.message.startsWith('Your request to mail'))!
    expect(requestRow.documentRequestId).not.toBeNull()
    expect((await server.request('GET', `/api/document-request/${requestRow.documentRequestId}`, { token })).status).toBe(200)
  })

  it('is for clients: staff get 403', async () => {
    const { token } = await login(server, DEMO_ACCOUNTS.admin, DEMO_PASSWORD)
    expect((await server.request('GET', '/api/dashboard/client', { token })).status).toBe(403)
  })
})

describe('GET /api/dashboard/provider', () => {
  it('gives super admin every card, and a clerk (DCV only) the document cards alone', async () => {
    const admin = await login(server, DEMO_ACCOUNTS.admin, DEMO_PASSWORD)
    const all = v.parse(ProviderDashboardSchema, (await server.request('GET', '/api/dashboard/provider', { token: admin.token })).json)
    expect(all.documentsUploadedToday).toBeGreaterThan(0)
    expect(all.mailRequestsWaiting).not.toBeNull()
    expect(all.unansweredSupport).toBe(0)
    const overdue = (await server.request('GET', '/api/invoices?status=3&pageSize=100', { token: admin.token })).json
    expect(all.overdueInvoices!.count).toBe(overdue.total)

    const clerk = await login(server, DEMO_ACCOUNTS.clerk, DEMO_PASSWORD)
    const some = v.parse(ProviderDashboardSchema, (await server.request('GET', '/api/dashboard/provider', { token: clerk.token })).json)
    expect(some.documentsUploadedToday).toBe(all.documentsUploadedToday)
    expect(some.unansweredSupport).toBeNull()
    expect(some.overdueInvoices).toBeNull()
  })
})
