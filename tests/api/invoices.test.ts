import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUPER_ADMIN_ROLE } from '../../server/db/reference'
import { agents, clients, countries, coupons, invoices, paymentInvoices, payments } from '../../server/db/schema'
import { createInvoice } from '../../server/invoices/create'
import { createTestServer, type TestServer } from './harness'

/** Invoice lists, detail, PDF and the pay dialog's read, against a real database. */

let server: TestServer
const NOW = new Date('2026-03-01T17:00:00Z')
const day = (iso: string) => new Date(`${iso}T17:00:00Z`) // noon in New York

let tokens: { clientA: string; clientB: string; agentNone: string; agentIcv: string; agentIcp: string; admin: string }
let clientA: { id: number; companyName: string }
let clientB: { id: number; companyName: string }
let a: { unpaid: any; paid: any; overdue: any; cents: any }
let b: { unpaid: any }

beforeAll(async () => {
  server = await createTestServer({ now: NOW })
  const { factories, db } = server
  const [us] = await db.select().from(countries).where(eq(countries.iso2, 'US'))
  const A = await factories.client({
    companyName: 'Sunrise Bakery LLC',
    firstName: 'Maria',
    lastName: 'Lopez',
    address: '12 Ocean Dr',
    city: 'Miami',
    stateProvince: 'FL',
    zipcode: '33139',
    countryId: us.id,
  })
  const B = await factories.client({ companyName: 'Gulf Marine Inc', firstName: 'Tom', lastName: 'Reyes' })
  clientA = A.client
  clientB = B.client
  const [coupon] = await db.insert(coupons).values({ code: 'SAVE5', percentOff: 5 }).returning()
  a = {
    unpaid: await createInvoice(db, {
      clientId: A.client.id,
      invoiceDate: day('2026-02-10'),
      dueDate: day('2026-03-12'),
      lines: [
        { description: 'Registered agent service, 1 year', unitAmountCents: 12_500 },
        { description: 'Mail scanning', quantity: 3, unitAmountCents: 1_999 },
      ],
      discountCents: 500,
      couponId: coupon.id,
    }),
    paid: await createInvoice(db, {
      clientId: A.client.id,
      invoiceDate: day('2025-12-01'),
      dueDate: day('2025-12-31'),
      lines: [{ description: 'Mail forwarding', unitAmountCents: 4_900 }],
      status: 1,
      paidDate: day('2025-12-05'),
    }),
    overdue: await createInvoice(db, {
      clientId: A.client.id,
      invoiceDate: day('2026-01-05'),
      dueDate: day('2026-02-04'),
      lines: [{ description: 'Annual report filing', unitAmountCents: 15_000 }],
      status: 3,
    }),
    cents: await createInvoice(db, {
      clientId: A.client.id,
      invoiceDate: day('2026-02-20'),
      dueDate: day('2026-03-22'),
      lines: [
        { description: 'Ten cents', unitAmountCents: 10 },
        { description: 'Twenty cents', unitAmountCents: 20 },
        { description: 'Seventy cents', unitAmountCents: 70 },
      ],
    }),
  }
  const [payment] = await db
    .insert(payments)
    .values({
      clientId: A.client.id,
      amountCents: 4_900,
      gateway: 'sandbox',
      gatewayReference: 'ch_paid_1',
      idempotencyKey: 'fixture-1',
      cardBrand: 'Visa',
      cardLast4: '4242',
      createdAt: day('2025-12-05'),
    })
    .returning()
  await db.insert(paymentInvoices).values({ paymentId: payment.id, invoiceId: a.paid.id, amountCents: 4_900 })
  b = {
    unpaid: await createInvoice(db, {
      clientId: B.client.id,
      invoiceDate: day('2026-02-15'),
      dueDate: day('2026-03-17'),
      lines: [{ description: 'Registered agent service, 1 year', unitAmountCents: 9_900 }],
    }),
  }
  const agentNone = await factories.agent([])
  const agentIcv = await factories.agent(['ICV'])
  const agentIcp = await factories.agent(['ICP'])
  const admin = await factories.agent([], { roleId: SUPER_ADMIN_ROLE.id })
  tokens = {
    clientA: await server.tokenFor(A.user.id),
    clientB: await server.tokenFor(B.user.id),
    agentNone: await server.tokenFor(agentNone.user.id),
    agentIcv: await server.tokenFor(agentIcv.user.id),
    agentIcp: await server.tokenFor(agentIcp.user.id),
    admin: await server.tokenFor(admin.user.id),
  }
})
afterAll(() => server?.close())

const get = (path: string, token?: string) => server.request('GET', path, { token })
const numbers = (res: { json: { data: { invoiceId: string }[] } }) => res.json.data.map((i) => i.invoiceId)

describe('GET /api/client/invoices/status', () => {
  it('answers the map of status code to label for any signed-in user', async () => {
    for (const token of [tokens.clientA, tokens.agentNone]) {
      const res = await get('/api/client/invoices/status', token)
      expect(res.status).toBe(200)
      expect(res.json).toEqual({ '1': 'PAID', '2': 'NEW', '3': 'OVERDUE' })
    }
  })

  it('refuses an anonymous caller', async () => {
    expect((await get('/api/client/invoices/status')).status).toBe(401)
  })
})

describe('GET /api/client/invoices/:clientId', () => {
  it("lists the client's own invoices, newest first, with the first page and total when no paging is asked", async () => {
    const res = await get(`/api/client/invoices/${clientA.id}`, tokens.clientA)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({ total: 4, page: 1, pageSize: 20 })
    expect(numbers(res)).toEqual([a.cents, a.unpaid, a.overdue, a.paid].map((i) => i.invoiceNumber))
    expect(res.json.data[1]).toEqual({
      id: a.unpaid.id,
      invoiceId: a.unpaid.invoiceNumber,
      invoiceDate: '2026-02-10T17:00:00.000Z',
      dueDate: '2026-03-12T17:00:00.000Z',
      paidDate: null,
      total: 179.97,
      status: 2,
      client: {
        id: clientA.id,
        companyName: 'Sunrise Bakery LLC',
        firstName: 'Maria',
        lastName: 'Lopez',
        address: '12 Ocean Dr',
        city: 'Miami',
        stateProvince: 'FL',
        zipcode: '33139',
        country: 'United States',
      },
    })
  })

  it('carries amounts as exact dollars: 0.10 + 0.20 + 0.70 is 1', async () => {
    const res = await get(`/api/client/invoices/${clientA.id}`, tokens.clientA)
    const cents = res.json.data.find((i: { id: number }) => i.id === a.cents.id)
    expect(cents.total).toBe(1)
  })

  it("hides another client's invoices as if they did not exist", async () => {
    const res = await get(`/api/client/invoices/${clientB.id}`, tokens.clientA)
    expect(res.status).toBe(404)
    expect(res.json.detail).toBeTruthy()
  })

  it("shows a client's list to any agent (links and selection are gated by ICV and ICP)", async () => {
    const res = await get(`/api/client/invoices/${clientB.id}`, tokens.agentNone)
    expect(res.status).toBe(200)
    expect(numbers(res)).toEqual([b.unpaid.invoiceNumber])
  })

  it('refuses an anonymous caller', async () => {
    expect((await get(`/api/client/invoices/${clientA.id}`)).status).toBe(401)
  })

  it('filters by status codes', async () => {
    const res = await get(`/api/client/invoices/${clientA.id}?status=2,3`, tokens.clientA)
    expect(res.json.total).toBe(3)
    expect(res.json.data.every((i: { status: number }) => i.status === 2 || i.status === 3)).toBe(true)
    const paid = await get(`/api/client/invoices/${clientA.id}?status=1`, tokens.clientA)
    expect(numbers(paid)).toEqual([a.paid.invoiceNumber])
  })

  it('sorts by any column, both ways, with unpaid invoices last when sorting by paid date', async () => {
    const asc = await get(`/api/client/invoices/${clientA.id}?sort=total&order=asc`, tokens.clientA)
    expect(asc.json.data.map((i: { total: number }) => i.total)).toEqual([1, 49, 150, 179.97])
    const desc = await get(`/api/client/invoices/${clientA.id}?sort=total&order=desc`, tokens.clientA)
    expect(desc.json.data.map((i: { total: number }) => i.total)).toEqual([179.97, 150, 49, 1])
    const byPaid = await get(`/api/client/invoices/${clientA.id}?sort=paidDate&order=desc`, tokens.clientA)
    expect(byPaid.json.data[0].id).toBe(a.paid.id)
    const byDue = await get(`/api/client/invoices/${clientA.id}?sort=dueDate`, tokens.clientA)
    expect(numbers(byDue)).toEqual([a.paid, a.overdue, a.unpaid, a.cents].map((i) => i.invoiceNumber))
    const byNumber = await get(`/api/client/invoices/${clientA.id}?sort=invoiceId&order=desc`, tokens.clientA)
    expect(numbers(byNumber)).toEqual([a.cents, a.overdue, a.paid, a.unpaid].map((i) => i.invoiceNumber))
  })

  it('sorts by invoice number numerically, past six digits too', async () => {
    const { client, user } = await server.factories.client({ companyName: 'Million Invoices LLC' })
    await server.db.execute(sql`select setval(pg_get_serial_sequence('invoices', 'id'), 999998)`)
    const invoice = () =>
      createInvoice(server.db, {
        clientId: client.id,
        invoiceDate: day('2026-02-01'),
        dueDate: day('2026-03-01'),
        lines: [{ description: 'Mail scanning', unitAmountCents: 1_000 }],
      })
    const six = await invoice()
    const seven = await invoice()
    expect([six.invoiceNumber, seven.invoiceNumber]).toEqual(['INV-2026-999999', 'INV-2026-1000000'])
    const token = await server.tokenFor(user.id)
    for (const [order, expected] of [
      ['asc', [six, seven]],
      ['desc', [seven, six]],
    ] as const) {
      const own = await get(`/api/client/invoices/${client.id}?sort=invoiceId&order=${order}`, token)
      expect(numbers(own)).toEqual(expected.map((i) => i.invoiceNumber))
      const all = await get(`/api/invoices?q=Million%20Invoices&sort=invoiceId&order=${order}`, tokens.admin)
      expect(numbers(all)).toEqual(expected.map((i) => i.invoiceNumber))
    }
  })

  it('filters by invoice date range in New York days', async () => {
    const res = await get(`/api/client/invoices/${clientA.id}?invoiceDateFrom=2026-01-01&invoiceDateTo=2026-02-10`, tokens.clientA)
    expect(numbers(res)).toEqual([a.unpaid, a.overdue].map((i) => i.invoiceNumber))
    const due = await get(`/api/client/invoices/${clientA.id}?dueDateTo=2026-02-04`, tokens.clientA)
    expect(numbers(due)).toEqual([a.overdue, a.paid].map((i) => i.invoiceNumber))
    const paid = await get(`/api/client/invoices/${clientA.id}?paidDateFrom=2025-12-05&paidDateTo=2025-12-05`, tokens.clientA)
    expect(numbers(paid)).toEqual([a.paid.invoiceNumber])
  })

  it('searches the invoice number and company name, taking wildcards literally', async () => {
    const byNumber = await get(`/api/client/invoices/${clientA.id}?q=${a.overdue.invoiceNumber.slice(-6)}`, tokens.clientA)
    expect(numbers(byNumber)).toEqual([a.overdue.invoiceNumber])
    const byCompany = await get(`/api/client/invoices/${clientA.id}?q=bakery`, tokens.clientA)
    expect(byCompany.json.total).toBe(4)
    const wildcard = await get(`/api/client/invoices/${clientA.id}?q=${encodeURIComponent('%')}`, tokens.clientA)
    expect(wildcard.status).toBe(200)
    expect(wildcard.json.total).toBe(0)
  })

  it('answers bad paging, sorting and filters with 400 and a readable reason', async () => {
    const cases = [
      ['pageSize=15', 'pageSize'],
      ['page=0', 'page'],
      ['sort=secret', 'sort'],
      ['order=sideways', 'order'],
      ['status=paid', 'status'],
      ['invoiceDateFrom=2026-02-30', 'invoiceDateFrom'],
      ['invoiceDateFrom=yesterday', 'invoiceDateFrom'],
      ['invoiceDateFrom=2026-03-01&invoiceDateTo=2026-02-01', 'date range'],
    ]
    for (const [query, mentioned] of cases) {
      const res = await get(`/api/client/invoices/${clientA.id}?${query}`, tokens.clientA)
      expect(res.status, query).toBe(400)
      expect(res.json.details, query).toContain(mentioned)
    }
  })
})

describe('paging a long list', () => {
  let clientId: number
  let token: string
  beforeAll(async () => {
    const { client, user } = await server.factories.client({ companyName: 'Many Invoices Corp' })
    clientId = client.id
    token = await server.tokenFor(user.id)
    for (let i = 0; i < 25; i++) {
      await createInvoice(server.db, {
        clientId,
        invoiceDate: new Date(Date.UTC(2025, 0, 1 + i, 15)),
        dueDate: new Date(Date.UTC(2025, 1, 1 + i, 15)),
        lines: [{ description: `Item ${i}`, unitAmountCents: 100 + i }],
      })
    }
  })

  it('pages with 20 by default, and 10, 20, 50 or 100 when asked', async () => {
    const first = await get(`/api/client/invoices/${clientId}`, token)
    expect(first.json).toMatchObject({ total: 25, page: 1, pageSize: 20 })
    expect(first.json.data).toHaveLength(20)
    const second = await get(`/api/client/invoices/${clientId}?page=2`, token)
    expect(second.json.data).toHaveLength(5)
    const seen = new Set([...numbers(first), ...numbers(second)])
    expect(seen.size).toBe(25)
    const third = await get(`/api/client/invoices/${clientId}?page=3&pageSize=10`, token)
    expect(third.json).toMatchObject({ total: 25, page: 3, pageSize: 10 })
    expect(third.json.data).toHaveLength(5)
    const beyond = await get(`/api/client/invoices/${clientId}?page=9`, token)
    expect(beyond.json).toMatchObject({ total: 25, data: [] })
  })
})

describe('GET /api/invoices (provider list)', () => {
  it("lists every client's invoices to an agent with ICV, filterable by client and company", async () => {
    const res = await get('/api/invoices?pageSize=100', tokens.agentIcv)
    expect(res.status).toBe(200)
    const ids = res.json.data.map((i: { id: number }) => i.id)
    expect(ids).toEqual(expect.arrayContaining([a.unpaid.id, b.unpaid.id]))
    const oneClient = await get(`/api/invoices?clientId=${clientB.id}`, tokens.agentIcv)
    expect(numbers(oneClient)).toEqual([b.unpaid.invoiceNumber])
    const byCompany = await get('/api/invoices?company=gulf%20marine', tokens.agentIcv)
    expect(numbers(byCompany)).toEqual([b.unpaid.invoiceNumber])
    const sorted = await get('/api/invoices?sort=company&order=asc&pageSize=100', tokens.admin)
    const companies = sorted.json.data.map((i: { client: { companyName: string } }) => i.client.companyName)
    expect(companies).toEqual([...companies].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)))
  })

  it('refuses agents without ICV and clients', async () => {
    expect((await get('/api/invoices', tokens.agentNone)).status).toBe(403)
    expect((await get('/api/invoices', tokens.clientA)).status).toBe(403)
    expect((await get('/api/invoices')).status).toBe(401)
  })
})

describe('GET /api/invoices/:id', () => {
  it('gives the client its invoice with lines, totals, discount, payments and amount due', async () => {
    const res = await get(`/api/invoices/${a.unpaid.id}`, tokens.clientA)
    expect(res.status).toBe(200)
    expect(res.json).toMatchObject({
      id: a.unpaid.id,
      invoiceId: a.unpaid.invoiceNumber,
      status: 2,
      paidDate: null,
      subtotal: 184.97,
      discount: 5,
      couponCode: 'SAVE5',
      total: 179.97,
      amountDue: 179.97,
      payments: [],
      client: { companyName: 'Sunrise Bakery LLC', address: '12 Ocean Dr', zipcode: '33139' },
      issuer: { name: expect.any(String), location: expect.any(String), phone: expect.any(String), email: expect.any(String) },
    })
    expect(res.json.lines).toEqual([
      { id: expect.any(Number), description: 'Registered agent service, 1 year', quantity: 1, unitAmount: 125, amount: 125 },
      { id: expect.any(Number), description: 'Mail scanning', quantity: 3, unitAmount: 19.99, amount: 59.97 },
    ])
  })

  it("names the provider in the issuer: the client's agent, else the first agent", async () => {
    const [first] = await server.db.select().from(agents).orderBy(asc(agents.id)).limit(1)
    const fallback = await get(`/api/invoices/${a.unpaid.id}`, tokens.clientA)
    expect(fallback.json.issuer.name).toBe(first.name)
    const [own] = await server.db.insert(agents).values({ name: 'Biscayne Registered Agents Inc' }).returning()
    await server.db.update(clients).set({ agentId: own.id }).where(eq(clients.id, clientB.id))
    const named = await get(`/api/invoices/${b.unpaid.id}`, tokens.clientB)
    expect(named.json.issuer.name).toBe('Biscayne Registered Agents Inc')
    await server.db.update(clients).set({ agentId: null }).where(eq(clients.id, clientB.id))
  })

  it('lists the payments of a paid invoice and nothing due', async () => {
    const res = await get(`/api/invoices/${a.paid.id}`, tokens.clientA)
    expect(res.json).toMatchObject({ status: 1, amountDue: 0, paidDate: '2025-12-05T17:00:00.000Z' })
    expect(res.json.payments).toEqual([
      { id: expect.any(Number), amount: 49, paidAt: '2025-12-05T17:00:00.000Z', reference: 'ch_paid_1', cardBrand: 'Visa', cardLast4: '4242' },
    ])
  })

  it("answers 404 for another client's invoice and for one that does not exist", async () => {
    expect((await get(`/api/invoices/${b.unpaid.id}`, tokens.clientA)).status).toBe(404)
    expect((await get('/api/invoices/999999', tokens.clientA)).status).toBe(404)
  })

  it('opens for agents with ICV and super admins, and refuses agents without ICV', async () => {
    expect((await get(`/api/invoices/${b.unpaid.id}`, tokens.agentIcv)).status).toBe(200)
    expect((await get(`/api/invoices/${b.unpaid.id}`, tokens.admin)).status).toBe(200)
    const refused = await get(`/api/invoices/${b.unpaid.id}`, tokens.agentNone)
    expect(refused.status).toBe(403)
    expect(refused.json.detail).toMatch(/permission/i)
    expect((await get(`/api/invoices/${b.unpaid.id}`, tokens.agentIcp)).status).toBe(403)
  })

  it('answers a malformed id with 400, never 500', async () => {
    for (const id of ['abc', '0', '-1', '1.5', '99999999999']) {
      const res = await get(`/api/invoices/${id}`, tokens.clientA)
      expect(res.status, id).toBe(400)
      expect(res.json.details, id).toBeTruthy()
    }
  })
})

describe('GET /api/invoices/:id/pdf', () => {
  it('downloads a PDF carrying the invoice number, company and amounts', async () => {
    const res = await server.app.request(`/api/invoices/${a.unpaid.id}/pdf`, { headers: { authorization: `Bearer ${tokens.clientA}` } })
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('application/pdf')
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="invoice-${a.unpaid.invoiceNumber}.pdf"`)
    const bytes = Buffer.from(await res.arrayBuffer())
    expect(Number(res.headers.get('content-length'))).toBe(bytes.length)
    const text = bytes.toString('latin1')
    expect(text.startsWith('%PDF-1.')).toBe(true)
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true)
    expect(text).toContain(`(${a.unpaid.invoiceNumber})`)
    expect(text).toContain('(Sunrise Bakery LLC)')
    expect(text).toContain('($179.97)')
    expect(text).toContain('(Discount \\(SAVE5\\))')
    expect(text).toContain('(10th February, 2026)')

    // The cross-reference table points at each object, so readers open it without repair.
    const xrefAt = Number(/startxref\n(\d+)\n%%EOF/.exec(text)![1])
    expect(text.slice(xrefAt, xrefAt + 4)).toBe('xref')
    const entries = [...text.slice(xrefAt).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]))
    expect(entries.length).toBeGreaterThan(5)
    entries.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`))
  })

  it('runs onto more pages when an invoice has many lines', async () => {
    const long = await createInvoice(server.db, {
      clientId: clientA.id,
      invoiceDate: day('2026-02-25'),
      dueDate: day('2026-03-27'),
      lines: Array.from({ length: 60 }, (_, i) => ({ description: `Forwarded envelope ${i + 1} (Ünïcode “quotes” and ☃)`, unitAmountCents: 250 })),
    })
    const res = await server.app.request(`/api/invoices/${long.id}/pdf`, { headers: { authorization: `Bearer ${tokens.clientA}` } })
    const text = Buffer.from(await res.arrayBuffer()).toString('latin1')
    expect(res.status).toBe(200)
    expect(Number(/\/Count (\d+)/.exec(text)![1])).toBeGreaterThan(1)
    expect(text).toContain('(Page 2 of ')
    expect(text).toContain('($150.00)')
    await server.db.delete(invoices).where(eq(invoices.id, long.id))
  })

  it('follows the same access rules as the detail', async () => {
    expect((await get(`/api/invoices/${b.unpaid.id}/pdf`, tokens.clientA)).status).toBe(404)
    expect((await get(`/api/invoices/${b.unpaid.id}/pdf`, tokens.agentNone)).status).toBe(403)
    expect((await get(`/api/invoices/${b.unpaid.id}/pdf`, tokens.agentIcv)).status).toBe(200)
    expect((await get(`/api/invoices/${b.unpaid.id}/pdf`)).status).toBe(401)
  })
})

describe('POST /api/client/invoices/getMultipleInvoices', () => {
  const post = (body: unknown, token?: string) => server.request('POST', '/api/client/invoices/getMultipleInvoices', { token, body })

  it('gives the client its chosen invoices in the order asked, with the billing address and what is due', async () => {
    const res = await post({ invoiceIds: [String(a.cents.id), String(a.unpaid.id), String(a.paid.id)] }, tokens.clientA)
    expect(res.status).toBe(200)
    expect(res.json.data.map((i: { id: number }) => i.id)).toEqual([a.cents.id, a.unpaid.id, a.paid.id])
    expect(res.json.data[0].client).toMatchObject({ firstName: 'Maria', lastName: 'Lopez', address: '12 Ocean Dr', zipcode: '33139' })
    // 1.00 + 179.97; the paid invoice costs nothing more.
    expect(res.json.totalAmount).toBe(180.97)
  })

  it("answers 404 when any invoice is another client's or missing", async () => {
    expect((await post({ invoiceIds: [String(a.unpaid.id), String(b.unpaid.id)] }, tokens.clientA)).status).toBe(404)
    expect((await post({ invoiceIds: ['999999'] }, tokens.clientA)).status).toBe(404)
  })

  it('lets agents with ICP read any client’s invoices, and refuses agents without it', async () => {
    expect((await post({ invoiceIds: [String(b.unpaid.id)] }, tokens.agentIcp)).status).toBe(200)
    expect((await post({ invoiceIds: [String(b.unpaid.id)] }, tokens.agentIcv)).status).toBe(403)
    expect((await post({ invoiceIds: [String(b.unpaid.id)] })).status).toBe(401)
  })

  it('validates the ids: strings of positive whole numbers, 1 to 50, no repeats', async () => {
    const bad: unknown[] = [
      {},
      { invoiceIds: [] },
      { invoiceIds: [a.unpaid.id] },
      { invoiceIds: ['0'] },
      { invoiceIds: ['abc'] },
      { invoiceIds: ['1.5'] },
      { invoiceIds: ['-3'] },
      { invoiceIds: [String(a.unpaid.id), String(a.unpaid.id)] },
      { invoiceIds: Array.from({ length: 51 }, (_, i) => String(i + 1)) },
    ]
    for (const body of bad) {
      const res = await post(body, tokens.clientA)
      expect(res.status, JSON.stringify(body)).toBe(422)
      expect(res.json.details, JSON.stringify(body)).toMatch(/invoiceIds/)
    }
  })
})
