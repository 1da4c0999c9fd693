import { asc, eq } from 'drizzle-orm'
import { centsToDollars, dollarsToCents } from '../../contract/common'
import type { CreateShippingOption, ShippingOption, UpdateShippingOption } from '../../contract/shipping'
import { recordAudit } from '../audit'
import { hasPermission, isAgent } from '../auth/policy'
import type { Caller } from '../context'
import type { Db, Tx } from '../db/client'
import { isUniqueViolation } from '../db/pg-error'
import { shippingOptions } from '../db/schema'
import { conflict, notFound } from '../http/errors'

/** The options every database starts with (reference data); staff change their prices or turn them off. */
export const SEEDED_SHIPPING_OPTIONS = [
  { code: 'usps-first-class', carrier: 'USPS', speed: 'First-Class Mail (3–5 days)', priceCents: 500, sortOrder: 10 },
  { code: 'usps-priority', carrier: 'USPS', speed: 'Priority Mail (1–3 days)', priceCents: 1200, sortOrder: 20 },
  { code: 'ups-ground', carrier: 'UPS', speed: 'Ground (1–5 days)', priceCents: 1500, sortOrder: 30 },
  { code: 'fedex-overnight', carrier: 'FedEx', speed: 'Standard Overnight', priceCents: 4500, sortOrder: 40 },
] as const

type Row = typeof shippingOptions.$inferSelect

export const toShippingOption = (row: Row): ShippingOption => ({
  id: row.id,
  carrier: row.carrier,
  speed: row.speed,
  price: centsToDollars(row.priceCents),
  active: row.active,
  sortOrder: row.sortOrder,
})

/** Who sees the inactive options too: staff who manage them. */
export const managesShipping = (caller: Caller) => isAgent(caller) && hasPermission(caller, 'SHE')

/** Active options for everyone, in their order; every option for staff who manage them. */
export async function listShippingOptions(db: Db, caller: Caller): Promise<ShippingOption[]> {
  const rows = await db
    .select()
    .from(shippingOptions)
    .where(managesShipping(caller) ? undefined : eq(shippingOptions.active, true))
    .orderBy(asc(shippingOptions.sortOrder), asc(shippingOptions.id))
  return rows.map(toShippingOption)
}

/** The option a request names (or the first active one), locked for the request's transaction. */
export async function shippingOptionFor(tx: Tx, id: number | undefined): Promise<Row | undefined> {
  const [row] = await tx
    .select()
    .from(shippingOptions)
    .where(id === undefined ? eq(shippingOptions.active, true) : eq(shippingOptions.id, id))
    .orderBy(asc(shippingOptions.sortOrder), asc(shippingOptions.id))
    .limit(1)
    .for('share')
  return row
}

const DUPLICATE = 'This carrier already has an option of that speed'

interface Change {
  at: Date
  actorUserId: number
  ip?: string | null
  requestId?: string | null
}

export async function createShippingOption(db: Db, input: CreateShippingOption, change: Change): Promise<ShippingOption> {
  try {
    return await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(shippingOptions)
        .values({
          carrier: input.carrier,
          speed: input.speed,
          priceCents: dollarsToCents(input.price),
          active: input.active ?? true,
          sortOrder: input.sortOrder ?? 100,
          createdAt: change.at,
          updatedAt: change.at,
        })
        .returning()
      await recordAudit(tx, { ...change, action: 'shipping-option.create', entity: 'shipping-option', entityId: row.id, after: toShippingOption(row) })
      return toShippingOption(row)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE, `${input.carrier} already has “${input.speed}”: change that option instead`)
    throw error
  }
}

export async function updateShippingOption(db: Db, id: number, input: UpdateShippingOption, change: Change): Promise<ShippingOption> {
  try {
    return await db.transaction(async (tx) => {
      const [before] = await tx.select().from(shippingOptions).where(eq(shippingOptions.id, id)).for('update')
      if (!before) throw notFound('Shipping option')
      const [row] = await tx
        .update(shippingOptions)
        .set({
          ...(input.carrier !== undefined ? { carrier: input.carrier } : {}),
          ...(input.speed !== undefined ? { speed: input.speed } : {}),
          ...(input.price !== undefined ? { priceCents: dollarsToCents(input.price) } : {}),
          ...(input.active !== undefined ? { active: input.active } : {}),
          ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}),
          updatedAt: change.at,
        })
        .where(eq(shippingOptions.id, id))
        .returning()
      await recordAudit(tx, {
        ...change,
        action: 'shipping-option.update',
        entity: 'shipping-option',
        entityId: id,
        before: toShippingOption(before),
        after: toShippingOption(row),
      })
      return toShippingOption(row)
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(DUPLICATE, 'Another option has this carrier and speed')
    throw error
  }
}

/** Reference data: the seeded options, added once (a code or a carrier and speed already there is left alone). */
export async function ensureShippingOptions(db: Db | Tx): Promise<void> {
  await db
    .insert(shippingOptions)
    .values(SEEDED_SHIPPING_OPTIONS.map((o) => ({ ...o })))
    .onConflictDoNothing()
}
