import { LINE_CONTROL_CHARACTERS } from '../../contract/common'
import type { AppDeps } from '../context'
import { recordAudit } from '../audit'

/**
 * When an order cannot be saved after its card was charged (registration, add-on purchase), the charge is
 * reversed through the gateway (void, or a full refund once it can no longer be voided), and the attempt
 * is recorded for operators in audit_events: action 'charge.reversed' or, when the gateway refused,
 * 'charge.reversal-failed' (entity 'charge', entityId the processor's reference), with the amount, the
 * order, the error that stopped it and the gateway's answer. See docs/payments.md.
 */
export interface ChargeToReverse {
  reference: string
  idempotencyKey: string
  amountCents: number
}

export interface ReversalContext {
  /** What was being bought. */
  order: 'registration' | 'subscription' | 'invoices'
  requestId?: string
  ip?: string | null
  actorUserId?: number | null
  /** Anything that helps an operator find the customer (e-mail, client id, company). */
  customer: Record<string, string | number | null | undefined>
  /** Why the order could not be saved. */
  error: unknown
}

/** Text for the log and the audit row: short and free of characters jsonb or a terminal would choke on. */
const clean = (text: string) => text.replace(new RegExp(LINE_CONTROL_CHARACTERS.source, 'g'), ' ').slice(0, 500)

/** The root cause's message: a database driver wraps it in one that quotes the whole statement. */
function innermostMessage(error: unknown): string {
  let current = error
  for (let depth = 0; depth < 5 && current instanceof Error && current.cause instanceof Error; depth++) current = current.cause
  return current instanceof Error ? current.message : String(current)
}

export async function reverseCharge(deps: AppDeps, charge: ChargeToReverse, context: ReversalContext): Promise<{ reversed: boolean }> {
  const reason = clean(innermostMessage(context.error))
  let outcome: Awaited<ReturnType<AppDeps['gateway']['reverse']>>
  try {
    outcome = await deps.gateway.reverse(charge)
  } catch (error) {
    outcome = { ok: false, message: clean(error instanceof Error ? error.message : String(error)) }
  }
  const fields = {
    order: context.order,
    gateway: deps.gateway.name,
    reference: charge.reference,
    chargeKey: charge.idempotencyKey,
    amountCents: charge.amountCents,
    customer: Object.fromEntries(Object.entries(context.customer).map(([k, v]) => [k, typeof v === 'string' ? clean(v) : (v ?? null)])),
    reason,
    ...(outcome.ok ? { kind: outcome.kind } : { gatewayMessage: clean(outcome.message) }),
  }
  if (outcome.ok)
    deps.logger.warn(`order not saved after its charge; charge ${outcome.kind === 'void' ? 'voided' : 'refunded'}`, { requestId: context.requestId, ...fields })
  else deps.logger.error('ORDER NOT SAVED AND ITS CHARGE COULD NOT BE REVERSED: refund by hand', { requestId: context.requestId, ...fields })
  try {
    await recordAudit(deps.db, {
      at: deps.clock.now(),
      actorUserId: context.actorUserId ?? null,
      action: outcome.ok ? 'charge.reversed' : 'charge.reversal-failed',
      entity: 'charge',
      entityId: charge.reference,
      details: fields,
      ip: context.ip ?? null,
      requestId: context.requestId ?? null,
    })
  } catch (error) {
    deps.logger.error('could not record a charge reversal', { requestId: context.requestId, reference: charge.reference, error: String(error) })
  }
  return { reversed: outcome.ok }
}
