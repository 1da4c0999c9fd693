import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { IN_PROCESS_ADDRESS_HEADER } from '../../server/auth/rate-limit'
import { createTestServer, type TestServer } from './harness'

/**
 * A flood of wrong-password sign-ins must not lock anyone else out of the portal: the flooding address
 * (or the account it aims at) gets its share of the password checks, the excess is told to retry (429
 * with Retry-After), and people signing in from other addresses get in. The server reads the caller's
 * address from the connection; these in-process calls name it in the header it reads instead.
 */
let server: TestServer
const PASSWORD = 'Harbour-lights-at-dusk-2026'
let people: string[]

beforeAll(async () => {
  server = await createTestServer()
  people = []
  for (let i = 0; i < 3; i++) people.push((await server.factories.client({}, PASSWORD)).user.email)
})
afterAll(() => server.close())

const signIn = (email: string, password: string, address: string) =>
  server.request('POST', '/api/auth/login', { body: { email, password, remember: false }, headers: { [IN_PROCESS_ADDRESS_HEADER]: address } })

type Answer = Awaited<ReturnType<typeof signIn>>

/**
 * Sends the flood, waits until the password checks refuse part of it (or all of it is answered), then
 * signs the people in from addresses of their own while the flood still fills the queue.
 */
async function floodThenSignIn(bogus: (i: number) => { email: string; address: string }) {
  const answered: Answer[] = []
  const flood = Array.from({ length: 150 }, (_, i) =>
    signIn(bogus(i).email, 'not-the-password-1', bogus(i).address).then((res) => {
      answered.push(res)
      return res
    }),
  )
  await vi.waitFor(() => expect(answered.some((res) => res.status !== 401) || answered.length === flood.length).toBe(true), { timeout: 60_000, interval: 5 })
  const signedIn = await Promise.all(people.map((email, i) => signIn(email, PASSWORD, `192.0.2.${20 + i}`)))
  return { flood: await Promise.all(flood), signedIn }
}

function expectRefusedReadably(flood: Answer[], detail: RegExp) {
  const statuses = new Set(flood.map((res) => res.status))
  expect([...statuses].sort()).toEqual([401, 429])
  for (const res of flood.filter((r) => r.status === 429)) {
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(res.json.detail).toMatch(detail)
    expect(res.json.details).toMatch(/try again in a few seconds/)
  }
}

describe('a flood of bogus sign-ins', () => {
  it('from one address: the excess is answered 429, and 3 people from other addresses sign in', async () => {
    const { flood, signedIn } = await floodThenSignIn((i) => ({ email: `nobody-${i}@made-up.test`, address: '198.51.100.7' }))
    expect(signedIn.map((res) => res.status)).toEqual([200, 200, 200])
    expect(signedIn.every((res) => typeof res.json.token === 'string')).toBe(true)
    expectRefusedReadably(flood, /from your network/)
  })

  it('at one account from many addresses: the excess is answered 429, and people of other accounts sign in', async () => {
    const target = (await server.factories.client({}, PASSWORD)).user.email
    const { flood, signedIn } = await floodThenSignIn((i) => ({ email: target, address: `203.0.113.${i}` }))
    expect(signedIn.map((res) => res.status)).toEqual([200, 200, 200])
    expectRefusedReadably(flood, /to this account/)
  })
})
