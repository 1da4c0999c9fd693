import { describe, expect, it } from 'vitest'
import { daysLeft, daysLeftChangeAt, shredDueAt } from './retention'

const DAY = 24 * 60 * 60 * 1000
const uploadedAt = new Date('2026-03-01T15:00:00Z')
const at = (ms: number) => new Date(uploadedAt.getTime() + ms)

describe('days left before shredding', () => {
  it('count a started day: 60 on upload, 1 on the last day, 0 from the due instant', () => {
    expect(daysLeft(uploadedAt, 'active', uploadedAt)).toBe(60)
    expect(daysLeft(uploadedAt, 'active', at(DAY - 1))).toBe(60)
    expect(daysLeft(uploadedAt, 'active', at(DAY))).toBe(59)
    expect(daysLeft(uploadedAt, 'active', at(60 * DAY - 1))).toBe(1)
    expect(daysLeft(uploadedAt, 'active', shredDueAt(uploadedAt))).toBe(0)
    expect(daysLeft(uploadedAt, 'shredded', uploadedAt)).toBe(0)
  })

  it('change next at the instant daysLeft gives a new value, and never once they are 0', () => {
    for (const elapsed of [0, 1, DAY - 1, DAY, 59 * DAY + 5, 60 * DAY - 1]) {
      const now = at(elapsed)
      const changesAt = daysLeftChangeAt(uploadedAt, 'active', now)!
      expect(changesAt).toBeGreaterThan(now.getTime())
      expect(daysLeft(uploadedAt, 'active', new Date(changesAt - 1))).toBe(daysLeft(uploadedAt, 'active', now))
      expect(daysLeft(uploadedAt, 'active', new Date(changesAt))).toBe(daysLeft(uploadedAt, 'active', now) - 1)
    }
    expect(daysLeftChangeAt(uploadedAt, 'active', shredDueAt(uploadedAt))).toBeNull()
    expect(daysLeftChangeAt(uploadedAt, 'shredded', uploadedAt)).toBeNull()
  })
})
