const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Dollars as people read them: 249 -> '$249.00'. */
export function formatMoney(dollars: number): string {
  return usd.format(dollars)
}
