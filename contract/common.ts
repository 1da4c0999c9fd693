import * as v from 'valibot'

/** The one error body of every failed call. */
export const ErrorBodySchema = v.object({
  detail: v.string(),
  details: v.string(),
  issues: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
})
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>

/** A positive integer id in a path parameter ("12"); anything else is a 400, never a 500. */
export const IdParam = v.pipe(
  v.string(),
  v.regex(/^[1-9][0-9]{0,9}$/, 'must be a positive whole number'),
  v.transform(Number),
  v.maxValue(2_147_483_647, 'is out of range'),
)
export const IdParamsSchema = v.object({ id: IdParam })

/** Money goes over the wire in dollars with two decimals; it is stored as integer cents. */
export const centsToDollars = (cents: number) => Math.round(cents) / 100
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100)

/** Server-side paging for large lists: ?page=1&pageSize=20&sort=field&order=asc&q=search */
export const PageQuerySchema = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a whole number'), v.transform(Number), v.minValue(1)), '1'),
  pageSize: v.optional(v.pipe(v.string(), v.picklist(['10', '20', '50', '100'], 'must be 10, 20, 50 or 100'), v.transform(Number)), '20'),
  sort: v.optional(v.pipe(v.string(), v.maxLength(40))),
  order: v.optional(v.picklist(['asc', 'desc'])),
  q: v.optional(v.pipe(v.string(), v.maxLength(200))),
})

export const pageOf = <T extends v.GenericSchema>(item: T) =>
  v.object({ data: v.array(item), total: v.number(), page: v.number(), pageSize: v.number() })
