import type { AppDeps } from '../context'
import { invoicesRecorder } from '../invoices/pay'
import { reconcileIntents, RECONCILE_EVERY_MS, type IntentPurpose, type Recorder } from '../payments/intents'
import { registrationRecorder } from '../registration/register-client'
import { subscriptionRecorder } from '../registration/subscribe'

/** How each kind of payment is recorded, for the reconciliation to finish any of them. */
export const PAYMENT_RECORDERS: Record<IntentPurpose, Recorder> = {
  invoices: invoicesRecorder,
  registration: registrationRecorder,
  subscription: subscriptionRecorder,
}

/**
 * Settles payments whose request was cut off (server/payments/intents.ts): once at start, then every
 * RECONCILE_EVERY_MS, one run at a time on this server. Every server runs it; an intent is taken by one.
 */
export function startPaymentReconciliation(deps: AppDeps): { stop(): Promise<void> } {
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const run = () => {
    if (stopped) return
    running = running
      .then(() => reconcileIntents(deps, PAYMENT_RECORDERS))
      .catch((error: unknown) => deps.logger.error('payment reconciliation failed', { error: error instanceof Error ? error.message : String(error) }))
  }
  run()
  const every = setInterval(run, RECONCILE_EVERY_MS)
  every.unref()
  return {
    async stop() {
      stopped = true
      clearInterval(every)
      await running
    },
  }
}
