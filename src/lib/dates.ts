/**
 * Every date the portal shows goes through this module (no date library:
 * docs/decisions/2026-11-22-dates-on-intl.md; and no Intl on the way to a page's first dates:
 * docs/decisions/2026-11-29-no-intl-on-the-first-page.md).
 *
 * Two kinds of value travel from the server:
 * - instants, ISO 8601 with a time ('2024-05-01T12:00:00Z'): shown on the provider's clock (Florida),
 *   so '2024-05-01T02:00:00Z' is 30th April;
 * - calendar dates, 'YYYY-MM-DD' (a document's date received): shown as that very day. Read as UTC
 *   midnight and moved to Florida time they would show the day before.
 * A time without an offset is read as UTC, as everything on the wire is UTC. The machine's own time zone
 * never matters.
 */

import type { Language } from '@contract/languages'
import { MONTH_ABBREVIATIONS, MONTH_NAMES, SPANISH_MONTH_ABBREVIATIONS, SPANISH_MONTHS, SPANISH_SHORT_MONTHS } from './month-names'

export const DISPLAY_ZONE = 'America/New_York'
const LOCALE = 'en-US'

/** A client may request a document by mail for 60 days after upload. */
export const MAIL_REQUEST_WINDOW_DAYS = 60

/** ISO text, a Date, or milliseconds since the epoch (e.g. a query's `dataUpdatedAt`). */
export type DateInput = string | number | Date | null | undefined

const DAY_MS = 86_400_000

/** A day on a calendar: month 1-12. */
interface CalendarDay {
  year: number
  month: number
  day: number
}

/** The provider's clock: what an instant reads there, with the zone's name ('EDT', 'EST'). */
interface ZonedTime extends CalendarDay {
  hour: number
  minute: number
  zoneName: string
}

// The provider's clock is US Eastern time. From 2007 on (the rule US law has set since then) it is worked
// out here: daylight time from 2:00 on the second Sunday of March to 2:00 on the first Sunday of
// November. The platform's Intl is used only for earlier instants: the first formatter a page builds
// loads the locale and zone data in one long task on a phone, which no page should pay to show a
// date (docs/decisions/2026-11-29-no-intl-on-the-first-page.md). The unit tests compare this rule with
// Intl's America/New_York hour by hour around every change from 2007 to 2040.
const RULE_FROM_YEAR = 2007
const HOUR_MS = 3_600_000

/** The instants (ms) daylight time starts and ends in `year` (07:00 and 06:00 UTC on those Sundays). */
function daylightSpan(year: number): [number, number] {
  const firstSunday = (month: number) => 1 + ((7 - new Date(Date.UTC(year, month, 1)).getUTCDay()) % 7)
  return [Date.UTC(year, 2, firstSunday(2) + 7, 7), Date.UTC(year, 10, firstSunday(10), 6)]
}

let zonedFormat: Intl.DateTimeFormat | undefined
const intlParts = (at: Date) => {
  const parts: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {}
  zonedFormat ??= new Intl.DateTimeFormat(LOCALE, {
    timeZone: DISPLAY_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
    hourCycle: 'h23',
    timeZoneName: 'short',
  })
  for (const part of zonedFormat.formatToParts(at)) parts[part.type] = part.value
  return parts
}

/** The provider's offset from UTC at an instant (ms: -4 h in summer, -5 h in winter) and its name. */
function zoneAt(at: Date): { offset: number; name: string } {
  if (at.getUTCFullYear() >= RULE_FROM_YEAR) {
    const [start, end] = daylightSpan(at.getUTCFullYear())
    const ms = at.getTime()
    return ms >= start && ms < end ? { offset: -4 * HOUR_MS, name: 'EDT' } : { offset: -5 * HOUR_MS, name: 'EST' }
  }
  const parts = intlParts(at)
  const asUtc = Date.UTC(Number(parts.year), Number(parts.month) - 1, Number(parts.day), Number(parts.hour) % 24, Number(parts.minute), Number(parts.second))
  return { offset: asUtc - Math.floor(at.getTime() / 1000) * 1000, name: parts.timeZoneName ?? '' }
}

const PLAIN_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|[+-]\d{2}(?::?\d{2})?)?$/i

/** A calendar day with no time, when `value` is one ('2024-02-30' is none). */
function plainDate(value: string): CalendarDay | null {
  const match = PLAIN_DATE.exec(value)
  if (!match) return null
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const check = new Date(Date.UTC(year, month - 1, day))
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day ? { year, month, day } : null
}

/** An ISO date-time as an instant; without an offset it is UTC. */
function parseDateTime(value: string): Date | null {
  const match = DATE_TIME.exec(value)
  if (!match) return null
  let offset = match[3] ?? 'Z'
  if (/^[+-]\d{2}$/.test(offset)) offset += ':00'
  else if (/^[+-]\d{4}$/.test(offset)) offset = `${offset.slice(0, 3)}:${offset.slice(3)}`
  const date = new Date(`${match[1]}T${match[2]}${offset.toUpperCase()}`)
  return Number.isNaN(date.getTime()) ? null : date
}

function zoned(at: Date): ZonedTime {
  const { offset, name } = zoneAt(at)
  const wall = new Date(at.getTime() + offset)
  return {
    year: wall.getUTCFullYear(),
    month: wall.getUTCMonth() + 1,
    day: wall.getUTCDate(),
    hour: wall.getUTCHours(),
    minute: wall.getUTCMinutes(),
    zoneName: name,
  }
}

/** Midnight starting a calendar day on the provider's clock. */
function startOfDay({ year, month, day }: CalendarDay): Date {
  const wall = Date.UTC(year, month - 1, day)
  let at = wall - zoneAt(new Date(wall)).offset
  // The offset may differ between the guess and the answer on a daylight-saving day.
  at = wall - zoneAt(new Date(at)).offset
  return new Date(at)
}

type Reading = { kind: 'day'; day: CalendarDay } | { kind: 'instant'; at: Date }

function read(value: DateInput): Reading | null {
  if (value === null || value === undefined || value === '') return null
  if (value instanceof Date || typeof value === 'number') {
    const at = new Date(value instanceof Date ? value.getTime() : value)
    return Number.isNaN(at.getTime()) ? null : { kind: 'instant', at }
  }
  const text = value.trim()
  const day = plainDate(text)
  if (day) return { kind: 'day', day }
  const at = parseDateTime(text)
  return at ? { kind: 'instant', at } : null
}

/** The day a value names: a calendar date as it is, an instant as the provider's clock reads it. */
function calendarDayOf(value: DateInput): CalendarDay | null {
  const reading = read(value)
  if (!reading) return null
  return reading.kind === 'day' ? reading.day : zoned(reading.at)
}

/** The instant a value names: a calendar date starts at midnight on the provider's clock. */
function instantOf(value: DateInput): Date | null {
  const reading = read(value)
  if (!reading) return null
  return reading.kind === 'day' ? startOfDay(reading.day) : reading.at
}

const pad2 = (n: number) => String(n).padStart(2, '0')
const dayNumber = ({ year, month, day }: CalendarDay) => Date.UTC(year, month - 1, day) / DAY_MS

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

/**
 * Invoice dates, 'Do MMMM, YYYY': '2024-05-01T12:00:00Z' and '2024-05-01' -> '1st May, 2024'; in
 * Spanish '1 de mayo de 2024'.
 */
export function formatInvoiceDate(value: DateInput, fallback = '', language: Language = 'en'): string {
  const date = calendarDayOf(value)
  if (!date) return fallback
  if (language === 'es') return `${date.day} de ${SPANISH_MONTHS[date.month - 1]} de ${date.year}`
  return `${ordinal(date.day)} ${MONTH_NAMES[date.month - 1]}, ${date.year}`
}

/** Document dates, DD-MMM-YYYY: '2024-05-01' and '2024-05-01T12:00:00Z' -> '01-May-2024'; in Spanish '01-may-2024'. */
export function formatDocumentDate(value: DateInput, fallback = '', language: Language = 'en'): string {
  const date = calendarDayOf(value)
  if (!date) return fallback
  const months = language === 'es' ? SPANISH_MONTH_ABBREVIATIONS : MONTH_ABBREVIATIONS
  return `${pad2(date.day)}-${months[date.month - 1]}-${date.year}`
}

/**
 * Timelines, messages, "saved at" notes: 'May 1, 2024, 8:00 AM EDT'; in Spanish, as US Spanish writes
 * it, '1 may 2024, 8:00 a.m. EDT'. A calendar date shows its midnight.
 */
export function formatDateTime(value: DateInput, fallback = '', language: Language = 'en'): string {
  const at = instantOf(value)
  if (!at) return fallback
  const t = zoned(at)
  const hour12 = t.hour % 12 === 0 ? 12 : t.hour % 12
  if (language === 'es')
    return `${t.day} ${SPANISH_SHORT_MONTHS[t.month - 1]} ${t.year}, ${hour12}:${pad2(t.minute)} ${t.hour < 12 ? 'a.m.' : 'p.m.'} ${t.zoneName}`
  return `${MONTH_ABBREVIATIONS[t.month - 1]} ${t.day}, ${t.year}, ${hour12}:${pad2(t.minute)} ${t.hour < 12 ? 'AM' : 'PM'} ${t.zoneName}`
}

type RelativeUnit = 'year' | 'month' | 'week' | 'day' | 'hour' | 'minute'
const RELATIVE_UNITS: [RelativeUnit, number][] = [
  ['year', 365 * DAY_MS],
  ['month', 30 * DAY_MS],
  ['week', 7 * DAY_MS],
  ['day', DAY_MS],
  ['hour', HOUR_MS],
  ['minute', 60_000],
]
/** What English says for one unit back or ahead, where it has a word for it (as Intl's numeric: 'auto'). */
const ONE_BACK: Partial<Record<RelativeUnit, string>> = { year: 'last year', month: 'last month', week: 'last week', day: 'yesterday' }
const ONE_AHEAD: Partial<Record<RelativeUnit, string>> = { year: 'next year', month: 'next month', week: 'next week', day: 'tomorrow' }

/** Spanish units, one and many, and what Spanish says for one unit back or ahead. */
const SPANISH_UNITS: Record<RelativeUnit, [string, string]> = {
  year: ['año', 'años'],
  month: ['mes', 'meses'],
  week: ['semana', 'semanas'],
  day: ['día', 'días'],
  hour: ['hora', 'horas'],
  minute: ['minuto', 'minutos'],
}
const SPANISH_ONE_BACK: Partial<Record<RelativeUnit, string>> = { year: 'el año pasado', month: 'el mes pasado', week: 'la semana pasada', day: 'ayer' }
const SPANISH_ONE_AHEAD: Partial<Record<RelativeUnit, string>> = {
  year: 'el próximo año',
  month: 'el próximo mes',
  week: 'la próxima semana',
  day: 'mañana',
}

/**
 * -2 days -> '2 days ago' ('anteayer'), 3 hours -> 'in 3 hours' ('dentro de 3 horas'), -1 day ->
 * 'yesterday' ('ayer'); count never 0.
 */
function relativeText(count: number, unit: RelativeUnit, language: Language): string {
  if (language === 'es') {
    const words = `${Math.abs(count)} ${SPANISH_UNITS[unit][Math.abs(count) === 1 ? 0 : 1]}`
    if (unit === 'day' && Math.abs(count) === 2) return count < 0 ? 'anteayer' : 'pasado mañana'
    if (count < 0) return (count === -1 && SPANISH_ONE_BACK[unit]) || `hace ${words}`
    return (count === 1 && SPANISH_ONE_AHEAD[unit]) || `dentro de ${words}`
  }
  const words = ` ${unit}${Math.abs(count) === 1 ? '' : 's'}`
  if (count < 0) return (count === -1 && ONE_BACK[unit]) || `${-count}${words} ago`
  return (count === 1 && ONE_AHEAD[unit]) || `in ${count}${words}`
}

/**
 * How long ago, or how soon (notifications): 'just now' within a minute, then '5 minutes ago',
 * 'yesterday', '3 weeks ago', 'in 2 days', counting whole units.
 */
export function formatRelativeTime(value: DateInput, now: DateInput = Date.now(), fallback = '', language: Language = 'en'): string {
  const at = instantOf(value)
  const base = instantOf(now)
  if (!at || !base) return fallback
  const elapsed = base.getTime() - at.getTime()
  for (const [unit, ms] of RELATIVE_UNITS) {
    if (Math.abs(elapsed) >= ms) return relativeText(-Math.trunc(elapsed / ms), unit, language)
  }
  return language === 'es' ? 'ahora mismo' : 'just now'
}

/** A day on the provider's calendar as YYYY-MM-DD ('2024-05-01T02:00:00Z' -> '2024-04-30'); null when unreadable. */
export function calendarDate(value: DateInput): string | null {
  const date = calendarDayOf(value)
  return date ? `${date.year}-${pad2(date.month)}-${pad2(date.day)}` : null
}

/** Today on the provider's clock, as YYYY-MM-DD (late evening in Florida is already tomorrow in UTC). */
export function todayYmd(now: DateInput = Date.now()): string {
  return calendarDate(now) ?? ''
}

/** Whole calendar days (on the display clock) from `from` to `to`; negative when `to` is earlier. */
export function daysBetween(from: DateInput, to: DateInput): number {
  const start = calendarDayOf(from)
  const end = calendarDayOf(to)
  return start && end ? dayNumber(end) - dayNumber(start) : Number.NaN
}

/**
 * Days left to request a document by mail, counted as the server does (started days): 60 on upload,
 * 1 during the last 24 hours, 0 once 60 × 24 hours have passed. Prefer the server's `daysLeft` when a
 * response carries it; this is for ticking the count on screen.
 */
export function daysLeftToRequest(uploadedAt: DateInput, now: DateInput = Date.now(), windowDays = MAIL_REQUEST_WINDOW_DAYS): number {
  const start = instantOf(uploadedAt)
  const current = instantOf(now)
  if (!start || !current) return 0
  const remainingMs = start.getTime() + windowDays * DAY_MS - current.getTime()
  return Math.min(windowDays, Math.max(0, Math.ceil(remainingMs / DAY_MS)))
}

/** '1 day', '45 days'; in Spanish '1 día', '45 días'. */
export function daysText(days: number, language: Language = 'en'): string {
  if (language === 'es') return `${days} ${days === 1 ? 'día' : 'días'}`
  return `${days} ${days === 1 ? 'day' : 'days'}`
}
