import type { ShippingOption } from '@contract/shipping'
import { formatMoney } from '~/lib/money'

/** How a carrier and speed read: 'USPS First-Class Mail (3–5 days)'. */
export function shippingName(option: { carrier: string | null; speed: string | null }): string {
  return [option.carrier, option.speed].filter(Boolean).join(' ')
}

/** A choice of the mail request form: 'USPS First-Class Mail (3–5 days) — $5.00'. */
export function shippingOptionLabel(option: Pick<ShippingOption, 'carrier' | 'speed' | 'price'>): string {
  return `${shippingName(option)} — ${formatMoney(option.price)}`
}

/**
 * The option a form starts with: the one chosen before while it is still offered, else the first
 * active one (the server's own default), else none.
 */
export function defaultShippingOption(options: readonly ShippingOption[], chosen?: number | null): ShippingOption | null {
  const active = options.filter((option) => option.active)
  return active.find((option) => option.id === chosen) ?? active[0] ?? null
}
