import { Param, sql, type Placeholder, type SQLWrapper } from 'drizzle-orm'
import type { Db, Tx } from './client'
import { withPageTotal, type PageTotal } from './page-total'

/**
 * Statements cached per shape. Drizzle builds a statement's text from its query builder on every call, which
 * was about a third of the server's CPU time for a page of a list; a statement whose text depends only
 * on a few choices (which filters are present, how a search is asked, the sort) can be built once per
 * choice and cached, and each call binds its values. PostgreSQL caches the plan as for every statement
 * (server/db/client.ts).
 *
 * The build functions see only the shape, never a value of the request: every value comes in through
 * `value('name')`, a placeholder. So one shape always gives the same text, and the shape is the key.
 */

/**
 * Where a statement takes a value of the request: `value('clientId')`. A cached statement gets a
 * placeholder, bound each time it runs; a statement built for one call gets the value itself.
 */
export type ValueOf = (name: string) => Placeholder

interface CachedStatement<Row> {
  execute(values: Record<string, unknown>): Promise<Row[]>
}

type Build<Shape, Row> = (db: Db | Tx, shape: Shape, value: ValueOf) => { prepare(name: string): CachedStatement<Row> }

/** More shapes than any statement has; past it the cached statements of that statement and database start over. */
const MAX_SHAPES = 500

const placeholder: ValueOf = (name) => sql.placeholder(name)

/** Values go to the driver as they are, without a column's encoding: an instant as its ISO text. */
function driverValues(values: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, v] of Object.entries(values)) out[name] = v instanceof Date ? v.toISOString() : v
  return out
}

/** The statement `build` makes for `shape`, built on first use for each database handle (or transaction) and cached. */
export function cachedStatement<Shape, Row>(name: string, build: Build<Shape, Row>) {
  const cache = new WeakMap<Db | Tx, Map<string, CachedStatement<Row>>>()
  return (db: Db | Tx, shape: Shape, values: Record<string, unknown>): Promise<Row[]> => {
    let byShape = cache.get(db)
    if (!byShape) cache.set(db, (byShape = new Map()))
    const key = JSON.stringify(shape)
    let statement = byShape.get(key)
    if (!statement) {
      if (byShape.size >= MAX_SHAPES) byShape.clear()
      statement = build(db, shape, placeholder).prepare(name)
      byShape.set(key, statement)
    }
    return statement.execute(driverValues(values))
  }
}

/**
 * A paged list as a statement built from its shape: which filters are present, how the text searches are
 * asked (`containsPatterns` in contains.ts), the sort.
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
  page: (db: Db, shape: Shape, value: ValueOf, matching: SQLWrapper) => { prepare(name: string): CachedStatement<Row & { matchingCount: number }> }
}

/**
 * A list's page as a cached statement, with its total as `withPageTotal` gives it (from the page's
 * `matchingCount`). The rare statements around a page (a page past the end, which has no row to carry the
 * total; the planner's estimate past EXACT_TOTAL_LIMIT) are built for the one call, from the same
 * `matching`, with the values bound as parameters.
 */
export function cachedList<Shape, Row>(list: ListStatement<Shape, Row>) {
  const page = cachedStatement<Shape, Row & { matchingCount: number }>(list.name, (db, shape, value) =>
    list.page(db as Db, shape, value, list.matching(db as Db, shape, value)),
  )
  return async (db: Db, shape: Shape, values: Record<string, unknown>, paging: { page: number; pageSize: number }): Promise<{ rows: Row[] } & PageTotal> => {
    const all = { ...values, limit: paging.pageSize, offset: (paging.page - 1) * paging.pageSize }
    const rows = await page(db, shape, all)
    // Only for a page past the end or past EXACT_TOTAL_LIMIT: `matching` built for this call.
    const countedAlone = () => list.matching(db, shape, boundValues(list.name, all))
    return withPageTotal(db, rows, countedAlone) as Promise<{ rows: Row[] } & PageTotal>
  }
}

/**
 * Values given as bound parameters where a cached statement has placeholders: the same text, built for
 * one call (a statement run once, such as the planner's estimate of a total).
 */
export function boundValues(statementName: string, values: Record<string, unknown>): ValueOf {
  const bound = driverValues(values)
  return (name) => {
    if (!(name in bound)) throw new Error(`${statementName}: no value for ${name}`)
    return new Param(bound[name]) as unknown as Placeholder
  }
}
