import { describe, expect, it } from 'vitest'
import { formatMoney, groupDigits } from './money.ts'

describe('formatMoney', () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

  it('writes dollars and cents with grouped thousands', () => {
    expect(formatMoney(1234.5)).toBe('$1,234.50')
    expect(formatMoney(0)).toBe('$0.00')
    expect(formatMoney(-89.99)).toBe('-$89.99')
    expect(formatMoney(1_000_000)).toBe('$1,000,000.00')
  })

  it('rounds half away from zero on the shortest decimal form, as Intl does', () => {
    expect(formatMoney(2.675)).toBe('$2.68')
    expect(formatMoney(1.005)).toBe('$1.01')
    expect(formatMoney(999.995)).toBe('$1,000.00')
    expect(formatMoney(-0.005)).toBe('-$0.01')
  })

  it('gives the same text as Intl’s en-US currency format', () => {
    const values = [0, -0, 0.004, -0.004, 1e-7, 0.1 + 0.2, 19.99, 149, 2 ** 53 + 2, 1e21, Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]
    // Amounts in cents and in fractions of cents, positive and negative, small and large.
    for (let i = 0; i < 5000; i++) values.push(Math.round(Math.sin(i) * 10 ** (i % 9)) / 10 ** (i % 4), Math.sin(i * 7) * 10 ** (i % 12))
    const differing = values
      .filter((value) => formatMoney(value) !== intl.format(value))
      .map((value) => `${value}: ${formatMoney(value)} / ${intl.format(value)}`)
    expect(differing).toEqual([])
  })
})

describe('groupDigits', () => {
  it('groups by thousands as en-US does', () => {
    for (const value of [0, 7, 999, 1000, 12345, 1_000_000, 987_654_321, -4321]) expect(groupDigits(value)).toBe(value.toLocaleString('en-US'))
    expect(groupDigits('1234')).toBe('1,234')
  })
})
