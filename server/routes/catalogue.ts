import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import { Hono, type Context } from 'hono'
import {
  AFFILIATE_NOT_VALID,
  COUPON_NOT_VALID,
  CodeParamsSchema,
  PROMO_CODE_PATTERN,
  ServicesQuerySchema,
  type Affiliate,
  type Coupon,
  type Service,
  type ServiceKind,
} from '../../contract/catalogue'
import { centsToDollars } from '../../contract/common'
import { access } from '../auth/policy'
import { clientAddress } from '../auth/rate-limit'
import type { AppEnv } from '../context'
import type { Db } from '../db/client'
import { affiliates, coupons, loginAttempts, servicePackages, services } from '../db/schema'
import { HttpError } from '../http/errors'
import { validate } from '../http/validate'

/**
 * The public catalogue: services and packages for the sign-up wizard and add-ons, and verification of
 * coupon and affiliate codes. Unknown, inactive and expired codes all answer the same 404, so nothing is
 * learnt from a miss; misses are counted per address (login_attempts, key `promo-code:<address>`) and
 * answered 429 past PROMO_CODE_LIMITS, so codes cannot be enumerated.
 */
export const PROMO_CODE_LIMITS = { windowMs: 15 * 60_000, missesPerAddress: 30 }

/** Active services of a kind (or all), each with its active packages, in catalogue order. */
export async function listServices(db: Db, kind?: ServiceKind): Promise<Service[]> {
  const serviceRows = await db
    .select()
    .from(services)
    .where(and(eq(services.active, true), kind ? eq(services.kind, kind) : undefined))
    .orderBy(asc(services.sortOrder), asc(services.id))
  if (!serviceRows.length) return []
  const packageRows = await db
    .select()
    .from(servicePackages)
    .where(and(eq(servicePackages.active, true), inArray(servicePackages.serviceId, serviceRows.map((s) => s.id))))
    .orderBy(asc(servicePackages.sortOrder), asc(servicePackages.id))
  return serviceRows
    .map((service) => ({
      id: service.id,
      name: service.name,
      description: service.description,
      kind: service.kind as ServiceKind,
      active: service.active,
      servicesPackages: packageRows
        .filter((p) => p.serviceId === service.id)
        .map((p) => ({ id: p.id, name: p.name, description: p.description, amount: centsToDollars(p.amountCents) })),
    }))
    .filter((service) => service.servicesPackages.length > 0)
}

/** A coupon that can be used now, by code (case-insensitive) or id. */
export async function findUsableCoupon(db: Db, now: Date, by: { code: string } | { id: number }) {
  const [coupon] = await db
    .select()
    .from(coupons)
    .where(
      and(
        'code' in by ? eq(sql`upper(${coupons.code})`, by.code.toUpperCase()) : eq(coupons.id, by.id),
        eq(coupons.active, true),
        or(isNull(coupons.expiresAt), gt(coupons.expiresAt, now)),
      ),
    )
  return coupon
}

/** An active affiliate, by code (case-insensitive) or id. */
export async function findActiveAffiliate(db: Db, by: { code: string } | { id: number }) {
  const [affiliate] = await db
    .select()
    .from(affiliates)
    .where(and('code' in by ? eq(sql`upper(${affiliates.code})`, by.code.toUpperCase()) : eq(affiliates.id, by.id), eq(affiliates.active, true)))
  return affiliate
}

/** Looks a code up unless the caller's address has missed too often lately; counts a miss. */
async function verifyCode<T>(c: Context<AppEnv>, code: string, notValid: string, lookup: (code: string) => Promise<T | undefined>): Promise<T> {
  const { db, clock } = c.var.deps
  const now = clock.now()
  const key = `promo-code:${clientAddress(c)}`
  const since = new Date(now.getTime() - PROMO_CODE_LIMITS.windowMs)
  const [{ misses }] = await db
    .select({ misses: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.attemptedAt, since)))
  if (misses >= PROMO_CODE_LIMITS.missesPerAddress) {
    c.header('Retry-After', String(Math.ceil(PROMO_CODE_LIMITS.windowMs / 1000)))
    throw new HttpError(429, 'Too many attempts', 'Too many codes were tried. Please try again in 15 minutes.')
  }
  const found = PROMO_CODE_PATTERN.test(code) ? await lookup(code) : undefined
  if (!found) {
    await db.insert(loginAttempts).values({ key, attemptedAt: now })
    throw new HttpError(404, notValid)
  }
  return found
}

export const catalogueRoutes = new Hono<AppEnv>()
  .get('/services', access.public(), validate('query', ServicesQuerySchema), async (c) => {
    return c.json(await listServices(c.var.deps.db, c.req.valid('query').kind))
  })
  .get('/coupon/verify/:code', access.public(), validate('param', CodeParamsSchema), async (c) => {
    const { db, clock } = c.var.deps
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
    const { db } = c.var.deps
    const affiliate = await verifyCode(c, c.req.valid('param').code.trim(), AFFILIATE_NOT_VALID, (code) => findActiveAffiliate(db, { code }))
    const body: Affiliate = { id: affiliate.id }
    return c.json(body)
  })
