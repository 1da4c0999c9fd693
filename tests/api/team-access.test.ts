import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TeamRole } from '../../contract/team'
import { policyOf } from '../../server/auth/policy'
import { CLIENT_ROLE } from '../../server/db/reference'
import { clientAddresses, clientMemberships, countries, documentRequests, documents, invoices, users } from '../../server/db/schema'
import { createTestServer, DEMO_ACCOUNTS, type TestServer } from './harness'

/**
 * What each person of a company reaches, route by route: every route a client can reach (read from
 * app.routes, so a new one is covered without editing this file, by the area its policy names) and the
 * signed-in routes that open one record of a company's, called by a member, a billing person and
 * another company's owner with company A's ids. A success where the role does not open the area, or
 * anywhere for the other company, is a leak.
 */
let server: TestServer
let companyA: number
const ids = { document: 0, invoice: 0, request: 0, address: 0, owner: 0 }
const tokens = {} as Record<'member' | 'billing' | 'otherOwner', string>

const AREA_ROLES: Record<string, readonly TeamRole[]> = {
  documents: ['owner', 'member'],
  billing: ['owner', 'billing'],
  account: ['owner'],
  shared: ['owner', 'member', 'billing'],
}

/** Signed-in routes (no area in their policy) that open a company's record: the area and how to call them. */
const RECORD_ROUTES: Record<string, { area: string; path: () => string; body?: () => unknown }> = {
  'GET /api/document/:id': { area: 'documents', path: () => `/api/document/${ids.document}` },
  'GET /api/document/:id/alerts': { area: 'documents', path: () => `/api/document/${ids.document}/alerts` },
  'GET /api/document/:id/text': { area: 'documents', path: () => `/api/document/${ids.document}/text` },
  'POST /api/documents/archive': { area: 'documents', path: () => '/api/documents/archive', body: () => ({ documentIds: [ids.document] }) },
  'GET /api/client/document-requests': { area: 'documents', path: () => '/api/client/document-requests' },
  'GET /api/document-request/:id': { area: 'documents', path: () => `/api/document-request/${ids.request}` },
  'GET /api/invoices/:id': { area: 'billing', path: () => `/api/invoices/${ids.invoice}` },
  'GET /api/invoices/:id/pdf': { area: 'billing', path: () => `/api/invoices/${ids.invoice}/pdf` },
  'POST /api/client/invoices/getMultipleInvoices': {
    area: 'billing',
    path: () => '/api/client/invoices/getMultipleInvoices',
    body: () => ({ invoiceIds: [String(ids.invoice)] }),
  },
}

/** A route's path with company A's ids in its parameters. */
function filled(path: string, policy: string): string {
  const recordId = policy.startsWith('client:') ? ids.document : companyA
  return path
    .replace(/^\/api/, '/api')
    .replace(/:addressId(\{[^}]*\})?/, String(ids.address))
    .replace(/:userId(\{[^}]*\})?/, String(ids.owner))
    .replace(/:year(\{[^}]*\})?/, '2027')
    .replace(/:(id|clientId)(\{[^}]*\})?/, String(recordId))
}

async function personOfA(role: TeamRole): Promise<string> {
  const [user] = await server.db
    .insert(users)
    .values({
      email: `${role}@team-access.test`,
      passwordHash: '!',
      firstName: 'Team',
      lastName: role,
      roleId: CLIENT_ROLE.id,
      clientId: companyA,
      passwordChangedAt: new Date('2000-01-01T00:00:00Z'),
    })
    .returning()
  await server.db.insert(clientMemberships).values({ userId: user.id, clientId: companyA, role })
  return server.tokenFor(user.id)
}

beforeAll(async () => {
  server = await createTestServer({ seed: true })
  const [owner] = await server.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.client))
  companyA = owner.clientId!
  ids.owner = owner.id
  ids.document = (await server.db.select().from(documents).where(eq(documents.clientId, companyA)).limit(1))[0].id
  ids.invoice = (await server.db.select().from(invoices).where(eq(invoices.clientId, companyA)).limit(1))[0].id
  ids.request = (await server.db.select().from(documentRequests).where(eq(documentRequests.clientId, companyA)).limit(1))[0].id
  const [us] = await server.db.select().from(countries).where(eq(countries.iso2, 'US'))
  const [address] = await server.db
    .insert(clientAddresses)
    .values({
      clientId: companyA,
      label: 'Office',
      recipientName: 'A',
      address: '1 Main St',
      city: 'Miami',
      stateProvince: 'FL',
      zipcode: '33130',
      countryId: us.id,
    })
    .returning()
  ids.address = address.id
  tokens.member = await personOfA('member')
  tokens.billing = await personOfA('billing')
  const other = await server.factories.client({ companyName: 'Elsewhere LLC' })
  tokens.otherOwner = await server.tokenFor(other.user.id)
}, 120_000)
afterAll(() => server.close())

describe('a company’s people, route by route', () => {
  it('reach only the areas their role opens, and another company reaches nothing of company A', async () => {
    const cells: { route: string; caller: string; area: string; path: string; body?: unknown }[] = []
    const seen = new Set<string>()
    for (const route of server.app.routes) {
      const policy = policyOf(route.handler)
      const key = `${route.method} ${route.path}`
      if (!policy || seen.has(key)) continue
      seen.add(key)
      const record = RECORD_ROUTES[key]
      const area = record?.area ?? /^(?:client|ownClient:[^:]+):([a-z]+)/.exec(policy)?.[1]
      if (!area) continue
      for (const caller of Object.keys(tokens)) {
        cells.push({ route: key, caller, area, path: record ? record.path() : filled(route.path, policy), body: record?.body?.() ?? {} })
      }
    }
    // Every area's routes are in the table, and every record route still exists.
    expect(new Set(cells.map((cell) => cell.area))).toEqual(new Set(Object.keys(AREA_ROLES)))
    for (const key of Object.keys(RECORD_ROUTES)) expect(seen.has(key), key).toBe(true)

    const leaks: string[] = []
    for (const cell of cells) {
      const method = cell.route.split(' ')[0]
      const res = await server.request(method, cell.path, {
        token: tokens[cell.caller as keyof typeof tokens],
        ...(method === 'GET' || method === 'DELETE' ? {} : { body: cell.body }),
      })
      if (res.status >= 500) leaks.push(`${cell.caller} ${cell.route}: ${res.status} ${res.text.slice(0, 120)}`)
      const ownCompanyRoute = cell.route.startsWith('POST /api/client/') && !cell.path.includes(String(companyA))
      const opens =
        cell.caller === 'otherOwner'
          ? // Another company's owner may use the routes about the caller's own company (their dashboard, their payments), never A's records.
            ownCompanyRoute || ['GET /api/dashboard/client', 'POST /api/support/conversations', 'GET /api/client/document-requests'].includes(cell.route)
          : AREA_ROLES[cell.area].includes(cell.caller as TeamRole)
      if (!opens && res.status < 300) leaks.push(`${cell.caller} ${cell.route}: ${res.status}`)
      else if (!opens && ![403, 404].includes(res.status) && res.status < 500)
        leaks.push(`${cell.caller} ${cell.route}: refused with ${res.status}, not 403/404`)
    }
    expect(cells.length).toBeGreaterThan(100)
    expect(leaks).toEqual([])
  }, 120_000)
})
