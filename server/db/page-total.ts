import { Param, sql, type Placeholder, type SQL, type SQLWrapper } from 'drizzle-orm'
import type { Db } from './client'

/**
 * Up to this many matching rows, a list's total is counted exactly; above it, estimated. Counting is
 * paid on every page a list shows: a thousand index entries cost PostgreSQL about 0.3 ms, ten thousand
 * about 3 to 8 ms, which at 64 users at once made the count the busiest part of a provider's list.
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
 * has no row to carry the count, so only then is it asked for on its own.
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
 * Where a list's statement takes a value of the request: `value('clientId')`. A kept statement gets a
 * placeholder, bound each time it runs; a statement built for one call gets the value itself.
 */
export type ValueOf = (name: string) => Placeholder

/**
 * A paged list as a statement built from its shape: which filters are present, how the text searches are
 * asked (`containsPatterns` in contains.ts), the sort. Both functions read the request's values only through `value`,
 * never from the shape, so one shape always gives the same statement text.
 */
export interface ListStatement<Shape, Row> {
  /** For names in errors and logs. */
  name: string
  /** `select 1 from ... where ...`: the rows the list matches, for its total. */
  matching: (db: Db, shape: Shape, value: ValueOf) => SQLWrapper
  /**
   * The page: the list's columns with `matchingCount(matching)`, filtered and sorted, then
   * `.limit(value('limit')).offset(value('offset'))`.
   */
  page: (db: Db, shape: Shape, value: ValueOf, matching: SQLWrapper) => { prepare(name: string): KeptStatement<Row & { matchingCount: number }> }
}

interface KeptStatement<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>
}

/** More shapes than any list has; past it the kept statements of that list and database start over. */
const MAX_SHAPES = 500

/**
 * Runs a list's page as a statement kept per shape and database. Drizzle otherwise builds the statement's
 * text from its query builder on every call, which was about a third of the server's CPU time for a page
 * of a list; a kept statement only binds the values (and PostgreSQL keeps its plan, as for every
 * statement). The total comes from the page's `matchingCount` as in `withPageTotal`; the rare statements
 * around it (a page past the end, the estimate past EXACT_TOTAL_LIMIT) are built for the one call.
 */
export function keptList<Shape, Row>(list: ListStatement<Shape, Row>) {
  const kept = new WeakMap<Db, Map<string, KeptStatement<Row & { matchingCount: number }>>>()
  const placeholder: ValueOf = (name) => sql.placeholder(name)
  return async (db: Db, shape: Shape, values: Record<string, unknown>, paging: { page: number; pageSize: number }): Promise<{ rows: Omit<Row & { matchingCount: number }, 'matchingCount'>[] } & PageTotal> => {
    let byShape = kept.get(db)
    if (!byShape) kept.set(db, (byShape = new Map()))
    const key = JSON.stringify(shape)
    let statement = byShape.get(key)
    if (!statement) {
      if (byShape.size >= MAX_SHAPES) byShape.clear()
      statement = list.page(db, shape, placeholder, list.matching(db, shape, placeholder)).prepare(list.name)
      byShape.set(key, statement)
    }
    // Values go to the driver as they are, without a column's encoding: an instant as its ISO text.
    const bound: Record<string, unknown> = { limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize }
    for (const [name, v] of Object.entries(values)) bound[name] = v instanceof Date ? v.toISOString() : v
    const rows = await statement.execute(bound)
    const given: ValueOf = (name) => {
      if (!(name in bound)) throw new Error(`${list.name}: no value for ${name}`)
      // A bound parameter where the kept statement has a placeholder: the same text, run once.
      return new Param(bound[name]) as unknown as Placeholder
    }
    return withPageTotal(db, rows, () => list.matching(db, shape, given))
  }
}

async function totalFromCount(db: Db, exact: number, matching: SQLWrapper, exactLimit: number): Promise<PageTotal> {
  if (exact <= exactLimit) return { total: exact, totalIsEstimate: false }
  const [explained] = rowsOf<Record<string, unknown>>(await db.execute(sql`explain (format json) ${matching}`))
  let plan = explained?.['QUERY PLAN']
  if (typeof plan === 'string') plan = JSON.parse(plan)
  const estimate = Number((plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'] ?? 0)
  // The estimate can be off either way; it is never shown below what was actually counted.
  return { total: Math.max(Math.round(estimate), exact), totalIsEstimate: true }
}
