import { describe, expect, it } from 'vitest'
import {
  addDays,
  amountDue,
  courtHolidays,
  annualReportDue,
  annualReportFees,
  annualReportOpens,
  currentReportYear,
  deadlineStatus,
  dissolutionDate,
  dueReminderStage,
  estimatedAnswerDate,
  firstReportYear,
  isReportLate,
  JURISDICTION,
  nextCourtDay,
  providerToday,
} from './rules'

describe("the provider's clock", () => {
  it('reads the day in America/New_York, across the new year and daylight saving', () => {
    // 23:30 on 31 December in Florida is already 1 January in UTC.
    expect(providerToday(new Date('2027-01-01T04:30:00Z'))).toBe('2026-12-31')
    expect(providerToday(new Date('2027-01-01T05:00:00Z'))).toBe('2027-01-01')
    // 1 May at 23:59 in summer time (UTC-4).
    expect(providerToday(new Date('2026-05-02T03:59:00Z'))).toBe('2026-05-01')
    expect(providerToday(new Date('2026-05-02T04:00:00Z'))).toBe('2026-05-02')
  })
})

describe('the annual report', () => {
  it('opens on 1 January and is due on 1 May', () => {
    expect(annualReportOpens(2027)).toBe('2027-01-01')
    expect(annualReportDue(2027)).toBe('2027-05-01')
    expect(isReportLate(2026, '2026-05-01')).toBe(false)
    expect(isReportLate(2026, '2026-05-02')).toBe(true)
    expect(isReportLate(2026, '2026-12-31')).toBe(true)
  })

  it('is first due in the year after formation, also for a company formed in December', () => {
    expect(firstReportYear('2025-12-31')).toBe(2026)
    expect(firstReportYear('2026-01-01')).toBe(2027)
    expect(firstReportYear('2024-02-29')).toBe(2025)
    // Formed in December 2025: its first report is this year's (2026).
    expect(currentReportYear('2026-01-01', '2025-12-15')).toBe(2026)
    // Formed this year: nothing is due before next year.
    expect(currentReportYear('2026-12-31', '2026-12-01')).toBeNull()
    expect(currentReportYear('2027-01-01', '2026-12-01')).toBe(2027)
    // Unknown formation: taken as formed before this year.
    expect(currentReportYear('2026-03-01', null)).toBe(2026)
  })

  it('costs by entity type, with the $400 late fee except for not-for-profits', () => {
    expect(annualReportFees('Florida Profit Corporation')).toMatchObject({ fee: 150, lateFee: 400, files: true })
    expect(annualReportFees('Florida Professional Association')).toMatchObject({ fee: 150, lateFee: 400 })
    expect(annualReportFees('Florida Limited Liability Company')).toMatchObject({ fee: 138.75, lateFee: 400 })
    expect(annualReportFees('Florida Not For Profit Corporation')).toMatchObject({ fee: 61.25, lateFee: 0 })
    expect(annualReportFees('Florida Limited Partnership')).toMatchObject({ fee: 500, lateFee: 400 })
    expect(annualReportFees('Fictitious Name (DBA)')).toMatchObject({ fee: null, files: false })
    expect(annualReportFees(null)).toMatchObject({ fee: null, files: true })
    expect(amountDue('Florida Limited Liability Company', 2026, '2026-05-01')).toBe(138.75)
    expect(amountDue('Florida Limited Liability Company', 2026, '2026-05-02')).toBe(538.75)
    expect(amountDue('Florida Not For Profit Corporation', 2026, '2026-06-01')).toBe(61.25)
  })

  it('leads to dissolution after the third Friday of September', () => {
    expect(dissolutionDate(2024)).toBe('2024-09-20') // 1 September a Sunday
    expect(dissolutionDate(2025)).toBe('2025-09-19') // a Monday
    expect(dissolutionDate(2026)).toBe('2026-09-18') // a Tuesday
    expect(dissolutionDate(2028)).toBe('2028-09-15') // a Friday itself (leap year)
  })

  it('is reminded on 2 January, 1 March, 15 April, 28 April and 2 May, the latest stage only', () => {
    expect(dueReminderStage(2026, '2025-12-31')).toBeNull()
    expect(dueReminderStage(2026, '2026-01-01')).toBeNull()
    expect(dueReminderStage(2026, '2026-01-02')).toBe('opens')
    expect(dueReminderStage(2028, '2028-02-29')).toBe('opens')
    expect(dueReminderStage(2028, '2028-03-01')).toBe('two-months')
    expect(dueReminderStage(2026, '2026-04-15')).toBe('two-weeks')
    expect(dueReminderStage(2026, '2026-04-28')).toBe('three-days')
    expect(dueReminderStage(2026, '2026-05-01')).toBe('three-days')
    expect(dueReminderStage(2026, '2026-05-02')).toBe('late')
    expect(dueReminderStage(2026, '2026-12-31')).toBe('late')
  })
})

describe('the answer date of a service of process', () => {
  it('is 20 days after service in a state court and 21 in a federal court', () => {
    expect(estimatedAnswerDate('2026-03-02', JURISDICTION.state)).toBe('2026-03-23') // the 20th day, the 22nd, is a Sunday
    expect(estimatedAnswerDate('2026-03-03', JURISDICTION.state)).toBe('2026-03-23')
    expect(estimatedAnswerDate('2026-03-03', JURISDICTION.federal)).toBe('2026-03-24')
    expect(estimatedAnswerDate('2026-03-03', JURISDICTION.private)).toBeNull()
  })

  it('moves a weekend answer date to the Monday', () => {
    // 2026-11-28 is a Saturday, 2026-11-29 a Sunday.
    expect(estimatedAnswerDate('2026-11-08', JURISDICTION.state)).toBe('2026-11-30')
    expect(estimatedAnswerDate('2026-11-08', JURISDICTION.federal)).toBe('2026-11-30')
  })

  it('moves an answer date on a legal holiday to the next court day', () => {
    // Thanksgiving 2026 (Thursday 26 November): state courts are closed on the Friday after it too.
    expect(estimatedAnswerDate('2026-11-06', JURISDICTION.state)).toBe('2026-11-30')
    expect(estimatedAnswerDate('2026-11-05', JURISDICTION.federal)).toBe('2026-11-27')
    // 4 July 2026 is a Saturday, observed on Friday 3 July.
    expect(estimatedAnswerDate('2026-06-13', JURISDICTION.state)).toBe('2026-07-06')
    expect(estimatedAnswerDate('2026-06-12', JURISDICTION.federal)).toBe('2026-07-06')
    // 4 July 2027 is a Sunday, observed on Monday 5 July.
    expect(estimatedAnswerDate('2027-06-14', JURISDICTION.state)).toBe('2027-07-06')
    // Memorial Day 2026 (the last Monday of May, the 25th).
    expect(estimatedAnswerDate('2026-05-05', JURISDICTION.state)).toBe('2026-05-26')
    // Juneteenth (Friday 19 June 2026) closes federal courts only.
    expect(estimatedAnswerDate('2026-05-29', JURISDICTION.federal)).toBe('2026-06-22')
    expect(estimatedAnswerDate('2026-05-30', JURISDICTION.state)).toBe('2026-06-19')
    // Christmas 2027 and New Year's Day 2028 fall on Saturdays: observed on Fridays 24 and 31 December 2027.
    expect(estimatedAnswerDate('2027-12-04', JURISDICTION.state)).toBe('2027-12-27')
    expect(estimatedAnswerDate('2027-12-11', JURISDICTION.state)).toBe('2028-01-03')
    expect(estimatedAnswerDate('2027-12-10', JURISDICTION.federal)).toBe('2028-01-03')
    // A court day stays where it is.
    expect(nextCourtDay('2026-11-25', 'state')).toBe('2026-11-25')
  })

  it("knows each court's legal holidays for any year", () => {
    expect(courtHolidays(2026, 'state')).toEqual([
      { date: '2026-01-01', name: "New Year's Day" },
      { date: '2026-01-19', name: 'Martin Luther King Jr. Day' },
      { date: '2026-05-25', name: 'Memorial Day' },
      { date: '2026-07-03', name: 'Independence Day' },
      { date: '2026-09-07', name: 'Labor Day' },
      { date: '2026-11-11', name: 'Veterans Day' },
      { date: '2026-11-26', name: 'Thanksgiving Day' },
      { date: '2026-11-27', name: 'Friday after Thanksgiving' },
      { date: '2026-12-25', name: 'Christmas Day' },
    ])
    expect(courtHolidays(2026, 'federal').map((holiday) => holiday.date)).toEqual([
      '2026-01-01',
      '2026-01-19',
      '2026-02-16',
      '2026-05-25',
      '2026-06-19',
      '2026-07-03',
      '2026-09-07',
      '2026-10-12',
      '2026-11-11',
      '2026-11-26',
      '2026-12-25',
    ])
    // 2021: New Year's Day 2022 (a Saturday) is observed on 31 December 2021, and 2022 has none of its own.
    expect(courtHolidays(2021, 'state').at(-1)).toEqual({ date: '2021-12-31', name: "New Year's Day (observed)" })
    expect(courtHolidays(2022, 'federal').some((holiday) => holiday.date.startsWith('2022-01-0'))).toBe(false)
    // Veterans Day 2029 falls on a Sunday: observed on Monday 12 November. Memorial Day 2027 is 31 May.
    expect(courtHolidays(2029, 'state').find((holiday) => holiday.name === 'Veterans Day')?.date).toBe('2029-11-12')
    expect(courtHolidays(2027, 'federal').find((holiday) => holiday.name === 'Memorial Day')?.date).toBe('2027-05-31')
    // A leap year: Thanksgiving 2028 is 23 November, Martin Luther King Jr. Day 17 January.
    expect(courtHolidays(2028, 'state').find((holiday) => holiday.name === 'Thanksgiving Day')?.date).toBe('2028-11-23')
    expect(courtHolidays(2028, 'state').find((holiday) => holiday.name === 'Martin Luther King Jr. Day')?.date).toBe('2028-01-17')
  })

  it('counts across the year boundary and a leap day', () => {
    expect(estimatedAnswerDate('2026-12-15', JURISDICTION.federal)).toBe('2027-01-05')
    // 20 days after 20 December 2026 is Saturday 9 January 2027.
    expect(estimatedAnswerDate('2026-12-20', JURISDICTION.state)).toBe('2027-01-11')
    expect(estimatedAnswerDate('2028-02-10', JURISDICTION.state)).toBe('2028-03-01')
    expect(estimatedAnswerDate('2027-02-10', JURISDICTION.state)).toBe('2027-03-02')
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29')
  })
})

describe('the status of a deadline', () => {
  it('is done, late, due soon within 14 days, or upcoming', () => {
    expect(deadlineStatus('2026-05-01', '2026-06-01', true)).toBe('done')
    expect(deadlineStatus('2026-05-01', '2026-05-02', false)).toBe('late')
    expect(deadlineStatus('2026-05-01', '2026-05-01', false)).toBe('due-soon')
    expect(deadlineStatus('2026-05-01', '2026-04-17', false)).toBe('due-soon')
    expect(deadlineStatus('2026-05-01', '2026-04-16', false)).toBe('upcoming')
    // Across the year boundary.
    expect(deadlineStatus('2027-01-05', '2026-12-25', false)).toBe('due-soon')
  })
})
