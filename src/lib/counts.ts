/** '1 day', '45 days'. (A module of its own: a page's early script uses it without the date helpers.) */
export function daysText(days: number): string {
  return `${days} ${days === 1 ? 'day' : 'days'}`
}

/** Digits in groups of three, as en-US writes them: 1234567 -> '1,234,567' (no Intl: see lib/money). */
export function groupDigits(value: number | string): string {
  const text = typeof value === 'number' ? String(Math.trunc(value)) : value
  return /^-?\d+$/.test(text) ? text.replace(/\B(?=(\d{3})+(?!\d))/g, ',') : text
}
