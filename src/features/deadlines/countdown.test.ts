import { describe, expect, it } from 'vitest'
import { countdownText, daysUntil, dollars } from './countdown'

describe('the countdown of a deadline', () => {
  it('counts calendar days, across the year and a leap day', () => {
    expect(daysUntil('2027-01-05', '2026-12-31')).toBe(5)
    expect(daysUntil('2028-03-01', '2028-02-28')).toBe(2)
  })
  it('reads as due today, tomorrow, in days, late or done', () => {
    expect(countdownText({ dueDate: '2026-05-01', status: 'due-soon' }, '2026-05-01')).toBe('Due today')
    expect(countdownText({ dueDate: '2026-05-01', status: 'due-soon' }, '2026-04-30')).toBe('Due tomorrow')
    expect(countdownText({ dueDate: '2026-05-01', status: 'upcoming' }, '2026-04-01')).toBe('In 30 days')
    expect(countdownText({ dueDate: '2026-05-01', status: 'late' }, '2026-05-02')).toBe('1 day late')
    expect(countdownText({ dueDate: '2026-05-01', status: 'late' }, '2026-05-11')).toBe('10 days late')
    expect(countdownText({ dueDate: '2026-05-01', status: 'done' }, '2026-05-11')).toBe('Done')
  })
  it('writes the fees as the state does', () => {
    expect(dollars(138.75)).toBe('$138.75')
    expect(dollars(150)).toBe('$150')
  })
})
