import { describe, expect, it } from 'vitest'
import { daysBetween, daysLeftToRequest, formatDateTime, formatDocumentDate, formatInvoiceDate, formatRelativeTime, ordinal } from './dates.ts'

describe('invoice dates (Do MMMM, YYYY)', () => {
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
    const iso = `2024-03-${String(day).padStart(2, '0')}T15:00:00Z`
    expect(formatInvoiceDate(iso)).toBe(`${expected} March, 2024`)
  })

  it('shows the date on the New York clock, not UTC', () => {
    // 02:00 UTC on 2 June is still 1 June in Florida (EDT, UTC-4).
    expect(formatInvoiceDate('2024-06-02T02:00:00Z')).toBe('1st June, 2024')
    // In winter the offset is UTC-5.
    expect(formatInvoiceDate('2024-01-01T04:59:00Z')).toBe('31st December, 2023')
  })

  it('returns the fallback for a missing or broken value', () => {
    expect(formatInvoiceDate(null)).toBe('')
    expect(formatInvoiceDate(undefined, 'N/A')).toBe('N/A')
    expect(formatInvoiceDate('not a date', 'N/A')).toBe('N/A')
  })
})

describe('document dates (DD-MMM-YYYY)', () => {
  it('pads the day and abbreviates the month', () => {
    expect(formatDocumentDate('2024-05-01T12:00:00Z')).toBe('01-May-2024')
    expect(formatDocumentDate('2024-09-30T12:00:00Z')).toBe('30-Sep-2024')
  })

  it('uses the New York day', () => {
    expect(formatDocumentDate('2024-05-01T03:00:00Z')).toBe('30-Apr-2024')
  })

  it('accepts a Date', () => {
    expect(formatDocumentDate(new Date('2024-12-25T17:00:00Z'))).toBe('25-Dec-2024')
  })
})

describe('timeline and relative times', () => {
  it('formats a date-time with its zone', () => {
    expect(formatDateTime('2024-05-01T12:00:00Z')).toBe('May 1, 2024, 8:00 AM EDT')
  })

  it('says how long ago something happened', () => {
    expect(formatRelativeTime('2024-05-01T11:55:00Z', '2024-05-01T12:00:00Z')).toBe('5 minutes ago')
  })
})

describe('day counts', () => {
  it('counts calendar days in New York', () => {
    expect(daysBetween('2024-05-01T12:00:00Z', '2024-05-03T01:00:00Z')).toBe(1)
    expect(daysBetween('2024-05-01T12:00:00Z', '2024-05-03T12:00:00Z')).toBe(2)
  })

  it('counts started days left to request by mail: 60 on upload, 1 in the last day, then 0', () => {
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-05-01T12:00:00Z')).toBe(60)
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-05-01T20:00:00Z')).toBe(60)
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-05-31T12:00:00Z')).toBe(30)
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-06-30T11:00:00Z')).toBe(1)
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-06-30T12:00:00Z')).toBe(0)
    expect(daysLeftToRequest('2024-05-01T12:00:00Z', '2024-08-01T12:00:00Z')).toBe(0)
  })
})
