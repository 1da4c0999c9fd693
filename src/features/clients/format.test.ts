import { describe, expect, it } from 'vitest'
import { formatDocumentDate, formatInvoiceDate } from '~/lib/dates'
import { formatLongDate, formatPhone, formatShortDate } from './format'

const samples = ['2026-07-24T12:00:00Z', '2026-01-01T03:30:00Z', '2026-11-21T23:59:00Z', '2024-03-10T06:59:00Z', '2026-05-02T04:00:00.000Z', '2025-12-11T15:00:00Z']

describe('client page formats', () => {
  it('write dates exactly as lib/dates does, on the New York clock', () => {
    for (const sample of samples) {
      expect(formatLongDate(sample)).toBe(formatInvoiceDate(sample))
      expect(formatShortDate(sample)).toBe(formatDocumentDate(sample))
    }
    // Just after midnight UTC is still the previous day in Florida.
    expect(formatShortDate('2026-01-01T03:30:00Z')).toBe('31-Dec-2025')
    expect(formatLongDate(null, 'N/A')).toBe('N/A')
    expect(formatShortDate('not a date', '—')).toBe('—')
  })

  it('shows US phone numbers the American way and others as stored', () => {
    expect(formatPhone('+13055550142')).toBe('(305) 555-0142')
    expect(formatPhone('+442071838750')).toBe('+442071838750')
  })
})
