import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import postgres from 'postgres'
import { afterAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../server/db/client'
import { hashPassword } from '../../server/auth/passwords'
import { CLIENT_ROLE, ensureReferenceData, SUPER_ADMIN_ROLE } from '../../server/db/reference'
import {
  businessEntityTypes,
  clientMemberships,
  clients,
  countries,
  invoices,
  paymentIntents,
  paymentInvoices,
  paymentMethods,
  payments,
  sandboxCharges,
  sandboxStoredCards,
  servicePackages,
  services,
  users,
} from '../../server/db/schema'
import { createInvoice } from '../../server/invoices/create'
import { TEST_CARDS } from './sandbox-card'
import { startServerProcess, type ServerProcess } from './server-process'

/**
 * The money books survive a crash. A real server process (on PostgreSQL when DATABASE_URL is set, else
 * on embedded PGlite) takes 20 invoice payments and 10 sign-ups at once and is killed with SIGKILL after
 * the k-th card charge; it is started again, and half of the requests whose answer was lost are sent
 * again by their clients with the same Idempotency-Key. Then, as soon as the reconciliation has done its
 * work: the cents charged in the gateway's books equal the cents recorded as payments, every charge is
 * a payment (or voided), no invoice is paid twice, no sign-up is charged without an account, and no
 * payment is left pending with a charge. Each kill point runs in a database of its own.
 */
const DATABASE_URL = process.env.DATABASE_URL
const PAYERS = 20
const SIGNUPS = 10
const KILL_AFTER_CHARGES = [1, 9, 20]
const PASSWORD = 'Crash-test-payer-2026'
const ADMIN_EMAIL = 'books@example.test'
/** The reconciliation needs a lease (45 s) and a tick (15 s) after the restart; this is the longest wait. */
const SETTLE_TIMEOUT_MS = 150_000

const cleanups: (() => Promise<void>)[] = []
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
})

interface Scenario {
  env: Record<string, string>
  open: () => Promise<Database>
}

async function newScenario(): Promise<Scenario> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-crash-'))
  cleanups.push(async () => rmSync(dataDir, { recursive: true, force: true }))
  let databaseUrl: string | undefined
  if (DATABASE_URL) {
    const name = `t_crash_${randomBytes(5).toString('hex')}`
    const admin = postgres(DATABASE_URL, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database "${name}"`)
    await admin.end()
    const url = new URL(DATABASE_URL)
    url.pathname = `/${name}`
    databaseUrl = url.toString()
    cleanups.push(async () => {
      const drop = postgres(DATABASE_URL, { max: 1, onnotice: () => {} })
      await drop.unsafe(`drop database if exists "${name}" with (force)`)
      await drop.end()
    })
  }
  const env: Record<string, string> = {
    NODE_ENV: 'production',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
    PUBLIC_URL: 'http://127.0.0.1',
    SEED_DEMO: 'false',
    // Each simulated customer comes from its own address, as real ones do.
    TRUST_PROXY: 'true',
    LOG_LEVEL: 'info',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  }
  return { env, open: () => openDatabase({ databaseUrl, dataDir }) }
}

interface Prepared {
  payers: { email: string; invoiceIds: number[] }[]
  countryId: number
  businessType: number
}

/** An address service to sign up for, a super admin, and PAYERS clients with two unpaid invoices each; before any server runs. */
async function prepare(scenario: Scenario): Promise<Prepared> {
  const database = await scenario.open()
  const { db } = database
  await ensureReferenceData(db)
  const [service] = await db.insert(services).values({ name: 'Registered Agent', description: 'Florida registered agent', kind: 'address' }).returning()
  await db.insert(servicePackages).values({ serviceId: service.id, name: 'Yearly', description: 'One year', amountCents: 14_900 })
  const passwordHash = await hashPassword(PASSWORD)
  await db.insert(users).values({ email: ADMIN_EMAIL, passwordHash, roleId: SUPER_ADMIN_ROLE.id })
  const payers: Prepared['payers'] = []
  for (let i = 0; i < PAYERS; i++) {
    const [client] = await db
      .insert(clients)
      .values({ firstName: 'Ada', lastName: 'Payer', companyName: `Payer ${i} LLC`, phone: '+13055550100' })
      .returning()
    const [user] = await db
      .insert(users)
      .values({ email: `payer.${i}@example.test`, passwordHash, roleId: CLIENT_ROLE.id, clientId: client.id })
      .returning()
    await db.insert(clientMemberships).values({ userId: user.id, clientId: client.id, role: 'owner' })
    const invoiceIds: number[] = []
    for (const cents of [4_900 + i, 12_000 + i]) {
      const invoice = await createInvoice(db, {
        clientId: client.id,
        invoiceDate: new Date(),
        dueDate: new Date(Date.now() + 30 * 86_400_000),
        lines: [{ description: 'Registered agent service', unitAmountCents: cents }],
      })
      invoiceIds.push(invoice.id)
    }
    payers.push({ email: user.email, invoiceIds })
  }
  const [us] = await db.select().from(countries).where(eq(countries.iso2, 'US'))
  const [type] = await db.select().from(businessEntityTypes).limit(1)
  await database.close()
  return { payers, countryId: us.id, businessType: type.id }
}

/** A customer's HTTP calls from its own address. */
function customer(base: () => string, address: string) {
  return async (method: string, route: string, body?: unknown, headers: Record<string, string> = {}) => {
    const res = await fetch(base() + route, {
      method,
      headers: { 'x-forwarded-for': address, origin: 'http://127.0.0.1', ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const text = await res.text()
    let json: any = null
    try {
      json = JSON.parse(text)
    } catch {
      // not JSON
    }
    return { status: res.status, json, text }
  }
}

type Call = ReturnType<typeof customer>

async function cardToken(call: Call, number: string = TEST_CARDS.success): Promise<string> {
  const frame = { origin: 'null' }
  const numberPart = await call('POST', '/api/payments/sandbox/tokens', { field: 'number', value: number }, frame)
  const cvvPart = await call('POST', '/api/payments/sandbox/tokens', { field: 'cvv', value: '123' }, frame)
  const token = await call('POST', '/api/payments/sandbox/payment-tokens', {
    numberToken: numberPart.json.id,
    cvvToken: cvvPart.json.id,
    exp_month: 12,
    exp_year: new Date().getUTCFullYear() + 3,
  })
  if (token.status !== 201) throw new Error(`no card token: ${numberPart.text} ${cvvPart.text} ${token.text}`)
  return token.json.id
}

interface Request {
  call: Call
  route: string
  body: unknown
  headers: Record<string, string>
}

/** Sends a request; a dropped connection (the server was killed) answers null. */
const send = (request: Request) => request.call('POST', request.route, request.body, request.headers).catch(() => null)

async function waitFor(condition: () => Promise<boolean>, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    if (await condition()) return
    if (Date.now() > deadline) throw new Error('condition not met in time')
    await new Promise((resolve) => setTimeout(resolve, 500))
  }
}

async function runScenario(killAfterCharges: number) {
  const scenario = await newScenario()
  const prepared = await prepare(scenario)
  let server: ServerProcess = await startServerProcess(scenario.env)
  cleanups.push(() => server.stop().then(() => {}))
  const base = () => server.url
  const address = (await customer(base, '10.9.0.1')('GET', '/api/services?kind=address')).json[0]

  const pkg = address.servicesPackages[0]
  const payingRequests = prepared.payers.map(async (payer, i): Promise<Request> => {
    const call = customer(base, `10.1.${i}.1`)
    const signIn = await call('POST', '/api/auth/login', { email: payer.email, password: PASSWORD })
    if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.text}`)
    return {
      call,
      route: '/api/client/invoices/pay',
      // Every other payer keeps the card on file: saved by whoever records the payment, the request or the reconciliation.
      body: { invoiceIds: payer.invoiceIds.map(String), token: await cardToken(call), ...(i % 2 === 0 ? { saveCard: true } : {}) },
      headers: { authorization: `Bearer ${signIn.json.token}`, 'idempotency-key': randomUUID() },
    }
  })
  const signUps = Array.from({ length: SIGNUPS }, async (_, i): Promise<Request> => {
    const call = customer(base, `10.2.${i}.1`)
    return {
      call,
      route: '/api/client',
      body: {
        clientInformation: {
          companyName: `Crash Test ${i} ${randomUUID().slice(0, 6)} LLC`,
          businessType: prepared.businessType,
          firstName: 'Rosa',
          lastName: 'Vega',
          phone: '+1 305 555 0123',
          countryId: prepared.countryId,
          address: '1 Brickell Ave',
          city: 'Miami',
          stateProvince: 'FL',
          zipcode: '33131',
        },
        userInformation: { email: `rosa.${i}.${randomUUID().slice(0, 6)}@example.test`, password: 'Crash-test-signup-2026' },
        serviceSubscriptions: [{ active: true, serviceId: address.id, servicePackageId: pkg.id, servicePackageAmount: pkg.amount }],
        affinipayPaymentDetails: { token: await cardToken(call, i % 4 === 3 ? TEST_CARDS.declined : TEST_CARDS.success) },
        couponId: 0,
      },
      headers: { 'idempotency-key': randomUUID() },
    }
  })
  const requests = await Promise.all([...payingRequests, ...signUps])

  // Everything at once; the server dies right after its k-th charge.
  const charges = () => server.logs.filter((line) => line.msg === 'sandbox charge').length
  const answers = requests.map(send)
  await waitFor(async () => charges() >= killAfterCharges, 60_000)
  await server.kill()
  const first = await Promise.all(answers)
  for (const answer of first) if (answer) expect(answer.status, answer.text).toBeLessThan(500)

  server = await startServerProcess(scenario.env)
  // Half of the customers whose answer was lost send the same request again, as the page tells them to
  // while the payment is still in progress (409), until they get its outcome.
  const lost = requests.filter((_, i) => first[i] === null)
  expect(lost.length).toBeGreaterThan(0)
  const retried = await Promise.all(
    lost
      .filter((_, i) => i % 2 === 0)
      .map(async (request) => {
        let answer = await send(request)
        await waitFor(async () => {
          if (answer && !(answer.status === 409 && /in progress|being processed/.test(answer.json?.detail ?? ''))) return true
          answer = await send(request)
          return false
        }, SETTLE_TIMEOUT_MS)
        return answer
      }),
  )
  for (const answer of retried) expect([200, 201, 402, 409].includes(answer!.status), answer!.text).toBe(true)

  // The staff's view: the gateway's books against the paid invoices, until every charge is recorded.
  const admin = customer(base, '10.9.0.2')
  const staffSignIn = await admin('POST', '/api/auth/login', { email: ADMIN_EMAIL, password: PASSWORD })
  const staff = { authorization: `Bearer ${staffSignIn.json.token}` }
  const charged = async () => {
    const ledger = await admin('GET', '/api/payments/sandbox/ledger?pageSize=1000', undefined, staff)
    return ledger.json.data
      .filter((row: { status: string }) => row.status === 'succeeded')
      .reduce((sum: number, row: { amount: number }) => sum + Math.round(row.amount * 100), 0)
  }
  const recorded = async () => {
    let cents = 0
    for (let page = 1; ; page++) {
      const paid = await admin('GET', `/api/invoices?status=1&pageSize=100&page=${page}`, undefined, staff)
      cents += paid.json.data.reduce((sum: number, row: { total: number }) => sum + Math.round(row.total * 100), 0)
      if (paid.json.data.length < 100) return cents
    }
  }
  await waitFor(async () => (await charged()) === (await recorded()), SETTLE_TIMEOUT_MS)
  await server.stop()

  // The books, read directly.
  const database = await scenario.open()
  const { db } = database
  const intents = await db.select().from(paymentIntents)
  const books = await db.select().from(sandboxCharges)
  const recordedPayments = await db
    .select()
    .from(payments)
    .where(sql`${payments.idempotencyKey} in (select ${paymentIntents.chargeKey} from ${paymentIntents})`)
  const succeeded = books.filter((row) => row.status === 'succeeded')
  expect(succeeded.length).toBeGreaterThan(0)
  expect(succeeded.reduce((sum, row) => sum + row.amountCents, 0)).toBe(recordedPayments.reduce((sum, row) => sum + row.amountCents, 0))
  // Every charge that stands is exactly one payment, and every payment is a charge that stands.
  expect(succeeded.map((row) => row.idempotencyKey).sort()).toEqual(recordedPayments.map((row) => row.idempotencyKey).sort())
  for (const row of succeeded) expect(recordedPayments.find((payment) => payment.idempotencyKey === row.idempotencyKey)?.gatewayReference).toBe(row.reference)
  // No payment is left unsettled when its charge stands, nor is any charge left pending.
  for (const intent of intents.filter((row) => row.state === 'pending')) {
    expect(
      books.find((row) => row.idempotencyKey === intent.chargeKey && row.status === 'succeeded'),
      `intent ${intent.id} pending with a charge`,
    ).toBeUndefined()
  }
  // No invoice paid twice.
  const perInvoice = await db
    .select({ invoiceId: paymentInvoices.invoiceId, n: sql<number>`count(*)::int` })
    .from(paymentInvoices)
    .groupBy(paymentInvoices.invoiceId)
  expect(perInvoice.filter((row) => row.n > 1)).toEqual([])
  const paidInvoices = await db.select({ id: invoices.id }).from(invoices).where(eq(invoices.status, 1))
  const ours = new Set(prepared.payers.flatMap((payer) => payer.invoiceIds))
  const paidOurs = paidInvoices.filter((row) => ours.has(row.id)).length
  expect(paidOurs).toBe(perInvoice.filter((row) => ours.has(row.invoiceId)).length)
  // A card is saved for every paid payment that asked, and only for those: the sandbox's card of that charge.
  const methods = await db.select().from(paymentMethods)
  const storedCards = await db.select().from(sandboxStoredCards)
  const paidInvoiceIntents = intents.filter((row) => row.purpose === 'invoices' && row.state === 'paid')
  for (const intent of paidInvoiceIntents) {
    const card = storedCards.find((row) => row.chargeKey === intent.chargeKey)
    const saved = methods.filter((row) => row.clientId === intent.clientId)
    if (intent.order.saveCard === true) {
      expect(card, `stored card of intent ${intent.id}`).toBeDefined()
      expect(saved.map((row) => row.gatewayToken)).toEqual([card!.token])
    } else {
      expect(saved, `no card saved for intent ${intent.id}`).toEqual([])
    }
  }
  expect(methods.length).toBe(paidInvoiceIntents.filter((intent) => intent.order.saveCard === true).length)
  // Every sign-up charged has its account.
  for (const intent of intents.filter((row) => row.purpose === 'registration' && row.state === 'paid')) {
    const [user] = await db
      .select()
      .from(users)
      .where(eq(users.email, String(intent.order.email)))
    expect(user, `account for ${String(intent.order.email)}`).toBeDefined()
  }
  await database.close()
  return { lost: lost.length, charges: succeeded.length }
}

describe(`payments and sign-ups killed mid-flight (${DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () => {
  for (const killAfter of KILL_AFTER_CHARGES) {
    it(`record every charge and charge nothing twice when the server dies after charge ${killAfter}`, () => runScenario(killAfter), 600_000)
  }
})
