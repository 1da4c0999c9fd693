/**
 * Dollars from the wire as people read them: 1234.5 -> '$1,234.50', -5 -> '-$5.00'. The same text as
 * Intl's en-US currency format (the unit tests compare the two), written out because the first Intl
 * formatter a page builds is one long task on a phone: the amount is rounded half away from
 * zero at the cent, on the number's shortest decimal form (2.675 -> '$2.68').
 */
export function formatMoney(dollars: number): string {
  if (Number.isNaN(dollars)) return '$NaN'
  const sign = dollars < 0 || Object.is(dollars, -0) ? '-' : ''
  if (!Number.isFinite(dollars)) return `${sign}$∞`
  const text = String(Math.abs(dollars))
  // Beyond what String writes without an exponent (1e21 and up, under 1e-6): not an amount of money,
  // shown as Intl would.
  if (text.includes('e')) return Math.abs(dollars) < 1 ? `${sign}$0.00` : new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(dollars)
  const [whole, fraction = ''] = text.split('.')
  const cents = (BigInt(whole + fraction.padEnd(2, '0').slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1n : 0n)).toString().padStart(3, '0')
  return `${sign}$${groupDigits(cents.slice(0, -2))}.${cents.slice(-2)}`
}

/** Digits in groups of three, as en-US writes them: 1234567 -> '1,234,567' (counts of rows and pages too). */
export function groupDigits(value: number | string): string {
  const text = typeof value === 'number' ? String(Math.trunc(value)) : value
  return /^-?\d+$/.test(text) ? text.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : text
}
