import { and, asc, eq, gte, inArray, lt } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { centsToDollars } from '../../contract/common'
import { PAYABLE_INVOICE_STATUSES } from '../../contract/invoices'
import type { AppDeps } from '../context'
import { autopayEvents, clientAutopay, invoices, paymentMethods } from '../db/schema'
import { HttpError } from '../http/errors'
import { PORTAL_ZONE } from '../invoices/format'
import { payClientInvoices } from '../invoices/pay'
import { cardLabel } from '../invoices/receipt'
import { notifyClient } from '../notifications'
import type { Job } from './scheduler'

/**
 * Auto-pay (docs/payments.md). For every client with auto-pay on and a saved card:
 * - each open invoice is charged on its due date, and after a decline again 1, 3 and 7 days after it
 *   (AUTOPAY_ATTEMPT_DAYS), with a notice after each decline; a paid invoice is no longer open, so
 *   nothing is charged after a success;
 * - the client is told UPCOMING_NOTICE_DAYS ahead of an invoice's first charge;
 * - the card's expiry is warned of 30 and 7 days ahead (EXPIRY_WARNING_DAYS), once each.
 *
 * Every charge is an invoice payment through a payment intent (server/invoices/pay.ts), with the
 * Idempotency-Key `autopay-<invoice>-day-<n>`: a run repeated, or two servers at once, finish the same
 * intent instead of charging again, and a charge cut off by a crash is settled by the reconciliation
 * like any other. What each attempt ended in is kept in autopay_events under one key per invoice and
 * attempt day, so its notice is sent once. Days are the portal's (America/New_York).
 */
export const AUTOPAY_ATTEMPT_DAYS = [0, 1, 3, 7] as const
export const UPCOMING_NOTICE_DAYS = 7
export const EXPIRY_WARNING_DAYS = [30, 7] as const

const DAY_MS = 86_400_000

/** Whole portal days from `from`'s day to `to`'s day (negative when `to` is earlier). */
export function portalDaysBetween(from: Date, to: Date): number {
  const a = DateTime.fromJSDate(from, { zone: PORTAL_ZONE }).startOf('day')
  const b = DateTime.fromJSDate(to, { zone: PORTAL_ZONE }).startOf('day')
  return Math.round(b.diff(a, 'days').days)
}

/** The attempt due on this day past the due date: the latest attempt day reached, or null before it is due. */
export function attemptDayFor(daysPastDue: number): number | null {
  if (daysPastDue < 0 || daysPastDue > AUTOPAY_ATTEMPT_DAYS[AUTOPAY_ATTEMPT_DAYS.length - 1]) return null
  return [...AUTOPAY_ATTEMPT_DAYS].reverse().find((day) => day <= daysPastDue) ?? null
}

export const autopayIdempotencyKey = (invoiceId: number, day: number) => `autopay-${invoiceId}-day-${day}`

const money = (cents: number) => `$${centsToDollars(cents).toFixed(2)}`
const dayText = (date: Date) => DateTime.fromJSDate(date, { zone: PORTAL_ZONE }).toFormat('LLL d, yyyy', { locale: 'en-US' })

export interface AutopayRun {
  charged: number
  declined: number
  upcoming: number
  expiryWarnings: number
  failed: number
}

/** Records an event once; true when this call recorded it. */
async function recordOnce(deps: AppDeps, values: typeof autopayEvents.$inferInsert): Promise<boolean> {
  const [row] = await deps.db.insert(autopayEvents).values(values).onConflictDoNothing().returning({ key: autopayEvents.key })
  return Boolean(row)
}

export async function runAutopay(deps: AppDeps, now: Date): Promise<AutopayRun> {
  const counts: AutopayRun = { charged: 0, declined: 0, upcoming: 0, expiryWarnings: 0, failed: 0 }
  const enrolled = await deps.db
    .select({ clientId: clientAutopay.clientId, method: paymentMethods })
    .from(clientAutopay)
    .innerJoin(paymentMethods, and(eq(paymentMethods.id, clientAutopay.paymentMethodId), eq(paymentMethods.clientId, clientAutopay.clientId)))
    .where(eq(clientAutopay.enabled, true))
    .orderBy(asc(clientAutopay.clientId))
  const lastDay = AUTOPAY_ATTEMPT_DAYS[AUTOPAY_ATTEMPT_DAYS.length - 1]
  for (const { clientId, method } of enrolled) {
    const card = cardLabel(method.brand, method.last4)
    await warnOfExpiry(deps, clientId, method, card, now, counts)
    const open = await deps.db
      .select({ id: invoices.id, number: invoices.invoiceNumber, dueDate: invoices.dueDate, totalCents: invoices.totalCents })
      .from(invoices)
      .where(
        and(
          eq(invoices.clientId, clientId),
          inArray(invoices.status, [...PAYABLE_INVOICE_STATUSES]),
          gte(invoices.dueDate, new Date(now.getTime() - (lastDay + 2) * DAY_MS)),
          lt(invoices.dueDate, new Date(now.getTime() + (UPCOMING_NOTICE_DAYS + 2) * DAY_MS)),
        ),
      )
      .orderBy(asc(invoices.dueDate), asc(invoices.id))
    for (const invoice of open) {
      if (invoice.totalCents <= 0) continue
      const daysPastDue = portalDaysBetween(invoice.dueDate, now)
      if (daysPastDue < 0) {
        if (-daysPastDue > UPCOMING_NOTICE_DAYS) continue
        const told = await recordOnce(deps, { key: `invoice:${invoice.id}:upcoming`, clientId, kind: 'upcoming', invoiceId: invoice.id, createdAt: now })
        if (told) {
          counts.upcoming++
          await notifyClient(
            deps.db,
            clientId,
            `Auto-pay: invoice ${invoice.number} for ${money(invoice.totalCents)} will be charged to your ${card} on ${dayText(invoice.dueDate)}`,
            { kind: 'invoice' },
            now,
          )
        }
        continue
      }
      const day = attemptDayFor(daysPastDue)
      if (day === null) continue
      const eventKey = `invoice:${invoice.id}:day:${day}`
      const [done] = await deps.db.select({ key: autopayEvents.key }).from(autopayEvents).where(eq(autopayEvents.key, eventKey))
      if (done) continue
      try {
        const answer = await payClientInvoices(
          deps,
          { clientId, userId: null, via: 'autopay' },
          { invoiceIds: [invoice.id], paymentMethodId: method.id, idempotencyKey: autopayIdempotencyKey(invoice.id, day) },
        )
        if (answer.status < 300) {
          // The receipt is e-mailed by the payment itself (server/invoices/receipt.ts).
          if (await recordOnce(deps, { key: eventKey, clientId, kind: 'charged', invoiceId: invoice.id, details: { day }, createdAt: now })) counts.charged++
        } else if (answer.status === 402) {
          const reason = (answer.body as { details?: string } | null)?.details ?? 'Your card was declined'
          const recorded = await recordOnce(deps, {
            key: eventKey,
            clientId,
            kind: 'declined',
            invoiceId: invoice.id,
            details: { day, reason },
            createdAt: now,
          })
          if (recorded) {
            counts.declined++
            const next = AUTOPAY_ATTEMPT_DAYS.find((d) => d > day)
            const then =
              next === undefined
                ? 'This was the last automatic attempt: please pay it in the portal.'
                : `We will try again on ${dayText(new Date(invoice.dueDate.getTime() + next * DAY_MS))}, or you can pay it in the portal now.`
            await notifyClient(
              deps.db,
              clientId,
              `Auto-pay could not charge your ${card} for invoice ${invoice.number} (${money(invoice.totalCents)}): ${reason}. ${then}`,
              { kind: 'invoice' },
              now,
            )
          }
        } else {
          // Busy (paid in another tab right now), or the processor did not answer: the next run tries again.
          counts.failed++
          deps.logger.warn('auto-pay attempt not finished; tried again next run', { invoiceId: invoice.id, day, status: answer.status })
        }
      } catch (error) {
        counts.failed++
        deps.logger[error instanceof HttpError && error.status < 500 ? 'warn' : 'error']('auto-pay attempt failed; tried again next run', {
          invoiceId: invoice.id,
          day,
          error: error instanceof Error ? error.message : String(error),
        })
      }
    }
  }
  return counts
}

/** The auto-pay card's expiry, warned of 30 and 7 days ahead, once each (only the nearer one when both are due). */
async function warnOfExpiry(
  deps: AppDeps,
  clientId: number,
  method: typeof paymentMethods.$inferSelect,
  card: string,
  now: Date,
  counts: AutopayRun,
): Promise<void> {
  // A card is good through the last day of its expiry month.
  const expiresAt = Date.UTC(method.expYear, method.expMonth, 1)
  const daysLeft = Math.ceil((expiresAt - now.getTime()) / DAY_MS)
  if (daysLeft <= 0 || daysLeft > EXPIRY_WARNING_DAYS[0]) return
  const due = EXPIRY_WARNING_DAYS.filter((days) => daysLeft <= days)
  const stamp = `${method.expYear}-${String(method.expMonth).padStart(2, '0')}`
  let newlyDue = false
  for (const days of due) {
    const recorded = await recordOnce(deps, {
      key: `card:${method.id}:${stamp}:expiry-${days}`,
      clientId,
      kind: `expiry-${days}`,
      details: { paymentMethodId: method.id },
      createdAt: now,
    })
    newlyDue ||= recorded && days === due[due.length - 1]
  }
  if (!newlyDue) return
  counts.expiryWarnings++
  await notifyClient(
    deps.db,
    clientId,
    `Your ${card}, used for auto-pay, expires at the end of ${String(method.expMonth).padStart(2, '0')}/${method.expYear} (in ${daysLeft} ${daysLeft === 1 ? 'day' : 'days'}). Save a new card and choose it for auto-pay to keep paying automatically.`,
    { kind: 'invoice' },
    now,
  )
}

export const autopayJob = {
  name: 'autopay',
  everyMs: 60 * 60_000,
  run: (deps, now) => runAutopay(deps, now),
} satisfies Job
