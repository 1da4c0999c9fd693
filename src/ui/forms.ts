import { REQUIRED_MESSAGE } from '@contract/common'
import * as v from 'valibot'

/**
 * Valibot pieces for form-only schemas (what the server also checks belongs in contract/). Every
 * required field says the same thing.
 */
export { REQUIRED_MESSAGE }

/** The length message: '<Label> cannot exceed <n> characters'. */
export function tooLongMessage(label: string, max: number) {
  return `${label} cannot exceed ${max} characters`
}

/** A required text: trimmed, not empty, and at most `max` characters when given. */
export function requiredText(options: { label?: string; max?: number } = {}) {
  const { label = 'This field', max } = options
  return max === undefined
    ? v.pipe(v.string(REQUIRED_MESSAGE), v.trim(), v.nonEmpty(REQUIRED_MESSAGE))
    : v.pipe(v.string(REQUIRED_MESSAGE), v.trim(), v.nonEmpty(REQUIRED_MESSAGE), v.maxLength(max, tooLongMessage(label, max)))
}

/** An optional text: empty is fine, longer than `max` is not. */
export function optionalText(options: { label?: string; max?: number } = {}) {
  const { label = 'This field', max } = options
  return max === undefined
    ? v.optional(v.pipe(v.string(), v.trim()), '')
    : v.optional(v.pipe(v.string(), v.trim(), v.maxLength(max, tooLongMessage(label, max))), '')
}

/** A required e-mail address. */
export function requiredEmail(message = 'Enter a valid e-mail address') {
  return v.pipe(v.string(REQUIRED_MESSAGE), v.trim(), v.nonEmpty(REQUIRED_MESSAGE), v.email(message))
}

/** A required choice from a select (its value is a non-empty string). */
export function requiredChoice() {
  return v.pipe(v.string(REQUIRED_MESSAGE), v.nonEmpty(REQUIRED_MESSAGE))
}

/** '+' and 8 to 15 digits (E.164); numbers under +1 have exactly ten digits after it. */
export function isPlausiblePhone(value: string) {
  if (!/^\+\d{8,15}$/.test(value)) return false
  return !value.startsWith('+1') || value.length === 12
}

/** A required phone number as PhoneInput gives it ('+13055550100'). */
export function requiredPhone(message = 'Enter a valid phone number') {
  return v.pipe(v.string(REQUIRED_MESSAGE), v.nonEmpty(REQUIRED_MESSAGE), v.check(isPlausiblePhone, message))
}
