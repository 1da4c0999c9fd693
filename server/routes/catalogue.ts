import { Hono, type Context } from 'hono'
import {
  AFFILIATE_NOT_VALID,
  COUPON_NOT_VALID,
  CodeParamsSchema,
  PROMO_CODE_PATTERN,
  ServicesQuerySchema,
  type Affiliate,
  type Coupon,
} from '../../contract/catalogue'
import { centsToDollars } from '../../contract/common'
import { access } from '../auth/policy'
import { clientAddress } from '../auth/rate-limit'
import type { AppEnv } from '../context'
import { countCodeMisses, findActiveAffiliate, findUsableCoupon, listServices, recordCodeMiss } from '../catalogue/queries'
import { HttpError } from '../http/errors'
import { validate } from '../http/validate'

/**
 * The public catalogue: services and packages for the sign-up wizard and add-ons, and verification of
 * coupon and affiliate codes. Unknown, inactive and expired codes all answer the same 404, so nothing is
 * learnt from a miss; misses are counted per address (login_attempts, key `promo-code:<address>`) and
 * answered 429 past PROMO_CODE_LIMITS, so codes cannot be enumerated.
 */
export const PROMO_CODE_LIMITS = { windowMs: 15 * 60_000, missesPerAddress: 30 }

/** Looks a code up unless the caller's address has missed too often lately; counts a miss. */
async function verifyCode<T>(c: Context<AppEnv>, code: string, notValid: string, lookup: (code: string) => Promise<T | undefined>): Promise<T> {
  const { db, clock } = c.get('deps')
  const now = clock.now()
  const key = `promo-code:${clientAddress(c)}`
  const since = new Date(now.getTime() - PROMO_CODE_LIMITS.windowMs)
  if ((await countCodeMisses(db, key, since)) >= PROMO_CODE_LIMITS.missesPerAddress) {
    c.header('Retry-After', String(Math.ceil(PROMO_CODE_LIMITS.windowMs / 1000)))
    throw new HttpError(429, 'Too many attempts', 'Too many codes were tried. Please try again in 15 minutes.')
  }
  const found = PROMO_CODE_PATTERN.test(code) ? await lookup(code) : undefined
  if (!found) {
    await recordCodeMiss(db, key, now)
    throw new HttpError(404, notValid)
  }
  return found
}

export const catalogueRoutes = new Hono<AppEnv>()
  .get('/services', access.public(), validate('query', ServicesQuerySchema), async (c) => {
    return c.json(await listServices(c.get('deps').db, c.req.valid('query').kind))
  })
  .get('/coupon/verify/:code', access.public(), validate('param', CodeParamsSchema), async (c) => {
    const { db, clock } = c.get('deps')
    const coupon = await verifyCode(c, c.req.valid('param').code.trim(), COUPON_NOT_VALID, (code) => findUsableCoupon(db, clock.now(), { code }))
    const body: Coupon = {
      id: coupon.id,
      code: coupon.code,
      description: coupon.description,
      percentOff: coupon.percentOff,
      amountOff: centsToDollars(coupon.amountOffCents),
    }
    return c.json(body)
  })
  .get('/affiliate/verify/:code', access.public(), validate('param', CodeParamsSchema), async (c) => {
    const { db } = c.get('deps')
    const affiliate = await verifyCode(c, c.req.valid('param').code.trim(), AFFILIATE_NOT_VALID, (code) => findActiveAffiliate(db, { code }))
    const body: Affiliate = { id: affiliate.id }
    return c.json(body)
  })
