import { dollarsToCents } from '@contract/common'

/** Adds dollar amounts exactly (through integer cents), so 0.1 + 0.2 stays 0.30. */
export function sumDollars(amounts: readonly number[]): number {
  return amounts.reduce((cents, amount) => cents + dollarsToCents(amount), 0) / 100
}
