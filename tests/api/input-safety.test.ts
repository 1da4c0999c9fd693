import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { businessEntityTypes, countries, idempotencyRecords, servicePackages, services } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'
import { sandboxCardToken } from './sandbox-card'

/**
 * Text no field may carry (U+0000 and the other C0 controls) and ids no column can hold (above
 * 2,147,483,647) are refused with a 4xx naming the field, before anything is charged or written.
 */
let server: TestServer
let client: { id: number; token: string }
let agentToken: string
let ids: { us: number; llc: number; service: number; pkg: number; amount: number }
const TOO_BIG = 2_147_483_648

beforeAll(async () => {
  server = await createTestServer()
  const made = await server.factories.client()
  client = { id: made.client.id, token: await server.tokenFor(made.user.id) }
  agentToken = await server.tokenFor((await server.factories.agent([], { roleId: 1 })).user.id)
  const [us] = await server.db.select().from(countries).where(eq(countries.iso2, 'US'))
  const [llc] = await server.db.select().from(businessEntityTypes).limit(1)
  const [service] = await server.db.insert(services).values({ name: 'Miami mailbox', kind: 'address', active: true }).returning()
  const [pkg] = await server.db.insert(servicePackages).values({ serviceId: service.id, name: 'Yearly', amountCents: 19_900 }).returning()
  ids = { us: us.id, llc: llc.id, service: service.id, pkg: pkg.id, amount: 199 }
})
afterAll(() => server.close())

const CLIENT_TEXT_FIELDS = ['companyName', 'firstName', 'lastName', 'address', 'city', 'stateProvince', 'zipcode', 'leadGeneratedBy'] as const

async function signup(clientInformation: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) {
  return {
    clientInformation: {
      companyName: 'Pelican Point LLC',
      businessType: ids.llc,
      firstName: 'Ivy',
      lastName: 'Moss',
      phone: '+1 305 555 0133',
      countryId: ids.us,
      address: '9 Dock St',
      city: 'Tampa',
      stateProvince: 'FL',
      zipcode: '33602',
      leadGeneratedBy: 'Friend',
      ...clientInformation,
    },
    userInformation: { email: `ivy.${randomUUID().slice(0, 8)}@example.test`, password: 'Pelicans-over-the-bay' },
    serviceSubscriptions: [{ active: true, serviceId: ids.service, servicePackageId: ids.pkg, servicePackageAmount: ids.amount }],
    affinipayPaymentDetails: { token: await sandboxCardToken(server) },
    couponId: 0,
    ...extra,
  }
}

const tokenState = async (token: string) =>
  (
    await server.db
      .select()
      .from(idempotencyRecords)
      .where(eq(idempotencyRecords.key, `sandbox-token:${token}`))
  )[0]?.state

/** The answer is a 4xx whose issues name `path`. */
function expectRefused(res: { status: number; json: any; text: string }, path: string, status = 422) {
  expect(res.status, res.text.slice(0, 300)).toBe(status)
  expect(res.json.issues.map((i: { path: string }) => i.path)).toContain(path)
}

describe('control characters', () => {
  it('are refused in every sign-up text field before the card is charged', async () => {
    for (const field of CLIENT_TEXT_FIELDS) {
      for (const bad of ['Pelican\u0000Point', 'Pelican\u001bPoint']) {
        const body = await signup({ [field]: bad })
        const res = await server.request('POST', '/api/client', { body, headers: { 'idempotency-key': randomUUID() } })
        expectRefused(res, `clientInformation.${field}`)
        expect(await tokenState(body.affinipayPaymentDetails.token)).toBe('unused')
      }
    }
    const res = await server.request('POST', '/api/client', {
      body: await signup({}, { couponId: 0, userInformation: { email: 'a\u0000@example.test', password: 'Pelicans-over-the-bay' } }),
    })
    expectRefused(res, 'userInformation.email')
  })

  it('refuses a line break in a one-line field but keeps it in a multi-line note', async () => {
    const body = await signup({ companyName: 'Pelican\nPoint' })
    const res = await server.request('POST', '/api/client', { body })
    expectRefused(res, 'clientInformation.companyName')
    const note = await server.request('PATCH', '/api/document-request/1/status', {
      token: agentToken,
      body: { status: 2, note: 'Line one\nLine two\twith a tab' },
    })
    // Valid input: judged on the request itself (which does not exist), not refused as control characters.
    expect(note.status).toBe(404)
  })

  it('are refused in the profile edit, document requests, status changes and the sandbox card token', async () => {
    const profile = {
      companyName: 'Pelican Point LLC',
      businessType: ids.llc,
      notifyAttorney: false,
      attorneyEmail: null,
      changeAgent: false,
      useAgentAddress: false,
      firstName: 'Ivy',
      lastName: 'Moss',
      phone: '+1 305 555 0133',
      country: ids.us,
      address: '9 Dock St',
      city: 'Tam\u0000pa',
      stateProvince: 'FL',
      zipcode: '33602',
    }
    expectRefused(await server.request('PUT', `/api/client/${client.id}`, { token: client.token, body: profile }), 'city')
    expectRefused(
      await server.request('POST', '/api/client/document-request', { token: client.token, body: { documentIds: [1], address: '1 Main\u0000St' } }),
      'address',
    )
    for (const field of ['note', 'carrier', 'trackingNumber']) {
      const res = await server.request('PATCH', '/api/document-request/1/status', {
        token: agentToken,
        body: { status: 3, carrier: 'USPS', trackingNumber: '1Z', [field]: 'x\u0000y' },
      })
      expectRefused(res, field)
    }
    const parts = await Promise.all(
      (['number', 'cvv'] as const).map((field) =>
        server.request('POST', '/api/payments/sandbox/tokens', { body: { field, value: field === 'number' ? '4242424242424242' : '123' } }),
      ),
    )
    const token = await server.request('POST', '/api/payments/sandbox/payment-tokens', {
      body: { numberToken: parts[0].json.id, cvvToken: parts[1].json.id, exp_month: 12, exp_year: 2040, name: 'Ivy\u0000Moss' },
    })
    expectRefused(token, 'name')
  })

  it('are refused in query strings (?q=%00) and path parameters with 400', async () => {
    for (const path of [
      '/api/client',
      '/api/documents',
      '/api/invoices',
      '/api/client/document-requests',
      `/api/client/documents/${client.id}`,
      `/api/client/invoices/${client.id}`,
    ]) {
      expectRefused(await server.request('GET', `${path}?q=%00`, { token: agentToken }), 'q', 400)
      expectRefused(await server.request('GET', `${path}?q=a%07b`, { token: agentToken }), 'q', 400)
    }
    expectRefused(await server.request('GET', `/api/client/invoices/${client.id}?q=%00`, { token: client.token }), 'q', 400)
    expectRefused(await server.request('GET', '/api/coupon/verify/WELCOME%00'), 'code', 400)
  })

  it('are refused in the text fields of a document upload', async () => {
    const form = new FormData()
    form.set('documentTypeId', '1')
    form.set('jurisdiction', '1')
    form.set('dateReceived', '2026-01-02\u0000')
    form.set('file', new Blob(['%PDF-1.4\n%%EOF\n'], { type: 'application/pdf' }), 'scan.pdf')
    expectRefused(await server.request('POST', `/api/document/client/${client.id}`, { token: agentToken, body: form }), 'dateReceived')
  })
})

describe('ids above the database range in bodies', () => {
  it('are refused with 422 naming the field in sign-up, profile edit, add-on purchase and document requests', async () => {
    for (const [field, value] of [
      ['countryId', TOO_BIG],
      ['businessType', TOO_BIG],
      ['affiliated_id', TOO_BIG],
    ] as const) {
      const body = await signup({ [field]: value })
      expectRefused(await server.request('POST', '/api/client', { body }), `clientInformation.${field}`)
      expect(await tokenState(body.affinipayPaymentDetails.token)).toBe('unused')
    }
    expectRefused(await server.request('POST', '/api/client', { body: await signup({}, { couponId: TOO_BIG }) }), 'couponId')
    const bigService = await signup({}, { serviceSubscriptions: [{ active: true, serviceId: TOO_BIG, servicePackageId: ids.pkg }] })
    expectRefused(await server.request('POST', '/api/client', { body: bigService }), 'serviceSubscriptions.0.serviceId')

    const res = await server.request('PUT', `/api/client/${client.id}`, {
      token: client.token,
      body: {
        companyName: 'P',
        businessType: TOO_BIG,
        notifyAttorney: false,
        changeAgent: false,
        useAgentAddress: false,
        firstName: 'I',
        lastName: 'M',
        phone: '+1 305 555 0133',
        country: TOO_BIG,
        address: 'a',
        city: 'c',
        stateProvince: 'FL',
        zipcode: '1',
      },
    })
    expectRefused(res, 'country')
    expectRefused(res, 'businessType')

    const subscribe = await server.request('POST', '/api/client/services/packages/subscribe', {
      token: client.token,
      body: { serviceSubscriptions: [{ serviceId: ids.service, servicePackageId: TOO_BIG }], affinipayPaymentDetails: { token: 'sbx_tok_x' } },
    })
    expectRefused(subscribe, 'serviceSubscriptions.0.servicePackageId')

    const request = await server.request('POST', '/api/client/document-request', { token: client.token, body: { documentIds: [TOO_BIG], countryId: TOO_BIG } })
    expectRefused(request, 'documentIds.0')
    expectRefused(request, 'countryId')
  })
})

describe('error answers', () => {
  it('do not echo a huge bad value back', async () => {
    const huge = 'z'.repeat(900_000)
    const res = await server.request('POST', '/api/payments/sandbox/tokens', { body: { field: huge, value: '1' } })
    expect(res.status).toBe(422)
    expect(res.text.length).toBeLessThan(2_000)
    const many = await server.request('POST', '/api/client/document-request', {
      token: client.token,
      body: { documentIds: Array.from({ length: 5_000 }, () => huge.slice(0, 100)) },
    })
    expect(many.status).toBe(422)
    expect(many.text.length).toBeLessThan(10_000)
  })
})
