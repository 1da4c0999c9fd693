import { describe, expect, it } from 'vitest'
import {
  addDays,
  amountDue,
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
