import * as v from 'valibot'

/**
 * The catalogue: GET /api/services?kind=address|addon (active services with their active packages),
 * GET /api/coupon/verify/{code} and GET /api/affiliate/verify/{code}. All public: the sign-up wizard
 * reads them before there is an account.
 */
export const SERVICE_KINDS = ['address', 'addon'] as const
export type ServiceKind = (typeof SERVICE_KINDS)[number]

export const ServicesQuerySchema = v.object({
  kind: v.optional(v.picklist(SERVICE_KINDS, 'kind must be address or addon')),
})

/** A package of a service; amount in dollars with two decimals. */
export const ServicePackageSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  amount: v.number(),
})
export type ServicePackage = v.InferOutput<typeof ServicePackageSchema>

export const ServiceSchema = v.object({
  id: v.number(),
  name: v.string(),
  description: v.string(),
  kind: v.picklist(SERVICE_KINDS),
  active: v.boolean(),
  servicesPackages: v.array(ServicePackageSchema),
})
export type Service = v.InferOutput<typeof ServiceSchema>
export const ServiceListSchema = v.array(ServiceSchema)

export const COUPON_NOT_VALID = 'Coupon code is not valid'
export const AFFILIATE_NOT_VALID = 'Affiliate code is not valid'

/** A code as typed by a person: letters, digits, dash and underscore. Anything else is simply not valid. */
export const PROMO_CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/

export const CodeParamsSchema = v.object({ code: v.pipe(v.string(), v.maxLength(200)) })

/** A valid coupon. percentOff is a whole percentage; amountOff is dollars; either may be 0. */
export const CouponSchema = v.object({
  id: v.number(),
  code: v.string(),
  description: v.string(),
  percentOff: v.number(),
  amountOff: v.number(),
})
export type Coupon = v.InferOutput<typeof CouponSchema>

export const AffiliateSchema = v.object({ id: v.number() })
export type Affiliate = v.InferOutput<typeof AffiliateSchema>

/**
 * The discount a coupon gives on a subtotal, in cents: the percentage (rounded to the cent) plus the fixed
 * amount, never more than the subtotal. The server bills with this; the order summary shows the same.
 */
export function couponDiscountCents(subtotalCents: number, coupon: { percentOff: number; amountOffCents: number }): number {
  const percent = Math.round((subtotalCents * coupon.percentOff) / 100)
  return Math.min(subtotalCents, Math.max(0, percent + coupon.amountOffCents))
}
