import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Db } from './client'

/**
 * Up to this many matching rows, a list's total is counted exactly; above it, estimated. Counting is
 * paid on every page a list shows and grows with the matches: at 64 users at once an exact count of
 * tens of thousands was the busiest part of a provider's list (docs/benchmarks/).
 */
export const EXACT_TOTAL_LIMIT = 1_000

export interface PageTotal {
  total: number
  /** True when `total` is PostgreSQL's estimate (more than EXACT_TOTAL_LIMIT rows match). */
  totalIsEstimate: boolean
}

/** Rows of db.execute: an array on postgres.js, `{ rows }` on PGlite. */
function rowsOf<T>(result: unknown): T[] {
  return Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? [])
}

/**
 * The number of rows `matching` (a `select ... from ... where ...` without order or limit) returns,
 * without counting a whole large table on every page: an exact count stops after EXACT_TOTAL_LIMIT + 1
 * rows, and past that the planner's row estimate stands in, marked as an estimate so the list can say
 * "about". Either way the cost stays that of reading at most EXACT_TOTAL_LIMIT index entries.
 */
export async function pageTotal(db: Db, matching: SQLWrapper, exactLimit = EXACT_TOTAL_LIMIT): Promise<PageTotal> {
  const [counted] = rowsOf<{ n: number | string }>(await db.execute(sql`select ${matchingCount(matching, exactLimit)} as n`))
  return totalFromCount(db, Number(counted?.n ?? 0), matching, exactLimit)
}

/**
 * A column for a list's rows query: pageTotal's capped count of `matching`, so that the page and its
 * total come back in one statement (PostgreSQL runs the uncorrelated subquery once, not per row).
 * Read the rows back with `withPageTotal`.
 */
export function matchingCount(matching: SQLWrapper, exactLimit = EXACT_TOTAL_LIMIT): SQL<number> {
  return sql<number>`(select count(*)::int from (${matching} limit ${exactLimit + 1}) as matching)`.mapWith(Number)
}

/**
 * The page's rows without their `matchingCount` column, and the total it gives. A page past the end
 * has no row to carry the count, so only then is it asked for on its own. `matching` may be given as a
 * function that makes it, called only then or for the estimate past `exactLimit`.
 */
export async function withPageTotal<Row extends { matchingCount: number }>(
  db: Db,
  rows: Row[],
  matching: SQLWrapper | (() => SQLWrapper),
  exactLimit = EXACT_TOTAL_LIMIT,
): Promise<{ rows: Omit<Row, 'matchingCount'>[] } & PageTotal> {
  const page = rows.map(({ matchingCount: _count, ...row }) => row)
  const counted = () => (typeof matching === 'function' ? matching() : matching)
  if (!rows.length) return { rows: page, ...(await pageTotal(db, counted(), exactLimit)) }
  const exact = rows[0].matchingCount
  if (exact <= exactLimit) return { rows: page, total: exact, totalIsEstimate: false }
  return { rows: page, ...(await totalFromCount(db, exact, counted(), exactLimit)) }
}

/**
 * The total for a capped count (up to `exactLimit` + 1): the count itself, or past the limit the
 * planner's estimate of `matching`, made only then.
 */
export function totalOf(db: Db, exact: number, matching: () => SQLWrapper, exactLimit = EXACT_TOTAL_LIMIT): Promise<PageTotal> {
  if (exact <= exactLimit) return Promise.resolve({ total: exact, totalIsEstimate: false })
  return totalFromCount(db, exact, matching(), exactLimit)
}

async function totalFromCount(db: Db, exact: number, matching: SQLWrapper, exactLimit: number): Promise<PageTotal> {
  if (exact <= exactLimit) return { total: exact, totalIsEstimate: false }
  const estimate = await plannedRows(db, matching)
  // The estimate can be off either way; it is never shown below what was actually counted.
  return { total: Math.max(Math.round(estimate), exact), totalIsEstimate: true }
}

/** How many rows the planner expects `query` to answer: its estimate, nothing is read (0 when it gives none). */
export async function plannedRows(db: Db, query: SQLWrapper): Promise<number> {
  const [explained] = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) ${query}`))
  let plan = explained?.['QUERY PLAN']
  if (typeof plan === 'string') plan = JSON.parse(plan)
  return Number((plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'] ?? 0)
}
