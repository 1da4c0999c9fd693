import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { matchingCount, pageTotal, withPageTotal } from '../../server/db/page-total'
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

describe('withPageTotal (the page and its total in one statement)', () => {
  const page = (limit: number, offset: number, exactLimit?: number) => {
    const matching = server.db.select({ one: sql`1` }).from(invoices)
    return server.db
      .select({ id: invoices.id, matchingCount: matchingCount(matching, exactLimit) })
      .from(invoices)
      .orderBy(invoices.id)
      .limit(limit)
      .offset(offset)
      .then((rows) => withPageTotal(server.db, rows, matching, exactLimit))
  }

  it('reads the total from the rows and leaves them as the list sends them', async () => {
    const [{ n }] = await server.db.select({ n: sql<number>`count(*)::int` }).from(invoices)
    const first = await page(2, 0)
    expect(first).toEqual({ rows: [{ id: expect.any(Number) }, { id: expect.any(Number) }], total: n, totalIsEstimate: false })
  })

  it('still counts a page past the end, which has no row to carry the total', async () => {
    const [{ n }] = await server.db.select({ n: sql<number>`count(*)::int` }).from(invoices)
    expect(await page(2, n + 10)).toEqual({ rows: [], total: n, totalIsEstimate: false })
  })

  it('estimates past the limit, as pageTotal does', async () => {
    const result = await page(2, 0, 2)
    expect(result.rows).toHaveLength(2)
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
