import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createLogger } from '../../server/logger'
import { createTestServer, type TestServer } from './harness'

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
