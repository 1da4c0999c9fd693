import * as v from 'valibot'

/** The one error body of every failed call. */
export const ErrorBodySchema = v.object({
  detail: v.string(),
  details: v.string(),
  issues: v.optional(v.array(v.object({ path: v.string(), message: v.string() }))),
})
export type ErrorBody = v.InferOutput<typeof ErrorBodySchema>

/** The largest id the database holds (a PostgreSQL integer). */
/** What every required field says when it is left empty, in forms and in the server's refusals alike. */
export const REQUIRED_MESSAGE = 'This field is mandatory'

export const MAX_ID = 2_147_483_647

/**
 * C0 control characters (U+0000 to U+001F) and DEL, except tab, line feed and carriage return. No text
 * field accepts them: PostgreSQL refuses U+0000 outright, and the others only hide or garble text.
 */
export const CONTROL_CHARACTERS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/
/** The same, with tab and line breaks: what a one-line field (a name, a city) refuses. */
export const LINE_CONTROL_CHARACTERS = /[\u0000-\u001F\u007F]/
export const CONTROL_CHARACTERS_MESSAGE = 'must not contain control characters'

/** For a one-line text field: no control characters, tabs or line breaks. */
export const singleLine = (label = 'This field') =>
  v.check<string, string>((s) => !LINE_CONTROL_CHARACTERS.test(s), `${label} ${CONTROL_CHARACTERS_MESSAGE} or line breaks`)
/** For a multi-line text field (a note, a message): tabs and line breaks allowed, other controls not. */
export const multiLine = (label = 'This field') => v.check<string, string>((s) => !CONTROL_CHARACTERS.test(s), `${label} ${CONTROL_CHARACTERS_MESSAGE}`)

/** An integer id in a JSON body: the same bounds as an id in a path. */
export const BodyId = (message = 'must be a positive whole number') =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_ID, 'is out of range'))

/** The text form of an id ('12'): a positive whole number without leading zeros. */
const ID_TEXT = /^[1-9][0-9]{0,9}$/

/**
 * An id from text (a route's `$id`), or null when it cannot be one: the rule of IdParam as plain code,
 * so the PWA's routes use it without loading a schema.
 */
export function idFromText(text: string): number | null {
  return ID_TEXT.test(text) && Number(text) <= MAX_ID ? Number(text) : null
}

/** A positive integer id in a path or query parameter ("12"); anything else is a 400, never a 500. */
export const idParam = (message = 'must be a positive whole number') =>
  v.pipe(v.string(), v.regex(ID_TEXT, message), v.transform(Number), v.maxValue(MAX_ID, 'is out of range'))
export const IdParam = idParam()
export const IdParamsSchema = v.object({ id: IdParam })

const DAY_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/

/**
 * Is `day` (YYYY-MM-DD) a day the calendar has? The pattern alone lets through 2026-02-30, 2025-02-29
 * and 2026-04-31, which the database refuses; there is no year 0000 either.
 */
export function isCalendarDay(day: string): boolean {
  if (!DAY_PATTERN.test(day) || day.startsWith('0000')) return false
  const date = new Date(`${day}T00:00:00Z`)
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(day)
}

/** A calendar day (YYYY-MM-DD), as every date of the API is sent: the pattern, then the calendar. */
export const calendarDay = (messages: { pattern?: string; calendar?: v.ErrorMessage<v.CheckIssue<string>> } = {}) =>
  v.pipe(
    v.string(),
    v.regex(DAY_PATTERN, messages.pattern ?? 'must be a date such as 2026-01-31'),
    v.check(isCalendarDay, messages.calendar ?? ((issue) => `${String(issue.input)} is not a date on the calendar`)),
  )

/** Money goes over the wire in dollars with two decimals; it is stored as integer cents. */
export const centsToDollars = (cents: number) => Math.round(cents) / 100
export const dollarsToCents = (dollars: number) => Math.round(dollars * 100)

/** The page sizes a list offers, 20 rows by default. */
export const PAGE_SIZES = [10, 20, 50, 100] as const
export type PageSize = (typeof PAGE_SIZES)[number]
export const DEFAULT_PAGE_SIZE: PageSize = 20
const PAGE_SIZE_MESSAGE = 'must be 10, 20, 50 or 100'

/** Server-side paging for large lists: ?page=1&pageSize=20&sort=field&order=asc&q=search */
export const PageQuerySchema = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'must be a whole number'), v.transform(Number), v.minValue(1)), '1'),
  pageSize: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[1-9]\d{0,2}$/, PAGE_SIZE_MESSAGE),
      v.transform(Number),
      v.check((n) => (PAGE_SIZES as readonly number[]).includes(n), PAGE_SIZE_MESSAGE),
    ),
    String(DEFAULT_PAGE_SIZE),
  ),
  sort: v.optional(v.pipe(v.string(), v.maxLength(40))),
  order: v.optional(v.picklist(['asc', 'desc'])),
  q: v.optional(v.pipe(v.string(), v.maxLength(200), singleLine('q'))),
})

/** A query value as the PWA sends it: a list goes as comma-separated text ('2,3'). */
type QueryValue<T> = T extends readonly unknown[] ? string : T

/**
 * The params of a list's GET, typed from the list's query schema here in contract/: the server validates
 * the query with the schema, the PWA builds its request with this type. Every param is optional (the
 * schema fills the defaults); values are the schema's parsed ones (numbers, booleans, picklists).
 */
export type ListParams<S extends v.GenericSchema> = { [K in keyof v.InferOutput<S>]?: QueryValue<v.InferOutput<S>[K]> }

/** `totalIsEstimate`: the list is large and `total` is the database's estimate ("about N"). */
export const pageOf = <T extends v.GenericSchema>(item: T) =>
  v.object({ data: v.array(item), total: v.number(), totalIsEstimate: v.optional(v.boolean()), page: v.number(), pageSize: v.number() })
