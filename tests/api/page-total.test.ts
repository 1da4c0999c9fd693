import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { pageTotal } from '../../server/db/page-total'
import { invoices } from '../../server/db/schema'
import { createTestServer, DEMO_PASSWORD, login, type TestServer } from './harness'

/** List totals: exact while small, the planner's estimate (marked as such) once a list is large. */

let server: TestServer

beforeAll(async () => {
  server = await createTestServer({ seed: true })
})
afterAll(() => server.close())

describe('pageTotal', () => {
  it('counts exactly up to the limit', async () => {
    const { db } = server
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(invoices)
    expect(n).toBeGreaterThan(3)
    expect(await pageTotal(db, db.select({ one: sql`1` }).from(invoices), n)).toEqual({ total: n, totalIsEstimate: false })
  })

  it('counts a filtered list exactly', async () => {
    const { db } = server
    const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(invoices).where(eq(invoices.status, 1))
    expect(await pageTotal(db, db.select({ one: sql`1` }).from(invoices).where(eq(invoices.status, 1)))).toEqual({ total: n, totalIsEstimate: false })
  })

  it('stops counting past the limit and answers an estimate no smaller than what it counted', async () => {
    const { db } = server
    const result = await pageTotal(db, db.select({ one: sql`1` }).from(invoices), 2)
    expect(result.totalIsEstimate).toBe(true)
    expect(result.total).toBeGreaterThanOrEqual(3)
  })
})

describe('list answers', () => {
  it('say whether the total is exact', async () => {
    const { token } = await login(server, 'admin@demo.test', DEMO_PASSWORD)
    const res = await server.request('GET', '/api/invoices?page=1&pageSize=10', { token })
    expect(res.status).toBe(200)
    expect(res.json.totalIsEstimate).toBe(false)
    expect(res.json.total).toBeGreaterThan(0)
  })
})
