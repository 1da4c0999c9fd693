import { DateTime } from 'luxon'

/** The time zone invoices are dated in for people (the wire carries UTC). */
export const PORTAL_ZONE = 'America/New_York'

/** "$1,234.56" from integer cents, without floating point. */
export function formatUsd(cents: number): string {
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.trunc(cents))
  const dollars = Math.floor(abs / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${sign}$${dollars}.${String(abs % 100).padStart(2, '0')}`
}

function ordinal(day: number): string {
  const tens = day % 100
  if (tens >= 11 && tens <= 13) return `${day}th`
  return `${day}${{ 1: 'st', 2: 'nd', 3: 'rd' }[day % 10] ?? 'th'}`
}

/** The invoice date format ('Do MMMM, YYYY', e.g. "1st May, 2024") in the portal's zone. */
export function formatInvoiceDate(date: Date): string {
  const local = DateTime.fromJSDate(date, { zone: PORTAL_ZONE })
  return `${ordinal(local.day)} ${local.toFormat('MMMM, yyyy', { locale: 'en-US' })}`
}

/** Start of a calendar day (YYYY-MM-DD) in the portal's zone, as an instant. */
export function startOfPortalDay(day: string): Date {
  return DateTime.fromISO(day, { zone: PORTAL_ZONE }).startOf('day').toJSDate()
}

/** Start of the day after a calendar day in the portal's zone: the exclusive end of "up to that day". */
export function endOfPortalDay(day: string): Date {
  return DateTime.fromISO(day, { zone: PORTAL_ZONE }).startOf('day').plus({ days: 1 }).toJSDate()
}

/** Labels people see for a status code ('NEW' reads 'UNPAID'). */
export function invoiceStatusText(status: number): string {
  return ({ 1: 'PAID', 2: 'UNPAID', 3: 'OVERDUE' } as Record<number, string>)[status] ?? 'Unknown'
}
