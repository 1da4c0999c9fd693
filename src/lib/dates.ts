import { DateTime } from 'luxon'

/** Dates travel as ISO 8601 in UTC; the portal shows them on the provider's clock (Florida). */
export const DISPLAY_ZONE = 'America/New_York'
const LOCALE = 'en-US'

/** SPEC.md: a client may request a document by mail for 60 days after upload. */
export const MAIL_REQUEST_WINDOW_DAYS = 60

export type DateInput = string | Date | null | undefined

function toZoned(value: DateInput): DateTime | null {
  if (value === null || value === undefined || value === '') return null
  const parsed = value instanceof Date ? DateTime.fromJSDate(value) : DateTime.fromISO(value, { zone: 'utc' })
  return parsed.isValid ? parsed.setZone(DISPLAY_ZONE).setLocale(LOCALE) : null
}

/** 1 -> '1st', 2 -> '2nd', 11 -> '11th', 22 -> '22nd'. */
export function ordinal(day: number): string {
  const lastTwo = day % 100
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`
  switch (day % 10) {
    case 1:
      return `${day}st`
    case 2:
      return `${day}nd`
    case 3:
      return `${day}rd`
    default:
      return `${day}th`
  }
}

/** Invoice dates, 'Do MMMM, YYYY': '2024-05-01T12:00:00Z' -> '1st May, 2024'. */
export function formatInvoiceDate(value: DateInput, fallback = ''): string {
  const date = toZoned(value)
  return date ? `${ordinal(date.day)} ${date.toFormat('LLLL, yyyy')}` : fallback
}

/** Document dates, DD-MMM-YYYY: '2024-05-01T12:00:00Z' -> '01-May-2024'. */
export function formatDocumentDate(value: DateInput, fallback = ''): string {
  const date = toZoned(value)
  return date ? date.toFormat('dd-LLL-yyyy') : fallback
}

/** Timelines and messages: 'May 1, 2024, 8:00 AM EDT'. */
export function formatDateTime(value: DateInput, fallback = ''): string {
  const date = toZoned(value)
  return date ? date.toFormat('LLL d, yyyy, h:mm a ZZZZ') : fallback
}

/** '5 minutes ago', 'in 2 days' (notifications). */
export function formatRelativeTime(value: DateInput, now: DateInput = new Date(), fallback = ''): string {
  const date = toZoned(value)
  const base = toZoned(now)
  return date && base ? (date.toRelative({ base, locale: LOCALE }) ?? fallback) : fallback
}

/** Whole calendar days (on the display clock) from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: DateInput, to: DateInput): number {
  const start = toZoned(from)
  const end = toZoned(to)
  if (!start || !end) return Number.NaN
  return Math.round(end.startOf('day').diff(start.startOf('day'), 'days').days)
}

/**
 * Days left to request a document by mail, counted as the server does (started days): 60 on upload,
 * 1 during the last 24 hours, 0 once 60 × 24 hours have passed. Prefer the server's `daysLeft` when a
 * response carries it; this is for ticking the count on screen.
 */
export function daysLeftToRequest(uploadedAt: DateInput, now: DateInput = new Date(), windowDays = MAIL_REQUEST_WINDOW_DAYS): number {
  const start = toZoned(uploadedAt)
  const current = toZoned(now)
  if (!start || !current) return 0
  const remainingMs = start.toMillis() + windowDays * 86_400_000 - current.toMillis()
  return Math.min(windowDays, Math.max(0, Math.ceil(remainingMs / 86_400_000)))
}
