import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { ClientDashboardSchema, ProviderDashboardSchema } from '../../contract/dashboard'
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
