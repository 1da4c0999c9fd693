import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { sql } from 'drizzle-orm'
import { CLIENT_ROLE, SUPER_ADMIN_ROLE } from '../../server/db/reference'
import { clientMemberships } from '../../server/db/schema'
import { createTestServer, type TestServer } from './harness'

/** The provider's client search: every field it promises, through the one indexed search text. */

let server: TestServer
let token: string
let target: { id: number }
let email: string
let userId: number
let other: { id: number }

beforeAll(async () => {
  server = await createTestServer()
  const { factories } = server
  const created = await factories.client({
    companyName: 'Pelican Marine Supply LLC',
    firstName: 'Rosalind',
    lastName: 'Okafor',
    phone: '+13055559876',
    city: 'Key Largo',
    mailboxNumber: 'MB-7301',
  })
  target = created.client
  email = created.user.email
  userId = created.user.id
  other = (await factories.client({ companyName: 'Other Company Inc', firstName: 'Ann', lastName: 'Smith', city: 'Tampa' })).client
  const admin = await factories.agent([], { roleId: SUPER_ADMIN_ROLE.id })
  token = await server.tokenFor(admin.user.id)
})
afterAll(() => server.close())

const search = async (q: string) => {
  const res = await server.request('GET', `/api/client?q=${encodeURIComponent(q)}`, { token })
  expect(res.status).toBe(200)
  return (res.json.data as { id: number }[]).map((row) => row.id)
}

describe('GET /api/client?q=', () => {
  it.each([
    ['company', 'marine supply'],
    ['first name', 'rosalind'],
    ['last name', 'OKAFOR'],
    ['full name', 'Rosalind Okafor'],
    ['phone', '5559876'],
    ['city', 'key largo'],
    ['mailbox number', 'mb-7301'],
  ])('finds a client by %s', async (_field, q) => {
    expect(await search(q)).toEqual([target.id])
  })

  it("finds a client by its user's e-mail and by its id", async () => {
    expect(await search(email.slice(0, 14))).toContain(target.id)
    expect(await search(String(target.id))).toContain(target.id)
  })

  it("finds every company a person's e-mail belongs to", async () => {
    expect(await search(email)).toEqual([target.id])
    await server.deps.db.insert(clientMemberships).values({ userId, clientId: other.id, role: 'member' })
    expect((await search(email)).sort()).toEqual([target.id, other.id].sort())
  })

  it('finds the companies of more e-mails than it lists, inside the query', async () => {
    // 501 people in Other Company by membership alone, whose e-mails share a word: more than the search
    // lists by id.
    await server.deps.db.execute(sql`
      with added as (
        insert into users (email, password_hash, role_id)
        select 'crowd-' || n || '@bulk.test', 'x', ${CLIENT_ROLE.id} from generate_series(1, 501) as n
        returning id
      )
      insert into client_memberships (user_id, client_id, role) select id, ${other.id}, 'member' from added`)
    expect(await search('@bulk.test')).toEqual([other.id])
  })

  it('takes wildcards literally and answers an exact total', async () => {
    expect(await search('%')).toEqual([])
    const res = await server.request('GET', '/api/client?q=pelican', { token })
    expect(res.json).toMatchObject({ total: 1, totalIsEstimate: false })
  })
})
