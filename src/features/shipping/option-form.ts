import { CreateShippingOptionSchema, type CreateShippingOption, type ShippingOption } from '@contract/shipping'
import * as v from 'valibot'
import { REQUIRED_MESSAGE } from '~/ui/forms'

/**
 * The Add and Edit shipping option form: its values as the inputs hold them, and the body they make,
 * checked with the contract's own schema (the server checks it again), so a problem shows beside its
 * field before anything is sent.
 */
export interface OptionFormValues {
  carrier: string
  speed: string
  /** Dollars as typed: '12', '12.50', '$1,200.00'. */
  price: string
  active: boolean
  sortOrder: string
}

export type OptionField = keyof OptionFormValues
export const OPTION_FIELDS: readonly OptionField[] = ['carrier', 'speed', 'price', 'active', 'sortOrder']

/** The form's starting values: the option edited, or an empty one after the last (sort order 10 past it). */
export function optionFormValues(option: ShippingOption | undefined, options: readonly ShippingOption[]): OptionFormValues {
  if (option) {
    return { carrier: option.carrier, speed: option.speed, price: option.price.toFixed(2), active: option.active, sortOrder: String(option.sortOrder) }
  }
  const last = options.reduce((max, o) => Math.max(max, o.sortOrder), 0)
  return { carrier: '', speed: '', price: '', active: true, sortOrder: String(Math.min(last + 10, 10_000)) }
}

/** A number typed in, or NaN; '' is undefined (a required field then says so). */
function numberOf(text: string): number | undefined {
  const cleaned = text.replace(/[$,\s]/g, '')
  if (!cleaned) return undefined
  return /^-?\d*\.?\d*$/.test(cleaned) ? Number(cleaned) : Number.NaN
}

export type OptionFormResult = { ok: true; body: CreateShippingOption } | { ok: false; errors: Partial<Record<OptionField, string>> }

/** The POST/PUT body of the form's values, or what is wrong with them, field by field. */
export function optionBodyOf(values: OptionFormValues): OptionFormResult {
  const errors: Partial<Record<OptionField, string>> = {}
  const price = numberOf(values.price)
  const sortOrder = numberOf(values.sortOrder)
  if (price === undefined) errors.price = REQUIRED_MESSAGE
  else if (Number.isNaN(price)) errors.price = 'Price must be a number of dollars'
  if (sortOrder === undefined) errors.sortOrder = REQUIRED_MESSAGE
  else if (Number.isNaN(sortOrder)) errors.sortOrder = 'Sort order must be a whole number'
  const parsed = v.safeParse(CreateShippingOptionSchema, {
    carrier: values.carrier,
    speed: values.speed,
    price: price ?? 0,
    active: values.active,
    sortOrder: sortOrder ?? 0,
  })
  if (!parsed.success) {
    for (const issue of parsed.issues) {
      const key = issue.path?.[0]?.key
      if (typeof key === 'string' && (OPTION_FIELDS as readonly string[]).includes(key)) errors[key as OptionField] ??= issue.message
    }
  }
  if (Object.keys(errors).length > 0 || !parsed.success) return { ok: false, errors }
  return { ok: true, body: parsed.output }
}
