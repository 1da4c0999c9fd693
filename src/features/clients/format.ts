/**
 * Display helpers of the client pages. Dates use the platform's Intl on the provider's clock rather than
 * lib/dates, whose luxon would add about 20 KB to these pages (format.test.ts holds both to the same
 * output).
 */
const ZONE = 'America/New_York'

const longDay = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, year: 'numeric', month: 'long', day: 'numeric' })
const shortDay = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, year: 'numeric', month: 'short', day: '2-digit' })

function toDate(value: string | null | undefined): Date | null {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

function partsOf(format: Intl.DateTimeFormat, date: Date): Record<string, string> {
  return Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]))
}

function ordinal(day: number): string {
  const lastTwo = day % 100
  if (lastTwo >= 11 && lastTwo <= 13) return `${day}th`
  return `${day}${({ 1: 'st', 2: 'nd', 3: 'rd' } as Record<number, string>)[day % 10] ?? 'th'}`
}

/** 'Do MMMM, YYYY' on the New York clock: '2026-07-24T12:00:00Z' -> '24th July, 2026'. */
export function formatLongDate(value: string | null | undefined, fallback = ''): string {
  const date = toDate(value)
  if (!date) return fallback
  const parts = partsOf(longDay, date)
  return `${ordinal(Number(parts.day))} ${parts.month}, ${parts.year}`
}

/** DD-MMM-YYYY on the New York clock: '2026-07-24T12:00:00Z' -> '24-Jul-2026'. */
export function formatShortDate(value: string | null | undefined, fallback = ''): string {
  const date = toDate(value)
  if (!date) return fallback
  const parts = partsOf(shortDay, date)
  return `${parts.day}-${parts.month}-${parts.year}`
}

/** A stored phone number as people read it: '+13055550142' -> '(305) 555-0142'; others as stored. */
export function formatPhone(phone: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone)
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone
}

/** Yes or No for a flag of the profile. */
export function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No'
}
