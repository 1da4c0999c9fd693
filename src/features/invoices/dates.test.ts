import { describe, expect, it } from 'vitest'
import { formatDateTime, formatInvoiceDate } from '~/lib/dates'
import { formatInvoiceDay, formatSavedAt } from './dates'

describe('invoice dates without luxon', () => {
  const instants = [
    '2024-05-01T12:00:00Z',
    // Day boundaries on the New York clock, in summer (UTC-4) and winter (UTC-5).
    '2024-06-02T02:00:00Z',
    '2024-06-02T04:00:00Z',
    '2024-01-01T04:59:00Z',
    '2024-01-01T05:00:00Z',
    // Around the daylight-saving changes.
    '2026-03-08T06:59:59Z',
    '2026-03-08T07:00:00Z',
    '2026-11-01T05:30:00Z',
    '2026-11-01T06:30:00Z',
    '2028-02-29T12:00:00Z',
  ]

  it.each(instants)('shows %s exactly as lib/dates does', (iso) => {
    expect(formatInvoiceDay(iso)).toBe(formatInvoiceDate(iso))
  })

  it('reads every day of a year the same as lib/dates', () => {
    for (let day = 0; day < 366; day++) {
      const iso = new Date(Date.UTC(2026, 0, 1, 3, 30) + day * 86_400_000).toISOString()
      expect(formatInvoiceDay(iso)).toBe(formatInvoiceDate(iso))
    }
  })

  it("keeps the spec's example and the fallback", () => {
    expect(formatInvoiceDay('2024-05-01T12:00:00Z')).toBe('1st May, 2024')
    expect(formatInvoiceDay(null, 'N/A')).toBe('N/A')
    expect(formatInvoiceDay('not a date', 'N/A')).toBe('N/A')
  })

  it('says when data was saved as lib/dates would', () => {
    for (const iso of ['2026-05-01T12:00:00Z', '2026-12-24T23:05:00Z']) {
      expect(formatSavedAt(Date.parse(iso))).toBe(formatDateTime(iso))
    }
  })
})
