import { describe, expect, it } from 'vitest'
import {
  calendarDate,
  daysBetween,
  daysLeftToRequest,
  daysText,
  formatDateTime,
  formatDocumentDate,
  formatInvoiceDate,
  formatRelativeTime,
  ordinal,
  todayYmd,
} from './dates.ts'

/** The platform's own date and time on the New York clock, to compare with. */
const newYorkDateTime = (locale: string) =>
  new Intl.DateTimeFormat(locale, {
    timeZone: 'America/New_York',
    month: 'short',
    day: 'numeric',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZoneName: 'short',
  })

/** Each unit of relative time and its length, to compare with Intl's RelativeTimeFormat. */
const RELATIVE_UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['minute', 60_000],
  ['hour', 3_600_000],
  ['day', 86_400_000],
  ['week', 7 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['year', 365 * 86_400_000],
]

// These tests run under any TZ (npm scripts try UTC, Asia/Tokyo and America/Los_Angeles): nothing here
// may depend on the machine's zone.

describe('calendar dates (YYYY-MM-DD) show as that very day', () => {
  it('does not move a date received through UTC into New York time (the 20-Nov bug)', () => {
    expect(formatDocumentDate('2026-11-21')).toBe('21-Nov-2026')
    expect(formatInvoiceDate('2026-11-21')).toBe('21st November, 2026')
    expect(calendarDate('2026-11-21')).toBe('2026-11-21')
  })

  it.each([
    ['2024-01-01', '01-Jan-2024', '1st January, 2024'],
    ['2023-12-31', '31-Dec-2023', '31st December, 2023'],
    ['2024-03-01', '01-Mar-2024', '1st March, 2024'],
    ['2024-02-29', '29-Feb-2024', '29th February, 2024'],
    ['2024-05-01', '01-May-2024', '1st May, 2024'],
    ['2024-09-30', '30-Sep-2024', '30th September, 2024'],
    // The days clocks change on: midnight exists on both, the day must not slip.
    ['2026-03-08', '08-Mar-2026', '8th March, 2026'],
    ['2026-11-01', '01-Nov-2026', '1st November, 2026'],
  ])('%s -> %s, %s', (value, documentDate, invoiceDate) => {
    expect(formatDocumentDate(value)).toBe(documentDate)
    expect(formatInvoiceDate(value)).toBe(invoiceDate)
  })

  it('refuses dates that are not on the calendar', () => {
    expect(formatDocumentDate('2023-02-29', '—')).toBe('—')
    expect(formatDocumentDate('2024-13-01', '—')).toBe('—')
    expect(formatInvoiceDate('2024-04-31', 'N/A')).toBe('N/A')
  })
})

describe('instants show on the New York clock', () => {
  it('puts the hours after UTC midnight on the previous day', () => {
    expect(formatInvoiceDate('2024-05-01T02:00:00Z')).toBe('30th April, 2024')
    expect(formatDocumentDate('2024-05-01T02:00:00Z')).toBe('30-Apr-2024')
    expect(formatDocumentDate('2024-05-01T03:59:59Z')).toBe('30-Apr-2024')
    expect(formatDocumentDate('2024-05-01T04:00:00Z')).toBe('01-May-2024')
    expect(formatDocumentDate('2024-05-01T12:00:00Z')).toBe('01-May-2024')
  })

  it('crosses month and year ends, with the winter offset (UTC-5)', () => {
    expect(formatInvoiceDate('2024-01-01T04:59:00Z')).toBe('31st December, 2023')
    expect(formatInvoiceDate('2024-01-01T05:00:00Z')).toBe('1st January, 2024')
    expect(formatDocumentDate('2024-03-01T04:30:00Z')).toBe('29-Feb-2024')
    expect(formatInvoiceDate('2024-06-02T02:00:00Z')).toBe('1st June, 2024')
  })

  it('reads a time without an offset as UTC, and other offsets as given', () => {
    expect(formatDocumentDate('2024-05-01T02:00:00')).toBe('30-Apr-2024')
    expect(formatDocumentDate('2024-05-01T02:00:00.123456Z')).toBe('30-Apr-2024')
    expect(formatDocumentDate('2024-05-01T02:00:00+02:00')).toBe('30-Apr-2024')
    expect(formatDocumentDate('2024-04-30T23:30:00-05:00')).toBe('01-May-2024')
    expect(formatDocumentDate('2024-05-01 12:00:00+00')).toBe('01-May-2024')
  })

  it('accepts a Date and epoch milliseconds', () => {
    expect(formatDocumentDate(new Date('2024-12-25T17:00:00Z'))).toBe('25-Dec-2024')
    expect(formatDocumentDate(Date.parse('2024-12-25T03:00:00Z'))).toBe('24-Dec-2024')
  })
})

describe('ordinals (Do MMMM, YYYY)', () => {
  it('formats the spec example', () => {
    expect(formatInvoiceDate('2024-05-01T12:00:00Z')).toBe('1st May, 2024')
  })

  it.each([
    [1, '1st'],
    [2, '2nd'],
    [3, '3rd'],
    [4, '4th'],
    [11, '11th'],
    [12, '12th'],
    [13, '13th'],
    [21, '21st'],
    [22, '22nd'],
    [23, '23rd'],
    [31, '31st'],
  ])('day %i reads %s', (day, expected) => {
    expect(ordinal(day)).toBe(expected)
    expect(formatInvoiceDate(`2024-03-${String(day).padStart(2, '0')}T15:00:00Z`)).toBe(`${expected} March, 2024`)
    expect(formatInvoiceDate(`2024-03-${String(day).padStart(2, '0')}`)).toBe(`${expected} March, 2024`)
  })

  it('keeps 111th, 112th, 113th and 101st right', () => {
    expect([101, 111, 112, 113, 122].map(ordinal)).toEqual(['101st', '111th', '112th', '113th', '122nd'])
  })
})

describe('date-time (timelines, notifications, saved-at notes)', () => {
  it('writes the time with the zone', () => {
    expect(formatDateTime('2024-05-01T12:00:00Z')).toBe('May 1, 2024, 8:00 AM EDT')
    expect(formatDateTime('2026-11-21T14:05:00Z')).toBe('Nov 21, 2026, 9:05 AM EST')
    expect(formatDateTime('2026-12-24T23:05:00Z')).toBe('Dec 24, 2026, 6:05 PM EST')
  })

  it('writes midnight and noon as 12', () => {
    expect(formatDateTime('2024-05-01T04:00:00Z')).toBe('May 1, 2024, 12:00 AM EDT')
    expect(formatDateTime('2024-05-01T16:00:00Z')).toBe('May 1, 2024, 12:00 PM EDT')
  })

  it('follows the daylight-saving changes (2026: 8 March and 1 November)', () => {
    // Spring forward: 1:59 EST, then 3:00 EDT.
    expect(formatDateTime('2026-03-08T06:59:00Z')).toBe('Mar 8, 2026, 1:59 AM EST')
    expect(formatDateTime('2026-03-08T07:00:00Z')).toBe('Mar 8, 2026, 3:00 AM EDT')
    // Fall back: 1:30 happens twice.
    expect(formatDateTime('2026-11-01T05:30:00Z')).toBe('Nov 1, 2026, 1:30 AM EDT')
    expect(formatDateTime('2026-11-01T06:30:00Z')).toBe('Nov 1, 2026, 1:30 AM EST')
    expect(formatDocumentDate('2026-03-08T04:59:00Z')).toBe('07-Mar-2026')
    expect(formatDocumentDate('2026-03-08T05:00:00Z')).toBe('08-Mar-2026')
    expect(formatDocumentDate('2026-11-02T04:59:00Z')).toBe('01-Nov-2026')
    expect(formatDocumentDate('2026-11-02T05:00:00Z')).toBe('02-Nov-2026')
  })

  it('shows a calendar date at its midnight in New York, whatever the season', () => {
    expect(formatDateTime('2026-11-21')).toBe('Nov 21, 2026, 12:00 AM EST')
    expect(formatDateTime('2026-07-04')).toBe('Jul 4, 2026, 12:00 AM EDT')
    expect(formatDateTime('2026-03-08')).toBe('Mar 8, 2026, 12:00 AM EST')
    expect(formatDateTime('2026-11-01')).toBe('Nov 1, 2026, 12:00 AM EDT')
  })

  it('accepts epoch milliseconds (a query’s dataUpdatedAt)', () => {
    expect(formatDateTime(Date.parse('2026-05-01T12:00:00Z'))).toBe('May 1, 2026, 8:00 AM EDT')
  })

  // The module works the Eastern clock out from the US rule rather than asking Intl (lib/dates): it must
  // read exactly as the platform's own America/New_York does, minute by minute around every change.
  const intl = newYorkDateTime('en-US')
  const intlText = (at: number) =>
    intl
      .format(at)
      .replace(/\u202f/g, ' ')
      .replace(' at ', ', ')

  it('reads as Intl’s America/New_York around every clock change from 2007 to 2040', () => {
    const differing: string[] = []
    for (let year = 2007; year <= 2040; year++) {
      for (const month of [2, 10]) {
        // Every 10 minutes from the 1st to the 15th of March and of November (both changes fall in them).
        for (let at = Date.UTC(year, month, 1); at < Date.UTC(year, month, 15); at += 600_000) {
          if (formatDateTime(at) !== intlText(at)) differing.push(`${new Date(at).toISOString()}: ${formatDateTime(at)} / ${intlText(at)}`)
        }
      }
    }
    expect(differing).toEqual([])
  })

  it('reads as Intl on the hour across whole years, and before 2007 (older rules, from Intl)', () => {
    const differing: string[] = []
    for (const year of [1999, 2005, 2006, 2007, 2024, 2026, 2039]) {
      for (let at = Date.UTC(year, 0, 1); at < Date.UTC(year + 1, 0, 1); at += 3_600_000) {
        if (formatDateTime(at) !== intlText(at)) differing.push(`${new Date(at).toISOString()}: ${formatDateTime(at)} / ${intlText(at)}`)
      }
    }
    expect(differing).toEqual([])
    // 2006 still had the old rule: daylight time from the first Sunday of April.
    expect(formatDateTime('2006-03-20T12:00:00Z')).toBe('Mar 20, 2006, 7:00 AM EST')
    expect(formatDateTime('2006-04-02T07:00:00Z')).toBe('Apr 2, 2006, 3:00 AM EDT')
  })
})

describe('missing or broken values', () => {
  it.each([null, undefined, '', 'not a date', '2024-05-01T25:00:00Z', '05/01/2024', Number.NaN, new Date('nope')])('%s gives the fallback', (value) => {
    expect(formatInvoiceDate(value, 'N/A')).toBe('N/A')
    expect(formatDocumentDate(value, '—')).toBe('—')
    expect(formatDateTime(value, '?')).toBe('?')
    expect(formatRelativeTime(value, '2024-05-01T12:00:00Z', '?')).toBe('?')
    expect(calendarDate(value)).toBeNull()
    expect(daysBetween(value, '2024-05-01')).toBeNaN()
    expect(daysLeftToRequest(value, '2024-05-01T12:00:00Z')).toBe(0)
  })

  it('falls back to an empty string by default', () => {
    expect(formatInvoiceDate(null)).toBe('')
    expect(formatDocumentDate(undefined)).toBe('')
    expect(formatDateTime('x')).toBe('')
  })
})

describe('relative time (notifications)', () => {
  const now = '2024-05-10T12:00:00Z'
  it.each([
    ['2024-05-10T11:59:30Z', 'just now'],
    ['2024-05-10T11:59:00Z', '1 minute ago'],
    ['2024-05-10T11:55:00Z', '5 minutes ago'],
    ['2024-05-10T10:30:00Z', '1 hour ago'],
    ['2024-05-09T12:00:00Z', 'yesterday'],
    ['2024-05-07T12:00:00Z', '3 days ago'],
    ['2024-04-19T12:00:00Z', '3 weeks ago'],
    ['2024-03-01T12:00:00Z', '2 months ago'],
    ['2022-05-01T12:00:00Z', '2 years ago'],
    ['2024-05-12T12:00:00Z', 'in 2 days'],
    ['2024-05-10T12:00:30Z', 'just now'],
  ])('%s is %s', (value, expected) => {
    expect(formatRelativeTime(value, now)).toBe(expected)
  })

  it('words every unit as Intl’s RelativeTimeFormat (numeric: auto) does', () => {
    const intl = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })
    const base = Date.parse(now)
    for (const [unit, ms] of RELATIVE_UNITS) {
      for (const count of [-2, -1, 1, 2]) {
        // The largest unit that fits is used: a count of 2 minutes, not of 120 seconds.
        expect(formatRelativeTime(base + count * ms, base)).toBe(intl.format(count, unit))
      }
    }
  })

  it('counts from the current time by default', () => {
    expect(formatRelativeTime(new Date(Date.now() - 5 * 60_000))).toBe('5 minutes ago')
    expect(formatRelativeTime(Date.now() - 2 * 86_400_000, Date.now())).toBe('2 days ago')
  })
})

describe('day counts', () => {
  it('counts calendar days in New York', () => {
    expect(daysBetween('2024-05-01T12:00:00Z', '2024-05-03T01:00:00Z')).toBe(1)
    expect(daysBetween('2024-05-01T12:00:00Z', '2024-05-03T12:00:00Z')).toBe(2)
    expect(daysBetween('2024-05-03T12:00:00Z', '2024-05-01T12:00:00Z')).toBe(-2)
  })

  it('counts calendar dates as they are, across DST and leap days', () => {
    expect(daysBetween('2026-03-07', '2026-03-09')).toBe(2)
    expect(daysBetween('2026-10-31', '2026-11-02')).toBe(2)
    expect(daysBetween('2024-02-28', '2024-03-01')).toBe(2)
    expect(daysBetween('2023-12-31', '2024-01-01')).toBe(1)
    expect(daysBetween('2024-05-01', '2024-05-01T03:00:00Z')).toBe(-1)
  })

  it('counts started days left to request by mail: 60 on upload, 1 in the last day, then 0', () => {
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-05-01T12:00:00Z')).toBe(60)
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-05-01T20:00:00Z')).toBe(60)
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-05-31T12:00:00Z')).toBe(30)
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-06-30T11:00:00Z')).toBe(1)
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-06-30T12:00:00Z')).toBe(0)
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-08-01T12:00:00Z')).toBe(0)
    // Never more than the window, even with a clock behind the upload.
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-04-01T12:00:00Z')).toBe(60)
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-05-03T12:00:00Z', 10)).toBe(8)
  })

  it('takes today on the Florida clock', () => {
    expect(todayYmd(new Date('2026-11-22T03:30:00Z'))).toBe('2026-11-21')
    expect(todayYmd(new Date('2026-11-22T12:00:00Z'))).toBe('2026-11-22')
    expect(todayYmd('2026-01-01T04:59:59Z')).toBe('2025-12-31')
    expect(todayYmd()).toMatch(/^\d{4}-\d{2}-\d{2}$/)
  })

  it('says days in words', () => {
    expect(daysText(1)).toBe('1 day')
    expect(daysText(0)).toBe('0 days')
    expect(daysText(45)).toBe('45 days')
  })
})

describe('in Spanish', () => {
  it('writes invoice dates, document dates and day counts as Spanish does', () => {
    expect(formatInvoiceDate('2024-05-01', '', 'es')).toBe('1 de mayo de 2024')
    expect(formatInvoiceDate('2024-05-01T02:00:00Z', '', 'es')).toBe('30 de abril de 2024')
    expect(formatDocumentDate('2024-05-01', '', 'es')).toBe('01-may-2024')
    expect(formatDocumentDate('2024-01-09', '', 'es')).toBe('09-ene-2024')
    expect(formatDocumentDate('2024-08-31', '', 'es')).toBe('31-ago-2024')
    expect(daysText(1, 'es')).toBe('1 día')
    expect(daysText(45, 'es')).toBe('45 días')
    // English stays the spec's.
    expect(formatInvoiceDate('2024-05-01', '', 'en')).toBe('1st May, 2024')
    expect(formatDocumentDate('2024-05-01', '', 'en')).toBe('01-May-2024')
  })

  it('writes invoice dates as Intl’s Spanish long dates, every day of a leap year', () => {
    const intl = new Intl.DateTimeFormat('es-US', { timeZone: 'UTC', day: 'numeric', month: 'long', year: 'numeric' })
    const differing: string[] = []
    for (let at = Date.UTC(2024, 0, 1); at < Date.UTC(2025, 0, 1); at += 86_400_000) {
      const day = new Date(at).toISOString().slice(0, 10)
      if (formatInvoiceDate(day, '', 'es') !== intl.format(at)) differing.push(`${day}: ${formatInvoiceDate(day, '', 'es')} / ${intl.format(at)}`)
    }
    expect(differing).toEqual([])
  })

  it('writes date-times as Intl’s US Spanish on the New York clock, on the hour across a year', () => {
    const intl = newYorkDateTime('es-US')
    const intlText = (at: number) => intl.format(at).replace(/[\u202f\u00a0]/g, ' ')
    const differing: string[] = []
    for (let at = Date.UTC(2026, 0, 1); at < Date.UTC(2027, 0, 1); at += 3_600_000) {
      if (formatDateTime(at, '', 'es') !== intlText(at)) differing.push(`${new Date(at).toISOString()}: ${formatDateTime(at, '', 'es')} / ${intlText(at)}`)
    }
    expect(differing).toEqual([])
  })

  it('words every relative unit as Intl’s Spanish RelativeTimeFormat (numeric: auto) does', () => {
    const intl = new Intl.RelativeTimeFormat('es', { numeric: 'auto' })
    const base = Date.parse('2024-05-10T12:00:00Z')
    for (const [unit, ms] of RELATIVE_UNITS) {
      for (const count of [-3, -2, -1, 1, 2, 3]) expect(formatRelativeTime(base + count * ms, base, '', 'es')).toBe(intl.format(count, unit))
    }
    expect(formatRelativeTime(base + 10_000, base, '', 'es')).toBe('ahora mismo')
  })
})
