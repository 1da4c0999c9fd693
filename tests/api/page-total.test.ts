import { asc, eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { cachedList } from '../../server/db/statement-cache'
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
    const [{ n }] = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(invoices)
      .where(eq(invoices.status, 1))
    expect(
      await pageTotal(
        db,
        db
          .select({ one: sql`1` })
          .from(invoices)
          .where(eq(invoices.status, 1)),
      ),
    ).toEqual({ total: n, totalIsEstimate: false })
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

describe('cachedList (a list statement built once per shape)', () => {
  type Shape = { status: boolean }
  let builds = 0
  const list = cachedList<Shape, { id: number; status: number }>({
    name: 'test list',
    matching: (db, shape, value) =>
      db
        .select({ one: sql`1` })
        .from(invoices)
        .where(shape.status ? eq(invoices.status, value('status')) : undefined),
    page: (db, shape, value, matching) => {
      builds++
      return db
        .select({ id: invoices.id, status: invoices.status, matchingCount: matchingCount(matching) })
        .from(invoices)
        .where(shape.status ? eq(invoices.status, value('status')) : undefined)
        .orderBy(asc(invoices.id))
        .limit(value('limit'))
        .offset(value('offset'))
    },
  })
  const countOf = async (status?: number) =>
    (
      await server.db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .where(status === undefined ? undefined : eq(invoices.status, status))
    )[0].n

  it('builds a shape once and binds each call its own values', async () => {
    builds = 0
    const paid = await list(server.db, { status: true }, { status: 1 }, { page: 1, pageSize: 50 })
    const unpaid = await list(server.db, { status: true }, { status: 2 }, { page: 1, pageSize: 50 })
    expect(builds).toBe(1)
    expect(paid.rows.length).toBeGreaterThan(0)
    expect(paid.rows.every((row) => row.status === 1)).toBe(true)
    expect(unpaid.rows.every((row) => row.status === 2)).toBe(true)
    expect(paid.total).toBe(await countOf(1))
    expect(unpaid.total).toBe(await countOf(2))
    const all = await list(server.db, { status: false }, {}, { page: 1, pageSize: 500 })
    expect(builds).toBe(2)
    expect(all.total).toBe(await countOf())
    expect(new Set(all.rows.map((row) => row.status)).size).toBeGreaterThan(1)
  })

  it('pages with the bound limit and offset, and counts a page past the end with its values', async () => {
    expect(await countOf()).toBeGreaterThan(3)
    const first = await list(server.db, { status: false }, {}, { page: 1, pageSize: 2 })
    const second = await list(server.db, { status: false }, {}, { page: 2, pageSize: 2 })
    expect(first.rows).toHaveLength(2)
    expect(second.rows[0].id).toBeGreaterThan(first.rows[1].id)
    const past = await list(server.db, { status: true }, { status: 1 }, { page: 1000, pageSize: 50 })
    expect(past).toEqual({ rows: [], total: await countOf(1), totalIsEstimate: false })
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
