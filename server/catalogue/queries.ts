import { and, asc, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm'
import type { Service, ServiceKind } from '../../contract/catalogue'
import { centsToDollars } from '../../contract/common'
import type { Db } from '../db/client'
import { affiliates, coupons, loginAttempts, servicePackages, services } from '../db/schema'

/**
 * The catalogue's data: services and their packages, coupons and affiliates, and the misses counted
 * against an address that tries promotion codes.
 */

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
    .where(
      and(
        eq(servicePackages.active, true),
        inArray(
          servicePackages.serviceId,
          serviceRows.map((s) => s.id),
        ),
      ),
    )
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

/** How many code misses were counted for a key since a moment. */
export async function countCodeMisses(db: Db, key: string, since: Date): Promise<number> {
  const [{ misses }] = await db
    .select({ misses: count() })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.key, key), gt(loginAttempts.attemptedAt, since)))
  return misses
}

/** Counts one code miss for a key. */
export async function recordCodeMiss(db: Db, key: string, at: Date): Promise<void> {
  await db.insert(loginAttempts).values({ key, attemptedAt: at })
}
