import { DateTime } from 'luxon'

/**
 * The deadline rules, in one place: Florida's annual report (when it opens and is due, its fee by entity
 * type, the late fee, administrative dissolution), the courts' legal holidays and the estimated answer
 * date of a service of process, the reminder days and the status of a deadline. Pure functions of
 * calendar days (YYYY-MM-DD) on the provider's clock (America/New_York); docs/deadlines.md explains
 * them and lists the fees and the holidays.
 */

export const PROVIDER_ZONE = 'America/New_York'

/** A deadline within this many days (and not done) is "due soon", and staff see it at risk. */
export const DUE_SOON_DAYS = 14

/** Today's date on the provider's clock. */
export const providerToday = (now: Date): string => DateTime.fromJSDate(now).setZone(PROVIDER_ZONE).toISODate()!

const day = (ymd: string) => DateTime.fromISO(ymd, { zone: 'utc' })
const ymdOf = (date: DateTime) => date.toISODate()!

/** `ymd` plus `days` calendar days. */
export const addDays = (ymd: string, days: number): string => ymdOf(day(ymd).plus({ days }))

/** Whole calendar days from `from` to `to` (negative when `to` is earlier). */
export const daysBetween = (from: string, to: string): number => Math.round(day(to).diff(day(from), 'days').days)

// ---------- the annual report ----------

export interface AnnualReportFees {
  /** The state's filing fee in dollars; null when the entity type files no annual report. */
  fee: number | null
  /** The late fee in dollars added after 1 May; 0 where Florida charges none. */
  lateFee: number
}

/**
 * Sunbiz's annual report fee by entity type (the names of business_entity_types). Professional
 * associations file as profit corporations. Florida general partnerships, fictitious names and
 * trademarks file no annual report (their registrations are renewed every five years instead).
 */
export const ANNUAL_REPORT_FEES: Record<string, AnnualReportFees> = {
  'Florida Profit Corporation': { fee: 150, lateFee: 400 },
  'Foreign Profit Corporation': { fee: 150, lateFee: 400 },
  'Florida Professional Association': { fee: 150, lateFee: 400 },
  'Florida Not For Profit Corporation': { fee: 61.25, lateFee: 0 },
  'Foreign Not For Profit Corporation': { fee: 61.25, lateFee: 0 },
  'Florida Limited Liability Company': { fee: 138.75, lateFee: 400 },
  'Foreign Limited Liability Company': { fee: 138.75, lateFee: 400 },
  'Florida Limited Partnership': { fee: 500, lateFee: 400 },
  'Florida Limited Liability Limited Partnership': { fee: 500, lateFee: 400 },
  'Foreign Limited Partnership': { fee: 500, lateFee: 400 },
  'Florida General Partnership': { fee: null, lateFee: 0 },
  'Fictitious Name (DBA)': { fee: null, lateFee: 0 },
  Trademark: { fee: null, lateFee: 0 },
}

/**
 * The fees of an entity type. An unknown or missing type is treated as filing a report with an unknown
 * fee (the deadline still matters more than the amount).
 */
export function annualReportFees(entityType: string | null | undefined): AnnualReportFees & { files: boolean } {
  if (!entityType) return { fee: null, lateFee: 0, files: true }
  const known = ANNUAL_REPORT_FEES[entityType]
  if (!known) return { fee: null, lateFee: 0, files: true }
  return { ...known, files: known.fee !== null }
}

/** Filing opens on 1 January of the report's year. */
export const annualReportOpens = (year: number): string => `${year}-01-01`

/** The report is due on 1 May; it is late from 2 May. */
export const annualReportDue = (year: number): string => `${year}-05-01`

/** The third Friday of September: a company that has not filed by then is administratively dissolved after it. */
export function dissolutionDate(year: number): string {
  const first = DateTime.utc(year, 9, 1)
  // Luxon weekdays: Monday 1 … Friday 5 … Sunday 7.
  const firstFriday = first.plus({ days: (5 - first.weekday + 7) % 7 })
  return ymdOf(firstFriday.plus({ weeks: 2 }))
}

/**
 * The first year a company files: the calendar year after the year it was formed or registered in
 * Florida (a company formed on 31 December 2025 files first in 2026, one formed on 1 January 2026 in
 * 2027).
 */
export const firstReportYear = (formedOn: string): number => day(formedOn).year + 1

/**
 * The report year that matters today: this calendar year's. With no formation date the company is taken
 * to have been formed before this year. Null when the first report is not due yet (formed this year).
 */
export function currentReportYear(today: string, formedOn: string | null): number | null {
  const year = day(today).year
  if (formedOn && firstReportYear(formedOn) > year) return null
  return year
}

/** Is a report of `year` late on `today` (unfiled after 1 May)? */
export const isReportLate = (year: number, today: string): boolean => today > annualReportDue(year)

/** What the state charges for `year`'s report filed on `filedOn` (or today, unfiled): the fee, plus the late fee after 1 May. */
export function amountDue(entityType: string | null | undefined, year: number, filedOn: string): number | null {
  const { fee, lateFee } = annualReportFees(entityType)
  if (fee === null) return null
  return filedOn > annualReportDue(year) ? fee + lateFee : fee
}

// ---------- reminders ----------

/** The days an unfiled report is reminded: when filing opens, two months, two weeks and three days before, and the day after (late). */
export const REMINDER_STAGES = [
  { stage: 'opens', month: 1, day: 2 },
  { stage: 'two-months', month: 3, day: 1 },
  { stage: 'two-weeks', month: 4, day: 15 },
  { stage: 'three-days', month: 4, day: 28 },
  { stage: 'late', month: 5, day: 2 },
] as const
export type ReminderStage = (typeof REMINDER_STAGES)[number]['stage']

/**
 * The reminder stage whose day has come on `today` for `year`'s report, the latest one only: a server
 * that was down on 1 March sends the March reminder on the 2nd, but not January's as well. Null
 * before 2 January.
 */
export function dueReminderStage(year: number, today: string): ReminderStage | null {
  let due: ReminderStage | null = null
  for (const { stage, month, day: dayOfMonth } of REMINDER_STAGES) {
    if (today >= ymdOf(DateTime.utc(year, month, dayOfMonth))) due = stage
  }
  return due
}

// ---------- court holidays ----------

export type Court = 'state' | 'federal'

export interface CourtHoliday {
  /** The day the courts are closed for it (the observed day, when the holiday itself falls on a weekend). */
  date: string
  name: string
}

/** The `nth` (1-based) `weekday` (Luxon: Monday 1 … Sunday 7) of `month`, or the last one when `nth` is -1. */
function nthWeekday(year: number, month: number, weekday: number, nth: number): DateTime {
  if (nth === -1) {
    const last = DateTime.utc(year, month, 1).endOf('month').startOf('day')
    return last.minus({ days: (last.weekday - weekday + 7) % 7 })
  }
  const first = DateTime.utc(year, month, 1)
  return first.plus({ days: ((weekday - first.weekday + 7) % 7) + (nth - 1) * 7 })
}

/** A fixed-date holiday falling on a Saturday is observed on the Friday before, on a Sunday on the Monday after (5 U.S.C. 6103(b); § 110.117, Florida Statutes). */
function observed(date: DateTime): DateTime {
  if (date.weekday === 6) return date.minus({ days: 1 })
  if (date.weekday === 7) return date.plus({ days: 1 })
  return date
}

const MONDAY = 1
const THURSDAY = 4

/**
 * The legal holidays of `year` on which the court's clerk is closed, by rule, computed for any year:
 *
 * - federal (FRCP 6(a)(6)(A), the days 5 U.S.C. 6103 sets aside): New Year's Day, Martin Luther King
 *   Jr.'s Birthday, Washington's Birthday, Memorial Day, Juneteenth, Independence Day, Labor Day,
 *   Columbus Day, Veterans Day, Thanksgiving Day and Christmas Day;
 * - Florida state courts (Rule 2.514(a)(6), the holidays of § 110.117, Florida Statutes): New Year's
 *   Day, Martin Luther King Jr. Day, Memorial Day, Independence Day, Labor Day, Veterans Day,
 *   Thanksgiving Day, the Friday after it and Christmas Day.
 *
 * Fixed-date holidays on a weekend are given on their observed day; a New Year's Day on a Saturday is
 * observed on 31 December of the year before, so it is listed in that year. Days closed by a one-off
 * order (a hurricane, a presidential or chief judge's declaration) cannot be computed and are not
 * listed: leaving them out errs on the early side.
 */
export function courtHolidays(year: number, court: Court): CourtHoliday[] {
  const fixed = (month: number, dayOfMonth: number) => observed(DateTime.utc(year, month, dayOfMonth))
  const list: [string, DateTime][] = [
    ["New Year's Day", fixed(1, 1)],
    ['Martin Luther King Jr. Day', nthWeekday(year, 1, MONDAY, 3)],
    ['Memorial Day', nthWeekday(year, 5, MONDAY, -1)],
    ['Independence Day', fixed(7, 4)],
    ['Labor Day', nthWeekday(year, 9, MONDAY, 1)],
    ['Veterans Day', fixed(11, 11)],
    ['Thanksgiving Day', nthWeekday(year, 11, THURSDAY, 4)],
    ['Christmas Day', fixed(12, 25)],
  ]
  if (court === 'federal') {
    list.push(["Washington's Birthday", nthWeekday(year, 2, MONDAY, 3)], ['Juneteenth', fixed(6, 19)], ['Columbus Day', nthWeekday(year, 10, MONDAY, 2)])
  } else {
    list.push(['Friday after Thanksgiving', nthWeekday(year, 11, THURSDAY, 4).plus({ days: 1 })])
  }
  // Next year's New Year's Day, observed on this year's 31 December when it falls on a Saturday.
  const nextNewYear = observed(DateTime.utc(year + 1, 1, 1))
  if (nextNewYear.year === year) list.push(["New Year's Day (observed)", nextNewYear])
  return list
    .filter(([, date]) => date.year === year)
    .map(([name, date]) => ({ date: ymdOf(date), name }))
    .sort((a, b) => a.date.localeCompare(b.date))
}

/** The court holiday on `ymd`, if any. */
export function courtHolidayOn(ymd: string, court: Court): CourtHoliday | undefined {
  return courtHolidays(day(ymd).year, court).find((holiday) => holiday.date === ymd)
}

/** Is `ymd` a day the court's clerk is open (not a Saturday, Sunday or legal holiday)? */
export const isCourtDay = (ymd: string, court: Court): boolean => day(ymd).weekday < 6 && !courtHolidayOn(ymd, court)

/**
 * The last day of a period that ends on `ymd`: that day when the court is open, else the next court
 * day (FRCP 6(a)(1)(C); Florida Rule of General Practice and Judicial Administration 2.514(a)(1)(C)).
 */
export function nextCourtDay(ymd: string, court: Court): string {
  let date = ymd
  while (!isCourtDay(date, court)) date = addDays(date, 1)
  return date
}

// ---------- service of process ----------

/** Documents' jurisdiction codes (contract/documents.ts JURISDICTIONS). */
export const JURISDICTION = { federal: 1, state: 2, private: 3 } as const

/** The court whose rules time the answer, by jurisdiction; private papers have none. */
const COURT_OF: Record<number, Court | undefined> = { [JURISDICTION.state]: 'state', [JURISDICTION.federal]: 'federal' }

/** Days to answer a complaint after service: 20 in a Florida state court, 21 in a federal court. */
export const ANSWER_DAYS: Record<Court, number> = { state: 20, federal: 21 }

/**
 * The estimated answer date of a service of process served on `servedOn`: 20 days after service in a
 * state court, 21 in a federal court, carried to the next court day when it falls on a Saturday,
 * Sunday or legal holiday of that court (courtHolidays). Null for private papers, which no court rule
 * times. Always an estimate, to confirm with an attorney.
 */
export function estimatedAnswerDate(servedOn: string, jurisdiction: number): string | null {
  const court = COURT_OF[jurisdiction]
  if (!court) return null
  return nextCourtDay(addDays(servedOn, ANSWER_DAYS[court]), court)
}

/** Days before the answer date on which an unacknowledged service of process is alerted again. */
export const ANSWER_REMINDER_DAYS_BEFORE = [7, 3, 1] as const

// ---------- status ----------

export type DeadlineStatus = 'upcoming' | 'due-soon' | 'late' | 'done'

/** A deadline's status on `today`: done, late (past its day), due soon (within 14 days) or upcoming. */
export function deadlineStatus(dueDate: string, today: string, done: boolean): DeadlineStatus {
  if (done) return 'done'
  if (today > dueDate) return 'late'
  if (daysBetween(today, dueDate) <= DUE_SOON_DAYS) return 'due-soon'
  return 'upcoming'
}
