import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SUPER_ADMIN_ROLE } from '../../server/db/reference'
import { createTestServer, type TestServer } from './harness'

/** The provider's client search: every field it promises, through the one indexed search text. */

let server: TestServer
let token: string
let target: { id: number }
let email: string

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
  await factories.client({ companyName: 'Other Company Inc', firstName: 'Ann', lastName: 'Smith', city: 'Tampa' })
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

  it('takes wildcards literally and answers an exact total', async () => {
    expect(await search('%')).toEqual([])
    const res = await server.request('GET', '/api/client?q=pelican', { token })
    expect(res.json).toMatchObject({ total: 1, totalIsEstimate: false })
  })
})
