/**
 * Card-number facts the sandbox gateway needs. Only brand and last four digits ever leave these
 * functions: the full number is neither stored nor logged.
 */
export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'discover' | 'unknown'

/** What the sandbox does when a card is charged. */
export type SandboxOutcome = 'approve' | 'card_declined' | 'insufficient_funds'

export const SANDBOX_TEST_CARDS: Readonly<Record<string, SandboxOutcome>> = {
  '4242424242424242': 'approve',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
}

export const cardDigits = (input: string) => input.replace(/[\s-]/g, '')

export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    let d = digits.charCodeAt(digits.length - 1 - i) - 48
    if (i % 2 === 1) {
      d *= 2
      if (d > 9) d -= 9
    }
    sum += d
  }
  return sum % 10 === 0
}

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa'
  if (/^(5[1-5]|2(2[2-9]|[3-6]\d|7[01]|720))/.test(digits)) return 'mastercard'
  if (/^3[47]/.test(digits)) return 'amex'
  if (/^(6011|65|64[4-9])/.test(digits)) return 'discover'
  return 'unknown'
}

/** Any other valid number is approved, like the test cards of well-known processors. */
export const sandboxOutcome = (digits: string): SandboxOutcome => SANDBOX_TEST_CARDS[digits] ?? 'approve'

/**
 * A card is good through the last day of its expiry month. Years may have two or four digits.
 * Returns the four-digit year, or an error message.
 */
export function checkExpiry(month: number, year: number, now: Date): { ok: true; year: number } | { ok: false; message: string } {
  if (!Number.isInteger(month) || month < 1 || month > 12) return { ok: false, message: 'Expiration month is not valid' }
  if (!Number.isInteger(year) || year < 0) return { ok: false, message: 'Expiration year is not valid' }
  const fullYear = year < 100 ? 2000 + year : year
  const endOfMonth = Date.UTC(fullYear, month, 1) // first instant of the following month
  if (endOfMonth <= now.getTime()) return { ok: false, message: 'Your card has expired' }
  if (fullYear > now.getUTCFullYear() + 20) return { ok: false, message: 'Expiration year is not valid' }
  return { ok: true, year: fullYear }
}
