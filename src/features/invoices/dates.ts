/**
 * Invoice dates on the platform's own Intl instead of lib/dates' luxon: the invoice pages then load
 * about 20 KB less script (docs/decisions/2026-11-21-invoices-pwa.md). Nothing is imported from
 * lib/dates, not even its constants: the bundler keeps lib/dates and luxon in one shared chunk, so any
 * import would load luxon. dates.test.ts holds these to exactly the output of lib/dates.
 */

/** The provider's clock (lib/dates' DISPLAY_ZONE). */
const ZONE = 'America/New_York'

/** 1 -> '1st', 2 -> '2nd', 11 -> '11th', 22 -> '22nd'. */
function ordinal(day: number): string {
  const lastTwo = day % 100
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`
  const suffixes: Record<number, string> = { 1: 'st', 2: 'nd', 3: 'rd' }
  return `${day}${suffixes[day % 10] ?? 'th'}`
}

const dayParts = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, year: 'numeric', month: 'long', day: 'numeric' })
const dateTime = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

function toDate(value: string | Date | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** 'Do MMMM, YYYY' on the New York clock: '2024-05-01T12:00:00Z' -> '1st May, 2024'. */
export function formatInvoiceDay(value: string | Date | null | undefined, fallback = ''): string {
  const date = toDate(value)
  if (!date) return fallback
  const parts = Object.fromEntries(dayParts.formatToParts(date).map((part) => [part.type, part.value]))
  return `${ordinal(Number(parts.day))} ${parts.month}, ${parts.year}`
}

/** 'May 1, 2024, 8:00 AM EDT' (when saved data was saved). */
export function formatSavedAt(value: string | Date | number): string {
  const date = toDate(typeof value === 'number' ? new Date(value) : value)
  return date ? dateTime.format(date).replace(/ at /, ', ') : ''
}
