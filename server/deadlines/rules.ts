import { DateTime } from 'luxon'

/**
 * The deadline rules, in one place: Florida's annual report (when it opens and is due, its fee by entity
 * type, the late fee, administrative dissolution), the estimated answer date of a service of process,
 * the reminder days and the status of a deadline. Pure functions of calendar days (YYYY-MM-DD) on the
 * provider's clock (America/New_York); docs/deadlines.md explains them and lists the fees.
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

// ---------- service of process ----------

/** Documents' jurisdiction codes (contract/documents.ts JURISDICTIONS). */
export const JURISDICTION = { federal: 1, state: 2, private: 3 } as const

/** Days to answer a complaint after service: 20 in a Florida state court, 21 in a federal court. */
export const ANSWER_DAYS: Record<number, number | undefined> = { [JURISDICTION.state]: 20, [JURISDICTION.federal]: 21 }

/**
 * The estimated answer date of a service of process served on `servedOn`: 20 days after service in a
 * state court, 21 in a federal court, moved to the next Monday when it falls on a weekend (both courts'
 * rules carry a last day on a weekend or legal holiday to the next business day; holidays are left to
 * the attorney). Null for private papers, which no court rule times. Always an estimate.
 */
export function estimatedAnswerDate(servedOn: string, jurisdiction: number): string | null {
  const days = ANSWER_DAYS[jurisdiction]
  if (days === undefined) return null
  let due = day(servedOn).plus({ days })
  if (due.weekday === 6) due = due.plus({ days: 2 })
  else if (due.weekday === 7) due = due.plus({ days: 1 })
  return ymdOf(due)
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
