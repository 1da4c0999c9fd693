import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestServer, type TestServer } from './harness'

/**
 * Bad input across every route that exists when the suite runs (read from app.routes, so new routes are
 * covered without editing this file): malformed JSON, non-JSON bodies, wrong field types, bodies over
 * 1 MB, ids that are not ids or are beyond the database's range (in paths, queries and bodies), NUL and
 * other control characters in every text field, parameter and query, days the calendar does not have in
 * every date filter, and wrong methods. Every answer must be a 4xx with a readable `detail`, never a 500
 * and never a success.
 */
let server: TestServer
let adminToken: string
let clientToken: string
let clientId: number

beforeAll(async () => {
  server = await createTestServer()
  const admin = await server.factories.agent([], { roleId: 1 })
  const client = await server.factories.client()
  adminToken = await server.tokenFor(admin.user.id)
  clientToken = await server.tokenFor(client.user.id)
  clientId = client.client.id
}, 120_000)
afterAll(() => server.close())

/** Routes that take no request body: a bad body is not bad input for them. */
const BODYLESS = new Set([
  'POST /api/auth/logout',
  'POST /api/auth/refresh',
  'POST /api/auth/totp/setup',
  'POST /api/auth/passkeys/registration-options',
  'POST /api/auth/passkey/options',
  'PATCH /api/system-notifications/mark-all-read',
  'POST /api/users/:id/deactivate',
  'POST /api/users/:id/reactivate',
  'POST /api/document/:id{[0-9]+}/acknowledge',
  'POST /api/client/:id{[0-9]+}/calendar-feed',
])

const BAD_IDS = ['abc', '-1', '0', '1e3', '1.5', '99999999999999', '2147483648', '%00', '1%00', '%1B', 'null']
/** Values of a non-id path parameter (a code, a token, a mailbox number) carrying control characters. */
const BAD_TEXT_PARAMS = ['x%00y', '%00', 'a%07b', '%7F']
/** Query strings carrying control characters or ids out of range, sent to every GET route. */
const BAD_QUERIES = ['q=%00', 'q=a%01b', 'q=%1B%5B2J', 'sort=%00', 'clientId=2147483648', 'documentId=2147483648', 'clientId=%00', 'page=99999999999999']

/** Days the calendar does not have (and ones only shaped like days), for every date filter. */
const IMPOSSIBLE_DAYS = ['2026-02-30', '2025-02-29', '2026-13-01', '2026-04-31', '2026-00-10', '2026-06-00', '0000-01-01', '2026-2-3', '20260101']
/** The lists that take dates, with their date filters: each must refuse every impossible day with a 4xx. */
const DATE_FILTERS: Record<string, string[]> = {
  'GET /api/client/documents/:clientId': ['receivedFrom', 'receivedTo'],
  'GET /api/documents': ['receivedFrom', 'receivedTo'],
  'GET /api/client/invoices/:clientId{[0-9]+}': ['invoiceDateFrom', 'invoiceDateTo', 'dueDateFrom', 'dueDateTo', 'paidDateFrom', 'paidDateTo'],
  'GET /api/invoices': ['invoiceDateFrom', 'invoiceDateTo', 'dueDateFrom', 'dueDateTo', 'paidDateFrom', 'paidDateTo'],
}
const DATE_FILTER_NAMES = [...new Set(Object.values(DATE_FILTERS).flat())]

/** Every field name the contracts use, each with a value of the wrong type. */
const WRONG_TYPES = {
  email: 12345,
  password: ['not', 'a', 'string'],
  remember: 'yes',
  token: { nested: true },
  currentPassword: null,
  newPassword: 42,
  invoiceIds: 'INV-1',
  status: 'shipped',
  documentId: 'first',
  clientInformation: 'none',
  userInformation: [],
  serviceSubscriptions: { one: 1 },
  couponId: 'WELCOME10',
  companyName: { name: 'x' },
  carrier: 7,
  trackingNumber: false,
  message: [],
  isRead: 'no',
}
/** Every text field name the contracts use, holding NUL and other control characters, at the top level and nested. */
const TEXT_FIELDS = [
  'email',
  'password',
  'token',
  'companyName',
  'firstName',
  'lastName',
  'phone',
  'address',
  'city',
  'stateProvince',
  'zipcode',
  'leadGeneratedBy',
  'attorneyEmail',
  'carrier',
  'trackingNumber',
  'note',
  'message',
  'recipientName',
  'name',
  'postal_code',
  'address1',
  'field',
  'value',
  'numberToken',
  'cvvToken',
  'currentPassword',
  'newPassword',
]
const withControls = (value: string) => Object.fromEntries(TEXT_FIELDS.map((name) => [name, value]))
const CONTROL_BODIES = ['nul\u0000here', 'esc\u001b[2J', 'bell\u0007', 'del\u007f'].map((value) =>
  JSON.stringify({
    ...withControls(value),
    clientInformation: withControls(value),
    userInformation: withControls(value),
    serviceSubscriptions: [withControls(value)],
    affinipayPaymentDetails: withControls(value),
  }),
)
/** Every id field name the contracts use, above the largest id the database holds. */
const ID_FIELDS = ['businessType', 'countryId', 'country', 'couponId', 'affiliated_id', 'agentId', 'serviceId', 'servicePackageId', 'documentId', 'status']
const TOO_BIG = 2_147_483_648
const bigIds = () => Object.fromEntries(ID_FIELDS.map((name) => [name, TOO_BIG]))
const BIG_ID_BODY = JSON.stringify({
  ...bigIds(),
  documentIds: [TOO_BIG],
  invoiceIds: [String(TOO_BIG)],
  clientInformation: bigIds(),
  serviceSubscriptions: [bigIds()],
})

/** The same, plus a prototype-pollution attempt (a literal __proto__ key in the JSON). */
const WRONG_TYPES_JSON = JSON.stringify(WRONG_TYPES).replace(/}$/, ',"__proto__":{"isSuperAdmin":true}}')

interface Case {
  label: string
  method: string
  path: string
  body?: string
  headers?: Record<string, string>
  /** A route may ignore a query parameter it does not read: any answer but a 5xx is fine. */
  mayIgnore?: boolean
}

function routeList() {
  const seen = new Map<string, { method: string; path: string }>()
  for (const route of server.app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue
    seen.set(`${route.method} ${route.path}`, { method: route.method, path: route.path })
  }
  return [...seen.values()]
}

const PARAM = /:(\w+)(\{[^}]+\})?/g
const isIdParam = (name: string) => /id$/i.test(name)
const fill = (path: string, value: (name: string) => string) => path.replace(PARAM, (_m, name: string) => value(name))

function buildCases(): Case[] {
  const cases: Case[] = []
  const routes = routeList()
  const json = { 'content-type': 'application/json' }

  for (const { method, path } of routes) {
    const key = `${method} ${path}`
    const params = [...path.matchAll(PARAM)].map((m) => m[1])
    const takesBody = ['POST', 'PUT', 'PATCH'].includes(method) && !BODYLESS.has(key)

    // Control characters in text parameters (codes, tokens, mailbox numbers).
    if (params.some((name) => !isIdParam(name))) {
      for (const bad of BAD_TEXT_PARAMS) {
        cases.push({
          label: `text parameter ${bad}`,
          method,
          path: fill(path, (name) => (isIdParam(name) ? String(clientId) : bad)),
          ...(takesBody ? { body: '{}', headers: json } : {}),
        })
      }
    }

    // Control characters and out-of-range ids in query strings.
    if (method === 'GET') {
      const target = fill(path, (name) => (isIdParam(name) ? String(clientId) : 'x'))
      for (const query of BAD_QUERIES) cases.push({ label: `query ${query}`, method, path: `${target}?${query}`, mayIgnore: true })
    }

    // Impossible days: a list that takes dates refuses them; any other GET may ignore them, never 5xx.
    if (method === 'GET') {
      const target = fill(path, (name) => (isIdParam(name) ? String(clientId) : 'x'))
      const filters = DATE_FILTERS[key]
      for (const day of IMPOSSIBLE_DAYS) {
        if (filters) for (const name of filters) cases.push({ label: `date filter ${name}=${day}`, method, path: `${target}?${name}=${day}` })
        else
          cases.push({
            label: `date filters ${day}`,
            method,
            path: `${target}?${DATE_FILTER_NAMES.map((name) => `${name}=${day}`).join('&')}`,
            mayIgnore: true,
          })
      }
    }

    // Ids that are not ids.
    if (params.some(isIdParam)) {
      for (const bad of BAD_IDS) {
        cases.push({
          label: `id ${bad}`,
          method,
          path: fill(path, (name) => (isIdParam(name) ? bad : 'x')),
          ...(takesBody ? { body: '{}', headers: json } : {}),
        })
      }
    }

    // Bad bodies, sent with real-looking ids so the body is what gets judged.
    if (takesBody) {
      const target = fill(path, (name) => (isIdParam(name) ? String(clientId) : 'x'))
      cases.push(
        { label: 'truncated JSON', method, path: target, body: '{"email": "a@b.co", "password": ', headers: json },
        { label: 'not JSON', method, path: target, body: 'email=a@b.co&password=x', headers: { 'content-type': 'text/plain' } },
        { label: 'JSON array', method, path: target, body: '[1, 2, 3]', headers: json },
        { label: 'JSON null', method, path: target, body: 'null', headers: json },
        { label: 'wrong field types', method, path: target, body: WRONG_TYPES_JSON, headers: json },
        { label: 'body over 1 MB', method, path: target, body: JSON.stringify({ email: 'a@b.co', padding: 'x'.repeat(1_100_000) }), headers: json },
        ...CONTROL_BODIES.map((body, i) => ({ label: `control characters in text fields #${i + 1}`, method, path: target, body, headers: json })),
        { label: 'ids above the database range', method, path: target, body: BIG_ID_BODY, headers: json },
      )
    }
  }

  // Wrong methods: every path, asked with a method it does not serve.
  const methodsByPath = new Map<string, Set<string>>()
  for (const { method, path } of routes) methodsByPath.set(path, (methodsByPath.get(path) ?? new Set()).add(method))
  for (const [path, methods] of methodsByPath) {
    const wrong = ['DELETE', 'PUT', 'PATCH', 'POST', 'GET'].find((m) => !methods.has(m))
    if (wrong) cases.push({ label: 'wrong method', method: wrong, path: fill(path, () => '1') })
  }
  return cases
}

describe('malformed requests', () => {
  it('answer 4xx with a readable detail on every route, for an agent and for a client', async () => {
    const cases = buildCases()
    expect(cases.length).toBeGreaterThanOrEqual(50)
    // The lists named as taking dates are still there (a renamed one would silently leave the sweep).
    const routes = new Set(routeList().map((r) => `${r.method} ${r.path}`))
    expect(Object.keys(DATE_FILTERS).filter((key) => !routes.has(key))).toEqual([])
    const failures: string[] = []
    let sent = 0
    for (const token of [adminToken, clientToken]) {
      for (const c of cases) {
        const res = await server.request(c.method, c.path, { token, body: c.body, headers: c.headers })
        sent++
        const refused = res.status >= 400 && res.status < 500 && typeof res.json?.detail === 'string' && res.json.detail.length > 0
        const ok = refused || (c.mayIgnore && res.status < 400)
        if (!ok) failures.push(`${c.method} ${c.path} [${c.label}] -> ${res.status} ${res.text.slice(0, 160)}`)
      }
    }
    expect(failures).toEqual([])
    expect(sent).toBeGreaterThanOrEqual(100)
  }, 180_000)

  it('answers a body over 1 MB with 413', async () => {
    const res = await server.request('POST', '/api/auth/login', {
      body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(1_100_000) }),
      headers: { 'content-type': 'application/json' },
    })
    expect(res.status).toBe(413)
    expect(res.json.detail).toBe('Request too large')
  })

  it('answers malformed JSON with 400 and a wrong field type with 422 naming the field', async () => {
    const malformed = await server.request('POST', '/api/auth/login', { body: '{"email":', headers: { 'content-type': 'application/json' } })
    expect(malformed.status).toBe(400)
    const wrongType = await server.request('POST', '/api/auth/login', { body: { email: 'a@b.co', password: 'x', remember: 'yes' } })
    expect(wrongType.status).toBe(422)
    expect(wrongType.json.issues).toContainEqual({ path: 'remember', message: expect.stringContaining('remember') })
  })
})
