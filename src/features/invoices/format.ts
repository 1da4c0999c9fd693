import { dollarsToCents } from '@contract/common'

const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })

/** Dollars from the wire as people read them: 1234.5 -> '$1,234.50'. */
export function formatMoney(dollars: number): string {
  return usd.format(dollars)
}

/** Adds dollar amounts exactly (through integer cents), so 0.1 + 0.2 stays 0.30. */
export function sumDollars(amounts: readonly number[]): number {
  return amounts.reduce((cents, amount) => cents + dollarsToCents(amount), 0) / 100
}
