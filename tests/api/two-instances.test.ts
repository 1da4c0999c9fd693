import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobs } from '../../server/jobs'
import { SIGN_IN_LIMITS } from '../../server/auth/rate-limit'
import { CALLER_TTL_MS } from '../../server/auth/caller-cache'
import { REFRESH_GRACE_MS } from '../../server/auth/session'
import { startS3Server, type TestS3Server } from './s3-server'
import { startServerProcess, type LogLine, type ServerProcess } from './server-process'

/**
 * Two real server processes on one PostgreSQL database, with the same JWT_SECRET and the same S3
 * store, behave as one portal: whichever instance a request lands on gives the same answer. Needs
 * PostgreSQL (DATABASE_URL): a fresh database is created on its server and dropped afterwards.
 */
const DATABASE_URL = process.env.DATABASE_URL
const PASSWORD = 'Demo-pass-2026!'

describe.skipIf(!DATABASE_URL)('two instances on one database and one store', () => {
  let s3: TestS3Server
  let a: ServerProcess
  let b: ServerProcess
  let sql: postgres.Sql
  let databaseName: string
  const dirs: string[] = []

  beforeAll(async () => {
    s3 = await startS3Server()
    databaseName = `t_two_${randomBytes(5).toString('hex')}`
    const admin = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} })
    await admin.unsafe(`create database "${databaseName}"`)
    await admin.end()
    const url = new URL(DATABASE_URL!)
    url.pathname = `/${databaseName}`
    sql = postgres(url.toString(), { max: 2, onnotice: () => {} })
    const shared = {
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      JWT_SECRET: randomBytes(32).toString('hex'),
      TOTP_ENCRYPTION_KEY: randomBytes(32).toString('hex'),
      PUBLIC_URL: 'http://127.0.0.1',
      ...s3.env,
    }
    const dataDir = () => {
      const dir = mkdtempSync(path.join(tmpdir(), 'portal-instance-'))
      dirs.push(dir)
      return dir
    }
    // The first creates the schema and the demo data; the second finds both in place.
    a = await startServerProcess({ ...shared, DATA_DIR: dataDir(), SEED_DEMO: 'true' })
    b = await startServerProcess({ ...shared, DATA_DIR: dataDir(), SEED_DEMO: 'true' })
  })

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()])
    await sql?.end()
    if (databaseName) {
      const admin = postgres(DATABASE_URL!, { max: 1, onnotice: () => {} })
      await admin.unsafe(`drop database if exists "${databaseName}" with (force)`)
      await admin.end()
    }
    await s3?.close()
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
  })

  async function call(server: ServerProcess, method: string, url: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers }
    if (init.token) headers.authorization = `Bearer ${init.token}`
    let body: BodyInit | undefined
    if (init.body instanceof FormData) body = init.body
    else if (init.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = JSON.stringify(init.body)
    }
    const res = await fetch(`${server.url}${url}`, { method, headers, body })
    const bytes = Buffer.from(await res.arrayBuffer())
    let json: any
    try {
      json = JSON.parse(bytes.toString())
    } catch {
      json = undefined
    }
    return { status: res.status, headers: res.headers, json, bytes }
  }

  async function signIn(server: ServerProcess, email: string, password = PASSWORD) {
    const res = await call(server, 'POST', '/api/auth/login', { body: { email, password, remember: true } })
    expect(res.status, JSON.stringify(res.json)).toBe(200)
    return { token: res.json.token as string, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0] }
  }

  const refresh = (server: ServerProcess, cookie: string) => call(server, 'POST', '/api/auth/refresh', { headers: { cookie } })

  it('both report the database and the shared store in /api/health', async () => {
    for (const server of [a, b]) {
      const health = await call(server, 'GET', '/api/health')
      expect(health.json).toEqual({ status: 'ok', database: 'ok', documents: 'ok', store: 's3' })
    }
  })

  it('a session started on one works on the other', async () => {
    const { token } = await signIn(a, 'client@demo.test')
    const onB = await call(b, 'GET', '/api/permissions', { token })
    expect(onB.status).toBe(200)
    // A has just served this token too, so it caches the caller for a few seconds...
    expect((await call(a, 'GET', '/api/permissions', { token })).status).toBe(200)
    const out = await call(b, 'POST', '/api/auth/logout', { token, body: {} })
    expect(out.status).toBe(204)
    expect((await call(b, 'GET', '/api/permissions', { token })).status).toBe(401)
    // ...until the database tells it of the log out on B: the token is refused on A too, long before that time is up.
    await expect.poll(async () => (await call(a, 'GET', '/api/permissions', { token })).status, { timeout: CALLER_TTL_MS / 2, interval: 20 }).toBe(401)
  })

  it('a refresh cookie rotated on one is refused on the other', async () => {
    const { cookie: first } = await signIn(a, 'client2@demo.test')
    const rotated = await refresh(a, first)
    expect(rotated.status).toBe(200)
    const second = (rotated.headers.get('set-cookie') ?? '').split(';')[0]
    expect(second).not.toBe(first)
    // The rotated cookie goes on on B...
    const onB = await refresh(b, second)
    expect(onB.status).toBe(200)
    const third = (onB.headers.get('set-cookie') ?? '').split(';')[0]
    // ...and once the few seconds in which a lost answer may be asked again are over, the old one is
    // refused there, and its reuse ends the whole chain on A as well.
    await expect.poll(async () => (await refresh(b, first)).status, { timeout: REFRESH_GRACE_MS + 10_000, interval: 1_000 }).toBe(401)
    expect((await refresh(a, third)).status).toBe(401)
  })

  /** The session cookies an answer sets, as a browser sends them back (refresh and device cookie). */
  const sessionCookies = (res: { headers: Headers }) =>
    res.headers
      .getSetCookie()
      .map((cookie) => cookie.split(';')[0])
      .filter((pair) => /^portal_(refresh|device)=./.test(pair))
      .join('; ')

  it('log out on one ends every access token of that session on the other at once, earlier ones included', async () => {
    const login = await call(a, 'POST', '/api/auth/login', { body: { email: 'manager@demo.test', password: PASSWORD, remember: true } })
    expect(login.status).toBe(200)
    const first = login.json.token as string
    // Renewed in a later second, so the second access token of the session differs from the first even in
    // its times, and ending one cannot end the other by being the same token.
    await expect
      .poll(async () => Math.floor(Date.now() / 1000), { interval: 50 })
      .toBeGreaterThan(JSON.parse(Buffer.from(first.split('.')[1], 'base64url').toString()).iat)
    const renewed = await call(a, 'POST', '/api/auth/refresh', { headers: { cookie: sessionCookies(login) } })
    expect(renewed.status).toBe(200)
    const second = renewed.json.token as string
    expect(second).not.toBe(first)
    // A caches the caller of each token for a few seconds...
    expect((await call(a, 'GET', '/api/permissions', { token: first })).status).toBe(200)
    expect((await call(a, 'GET', '/api/permissions', { token: second })).status).toBe(200)
    expect((await call(b, 'POST', '/api/auth/logout', { token: second, body: {}, headers: { cookie: sessionCookies(renewed) } })).status).toBe(204)
    // ...until the database tells it the session ended on B: both are refused there, long before that time is up.
    await expect.poll(async () => (await call(a, 'GET', '/api/permissions', { token: first })).status, { timeout: CALLER_TTL_MS / 2, interval: 20 }).toBe(401)
    expect((await call(a, 'GET', '/api/permissions', { token: second })).status).toBe(401)
  })

  it("a password changed on one ends the account's other sessions on the other at once", async () => {
    const other = await signIn(a, 'client@demo.test')
    expect((await call(a, 'GET', '/api/permissions', { token: other.token })).status).toBe(200)
    const here = await call(b, 'POST', '/api/auth/login', { body: { email: 'client@demo.test', password: PASSWORD, remember: true } })
    const changed = await call(b, 'POST', '/api/auth/change-password', {
      token: here.json.token,
      headers: { cookie: sessionCookies(here) },
      body: { currentPassword: PASSWORD, newPassword: 'Changed-on-b-2026!' },
    })
    expect(changed.status, JSON.stringify(changed.json)).toBe(200)
    try {
      await expect
        .poll(async () => (await call(a, 'GET', '/api/permissions', { token: other.token })).status, { timeout: CALLER_TTL_MS / 2, interval: 20 })
        .toBe(401)
      expect((await call(a, 'GET', '/api/permissions', { token: changed.json.token })).status).toBe(200)
    } finally {
      // The other tests sign in with the demo password.
      const back = await call(a, 'POST', '/api/auth/change-password', {
        token: changed.json.token,
        headers: { cookie: sessionCookies(changed) },
        body: { currentPassword: 'Changed-on-b-2026!', newPassword: PASSWORD },
      })
      expect(back.status).toBe(200)
    }
  })

  it('a scan uploaded through one is viewed (whole and by range) and deleted through the other', async () => {
    const clerk = await signIn(a, 'admin@demo.test')
    const [{ id: clientId }] = await sql`select client_id as id from users where email = 'client@demo.test'`
    const [{ id: typeId }] = await sql`select id from document_types order by id limit 1`
    const content = randomBytes(6 * 1024 * 1024)
    content.set(Buffer.from('%PDF-1.7\n'))
    const form = new FormData()
    form.append('documentTypeId', String(typeId))
    form.append('jurisdiction', '2')
    form.append('dateReceived', '2026-11-20')
    form.append('file', new Blob([new Uint8Array(content)]), 'annual-report.pdf')
    const uploaded = await call(a, 'POST', `/api/document/client/${clientId}`, { token: clerk.token, body: form })
    expect(uploaded.status, JSON.stringify(uploaded.json)).toBe(201)
    const id = uploaded.json.documents[0].id as number
    const [{ storage_key: key }] = await sql`select storage_key from documents where id = ${id}`
    expect(await s3.keys()).toContain(key)

    const client = await signIn(b, 'client@demo.test')
    const whole = await call(b, 'GET', `/api/document/${id}?inline=true`, { token: client.token })
    expect(whole.status).toBe(200)
    expect(whole.bytes.equals(content)).toBe(true)
    const part = await call(b, 'GET', `/api/document/${id}?inline=true`, { token: client.token, headers: { range: 'bytes=5000000-5000999' } })
    expect(part.status).toBe(206)
    expect(part.bytes.equals(content.subarray(5_000_000, 5_001_000))).toBe(true)

    const manager = await signIn(b, 'manager@demo.test')
    expect((await call(b, 'DELETE', `/api/client/document/${id}`, { token: manager.token })).status).toBe(200)
    expect(await s3.keys()).not.toContain(key)
    expect((await call(a, 'GET', `/api/document/${id}`, { token: client.token })).status).toBe(404)
  })

  it('a payment retried on the other instance with the same Idempotency-Key charges once', async () => {
    const client = await signIn(a, 'client2@demo.test')
    const [{ id: clientId }] = await sql`select client_id as id from users where email = 'client2@demo.test'`
    const [invoice] = await sql`select id from invoices where client_id = ${clientId} and status in (2, 3) order by id limit 1`
    const paymentsBefore = (await sql`select id from payments where client_id = ${clientId}`).length
    const cardToken = await sandboxToken(a)
    const body = { invoiceIds: [String(invoice.id)], token: cardToken }
    const headers = { 'Idempotency-Key': `pay-two-instances-${randomBytes(4).toString('hex')}` }

    const first = await call(a, 'POST', '/api/client/invoices/pay', { token: client.token, body, headers })
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    const retried = await call(b, 'POST', '/api/client/invoices/pay', { token: client.token, body, headers })
    expect(retried.status).toBe(200)
    expect(retried.json).toEqual(first.json)
    expect((await sql`select id from payments where client_id = ${clientId}`).length).toBe(paymentsBefore + 1)
    const [{ status }] = await sql`select status from invoices where id = ${invoice.id}`
    expect(status).toBe(1)
  })

  it('an invoice list cached by one shows a payment made through the other within moments', async () => {
    const client = await signIn(a, 'client@demo.test')
    const [{ id: clientId }] = await sql`select client_id as id from users where email = 'client@demo.test'`
    const [invoice] = await sql`select id from invoices where client_id = ${clientId} and status in (2, 3) order by id limit 1`
    const statusOnB = async () => {
      const list = await call(b, 'GET', `/api/client/invoices/${clientId}?pageSize=100`, { token: client.token })
      return list.json.data.find((row: { id: number }) => row.id === invoice.id)?.status
    }
    // Asked twice, the second answer is B's cached one.
    expect(await statusOnB()).not.toBe(1)
    expect(await statusOnB()).not.toBe(1)
    const body = { invoiceIds: [String(invoice.id)], token: await sandboxToken(a) }
    const paid = await call(a, 'POST', '/api/client/invoices/pay', {
      token: client.token,
      body,
      headers: { 'Idempotency-Key': `pay-cached-${randomBytes(4).toString('hex')}` },
    })
    expect(paid.status, JSON.stringify(paid.json)).toBe(200)
    // B hears of the change from the database, long before the time limit of a cached answer (30 s).
    await expect.poll(statusOnB, { timeout: 5_000, interval: 50 }).toBe(1)
  })

  it('a scheduled job runs once across both', async () => {
    const periodic = jobs.filter((job) => !job.quiet).map((job) => job.name)
    // Both schedulers check a few seconds after start; every job's period is claimed by one of them.
    await expect
      .poll(async () => (await sql`select job from job_runs where finished_at is not null`).map((r) => r.job).sort(), { timeout: 60_000, interval: 500 })
      .toEqual(expect.arrayContaining(periodic))
    const finished: LogLine[] = [...a.logs.map((l) => ({ ...l, on: 'a' })), ...b.logs.map((l) => ({ ...l, on: 'b' }))].filter((l) => l.msg === 'job finished')
    for (const name of periodic) {
      const runs = finished.filter((l) => l.job === name)
      const periods = new Set(runs.map((l) => l.runKey))
      // One run per period, whichever instance won it.
      expect(runs.length, `${name}: ${JSON.stringify(runs.map((r) => r.on))}`).toBe(periods.size)
    }
    const rows = await sql`select job, run_key, count(*)::int as n from job_runs group by job, run_key having count(*) > 1`
    expect(rows).toEqual([])
  })

  it('the sign-in limiter counts attempts from both', async () => {
    const email = 'clerk@demo.test'
    for (let i = 0; i < SIGN_IN_LIMITS.freePerPair; i++) {
      const res = await call(i % 2 === 0 ? a : b, 'POST', '/api/auth/login', { body: { email, password: `wrong-${i}`, remember: false } })
      expect(res.status).toBe(401)
    }
    // Five failures spread over both instances: the next attempt must wait, on either.
    for (const server of [a, b]) {
      const res = await call(server, 'POST', '/api/auth/login', { body: { email, password: PASSWORD, remember: false } })
      expect(res.status).toBe(429)
      expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    }
  })

  /** A one-time sandbox card token, made as the hosted fields make it. */
  async function sandboxToken(server: ServerProcess) {
    const frame = { origin: 'null' }
    const number = await call(server, 'POST', '/api/payments/sandbox/tokens', { body: { field: 'number', value: '4242 4242 4242 4242' }, headers: frame })
    const cvv = await call(server, 'POST', '/api/payments/sandbox/tokens', { body: { field: 'cvv', value: '123' }, headers: frame })
    const token = await call(server, 'POST', '/api/payments/sandbox/payment-tokens', {
      body: {
        numberToken: number.json.id,
        cvvToken: cvv.json.id,
        exp_month: 12,
        exp_year: new Date().getUTCFullYear() + 3,
        name: 'Ada Lovelace',
        postal_code: '33132',
        address1: '100 Biscayne Blvd',
      },
    })
    expect(token.status, JSON.stringify(token.json)).toBe(201)
    return token.json.id as string
  }
})
