import * as v from 'valibot'
import { REQUIRED_MESSAGE, singleLine } from './common'

/**
 * Shipping options: the carriers and speeds a client may have originals mailed by, each with a price
 * staff set (GET/POST /api/shipping-options, PUT /api/shipping-options/{id}). Money is dollars on the
 * wire, integer cents in the database.
 */
export const ShippingOptionSchema = v.object({
  id: v.number(),
  carrier: v.string(),
  speed: v.string(),
  /** Dollars, two decimals. */
  price: v.number(),
  active: v.boolean(),
  sortOrder: v.number(),
})
export type ShippingOption = v.InferOutput<typeof ShippingOptionSchema>
export const ShippingOptionListSchema = v.array(ShippingOptionSchema)

const label = (name: string, max: number) =>
  v.pipe(v.string(), v.trim(), v.minLength(1, REQUIRED_MESSAGE), v.maxLength(max, `${name} cannot exceed ${max} characters`), singleLine(name))

/** At most $10,000, whole cents. */
const Price = v.pipe(
  v.number('Price must be a number of dollars'),
  v.minValue(0, 'Price cannot be negative'),
  v.maxValue(10_000, 'Price cannot exceed 10000'),
  v.check((n) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6, 'Price must be in whole cents'),
)

const SortOrder = v.pipe(v.number(), v.integer('Sort order must be a whole number'), v.minValue(0), v.maxValue(10_000))

export const CreateShippingOptionSchema = v.object({
  carrier: label('Carrier', 60),
  speed: label('Speed', 60),
  price: Price,
  active: v.optional(v.boolean(), true),
  sortOrder: v.optional(SortOrder, 100),
})
export type CreateShippingOption = v.InferInput<typeof CreateShippingOptionSchema>

/** PUT: any of the fields, at least one; what is left out stays (no defaults here). */
export const UpdateShippingOptionSchema = v.pipe(
  v.object({
    carrier: v.optional(label('Carrier', 60)),
    speed: v.optional(label('Speed', 60)),
    price: v.optional(Price),
    active: v.optional(v.boolean()),
    sortOrder: v.optional(SortOrder),
  }),
  v.check((input) => Object.values(input).some((value) => value !== undefined), 'Give at least one of carrier, speed, price, active or sortOrder'),
)
export type UpdateShippingOption = v.InferInput<typeof UpdateShippingOptionSchema>

/** The choice a mail request carries, as it was at the moment of the request. */
export const ShipmentChoiceSchema = v.object({
  shippingOptionId: v.nullable(v.number()),
  carrier: v.nullable(v.string()),
  speed: v.nullable(v.string()),
  /** Dollars, as charged then (a later price change does not touch it). */
  price: v.number(),
  /** The invoice of the charge, paid like any other; null when nothing was charged. */
  invoiceId: v.nullable(v.number()),
})
export type ShipmentChoice = v.InferOutput<typeof ShipmentChoiceSchema>

/**
 * Each carrier's public tracking page, the number put in at {n}. The carrier is matched by its name's
 * first word, case aside ("USPS", "UPS Ground", "FedEx"); another carrier has no link.
 */
export const TRACKING_URL_TEMPLATES: Record<string, string> = {
  usps: 'https://tools.usps.com/go/TrackConfirmAction?tLabels={n}',
  ups: 'https://www.ups.com/track?tracknum={n}',
  fedex: 'https://www.fedex.com/fedextrack/?trknbr={n}',
  dhl: 'https://www.dhl.com/us-en/home/tracking/tracking-express.html?tracking-id={n}',
}

/** The carrier's tracking page for a tracking number, or null for a carrier without one. */
export function trackingUrl(carrier: string | null | undefined, trackingNumber: string | null | undefined): string | null {
  if (!carrier || !trackingNumber) return null
  const key = carrier
    .trim()
    .split(/[\s-]+/)[0]
    .toLowerCase()
  const template = TRACKING_URL_TEMPLATES[key]
  return template ? template.replace('{n}', encodeURIComponent(trackingNumber.trim())) : null
}
