// Made on first use, like the date formatters: pages that show no amount never build it.
let usd: Intl.NumberFormat | undefined

/** Dollars from the wire as people read them: 1234.5 -> '$1,234.50'. */
export function formatMoney(dollars: number): string {
  return (usd ??= new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })).format(dollars)
}
