import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseEnv } from '../../server/env'
import { createLogger } from '../../server/logger'
import { createMailer } from '../../server/mail'
import { createTestServer, DEMO_ACCOUNTS, DEMO_PASSWORD, type TestServer } from './harness'
import { startServerProcess, type ServerProcess } from './server-process'

/** The log tells what went wrong without keeping the names and addresses people send. */
let server: TestServer
const lines: string[] = []

beforeAll(async () => {
  server = await createTestServer({ deps: { logger: createLogger('info', (line) => lines.push(line)) } })
  // An unexpected database failure on one client's update, with the person's data in the statement.
  await server.db.execute(
    sql.raw(`create function refuse_update() returns trigger language plpgsql as $$
      begin if new.company_name = 'Unlucky Update LLC' then raise exception 'disk full (injected)'; end if; return new; end $$`),
  )
  await server.db.execute(sql.raw('create trigger refuse_update before update on clients for each row execute function refuse_update()'))
})
afterAll(() => server.close())

describe('the log', () => {
  it('records an unexpected database error with its cause but without the statement values', async () => {
    const { client, user } = await server.factories.client()
    const res = await server.request('PUT', `/api/client/${client.id}`, {
      token: await server.tokenFor(user.id),
      body: {
        companyName: 'Unlucky Update LLC',
        businessType: 1,
        notifyAttorney: false,
        changeAgent: false,
        useAgentAddress: false,
        firstName: 'Rosalind',
        lastName: 'Quimby-Secret',
        phone: '+1 305 555 0111',
        country: 1,
        address: '77 Hidden Hammock Rd',
        city: 'Homestead',
        stateProvince: 'FL',
        zipcode: '33030',
      },
    })
    expect(res.status).toBe(500)
    const logged = lines.filter((line) => line.includes('"unhandled error"'))
    expect(logged).toHaveLength(1)
    expect(logged[0]).toContain('disk full (injected)')
    expect(logged[0]).toContain('params: (withheld)')
    for (const secret of ['Quimby-Secret', '77 Hidden Hammock Rd', 'Rosalind']) expect(lines.join('\n')).not.toContain(secret)
  })

  it('records the path of a request but not its query string', async () => {
    const agent = await server.factories.agent([], { roleId: 1 })
    const res = await server.request('GET', '/api/client?q=Jane%20Privatesearch&page=1', { token: await server.tokenFor(agent.user.id) })
    expect(res.status).toBe(200)
    const request = lines.map((line) => JSON.parse(line)).filter((entry) => entry.msg === 'request' && entry.path === '/api/client')
    expect(request.length).toBeGreaterThan(0)
    expect(lines.join('\n')).not.toContain('Privatesearch')
  })
})

describe('the log in production', () => {
  let portal: ServerProcess
  let dataDir: string
  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'portal-log-'))
    portal = await startServerProcess({ NODE_ENV: 'production', DATA_DIR: dataDir, SEED_DEMO: 'true', PUBLIC_URL: 'https://portal.example.com' })
  }, 180_000)
  afterAll(async () => {
    await portal?.stop()
    if (dataDir) rmSync(dataDir, { recursive: true, force: true })
  })

  async function call(method: string, url: string, init: { token?: string; body?: unknown } = {}) {
    const headers: Record<string, string> = init.body === undefined ? {} : { 'content-type': 'application/json' }
    if (init.token) headers.authorization = `Bearer ${init.token}`
    const res = await fetch(`${portal.url}${url}`, { method, headers, body: init.body === undefined ? undefined : JSON.stringify(init.body) })
    return { status: res.status, json: await res.json().catch(() => undefined) }
  }

  it('holds no reset or invitation link, nor the token of a reset page that was opened', { timeout: 120_000 }, async () => {
    const admin = await call('POST', '/api/auth/login', { body: { email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD } })
    expect(admin.status).toBe(200)
    const roles = await call('GET', '/api/roles', { token: admin.json.token })
    const role = (roles.json as { id: number; superAdmin: boolean }[]).find((r) => !r.superAdmin)!
    const invited = await call('POST', '/api/users', {
      token: admin.json.token,
      body: { firstName: 'Lee', lastName: 'Logged', email: 'lee.logged@example.test', roleId: role.id },
    })
    expect(invited.status).toBe(201)
    expect((await call('POST', '/api/auth/forgot-password', { body: { email: DEMO_ACCOUNTS.client } })).status).toBe(202)
    const opened = 'Opened-link-token-0123456789abcdefghijklmnopq'
    expect((await call('GET', `/api/auth/reset/${opened}`)).status).toBe(400)
    await call('GET', `/reset/${opened}`)

    // Both messages were written (the reset one after its answer)...
    const mails = () => portal.logs.filter((line) => line.msg === 'mail written to outbox').map((line) => line.subject)
    await expect
      .poll(mails, { timeout: 30_000, interval: 100 })
      .toEqual(expect.arrayContaining(['Reset your password', 'You are invited to the client portal']))
    await expect
      .poll(() => portal.logs.filter((line) => line.msg === 'request' && String(line.path).includes('/reset/')).length, { timeout: 10_000, interval: 50 })
      .toBe(2)
    // ...and nothing of either link, nor of the opened one, is in the log.
    const log = portal.logs.map((line) => JSON.stringify(line)).join('\n')
    expect(log).not.toMatch(/\/reset\/(?!\(withheld\))[A-Za-z0-9_-]{8,}/)
    expect(log).not.toContain(opened)
    expect(portal.logs.filter((line) => line.msg === 'mail written to outbox').every((line) => !('text' in line))).toBe(true)
    expect(portal.logs.filter((line) => line.msg === 'request' && String(line.path).includes('/reset/')).map((line) => line.path)).toEqual([
      '/api/auth/reset/(withheld)',
      '/reset/(withheld)',
    ])
  })

  it('in development the mail log still shows the link, for a local demo', async () => {
    const lines: string[] = []
    const logger = createLogger('info', (line) => lines.push(line))
    const message = { to: 'dev@example.test', subject: 'Reset your password', text: 'Open https://localhost/reset/dev-link-token-for-the-demo' }
    await createMailer(parseEnv({ NODE_ENV: 'development', DATA_DIR: 'memory://' }), server.db, logger).send(message)
    expect(lines.join('\n')).toContain('/reset/dev-link-token-for-the-demo')
    await createMailer(parseEnv({ NODE_ENV: 'production', DATA_DIR: 'memory://' }), server.db, logger).send({
      ...message,
      text: 'Open https://localhost/reset/production-link-token',
    })
    expect(lines.join('\n')).not.toContain('production-link-token')
  })
})
