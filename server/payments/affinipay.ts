import { chargeOnce, forgetCharge, type ChargeLedgerDeps } from './charge-ledger'
import type { ChargeFailureCode, ChargeRequest, ChargeResult, HostedFieldsConfig, PaymentGateway, ReversalRequest, ReversalResult } from './gateway'

/**
 * AffiniPay (LawPay) behind the gateway interface. The browser loads AffiniPay's hosted-fields script with
 * the public key and receives a one-time token; the server charges it with POST {apiUrl}/v1/charges,
 * authenticated by HTTP basic auth with the secret key as user name and an empty password, with
 * `{ amount (cents), account_id, method (the token id), reference }`.
 *
 * AffiniPay documents no idempotency header, so the charge ledger (charge-ledger.ts) keeps one charge per
 * idempotencyKey on our side, and the key goes along as `reference` for reconciliation. A one-time token
 * is itself single-use at AffiniPay, which refuses a second charge of the same token.
 *
 * A charge whose order could not be saved is reversed with POST {apiUrl}/v1/charges/{id}/void, and when
 * AffiniPay no longer voids it (already settled) with POST {apiUrl}/v1/charges/{id}/refund for the full
 * amount.
 */
export interface AffiniPayOptions {
  publicKey: string
  secretKey: string
  accountId: string
  /** e.g. https://api.affinipay.com */
  apiUrl: string
  /** AffiniPay's hosted-fields script (fieldGen_x.y.z.js). */
  hostedFieldsUrl: string
  /** A charge that takes longer is reported as a processor error. */
  timeoutMs?: number
}

interface AffiniPayMessage {
  code?: string
  level?: string
  message?: string
  facility?: string
}

const FAILURES: Record<string, { code: ChargeFailureCode; message: string }> = {
  card_declined: { code: 'card_declined', message: 'Your card was declined' },
  card_declined_hold: { code: 'card_declined', message: 'Your card was declined' },
  card_declined_no_account: { code: 'card_declined', message: 'Your card was declined' },
  card_declined_refer_to_issuer: { code: 'card_declined', message: 'Your card was declined. Please contact your card issuer.' },
  card_declined_limit_exceeded: { code: 'card_declined', message: 'Your card was declined: its limit is exceeded' },
  card_declined_processing_error: { code: 'card_declined', message: 'Your card was declined' },
  card_declined_insufficient_funds: { code: 'insufficient_funds', message: 'Your card has insufficient funds' },
  card_expired: { code: 'card_declined', message: 'Your card has expired' },
  card_cvv_incorrect: { code: 'card_declined', message: 'The CVV is incorrect' },
  card_number_incorrect: { code: 'card_declined', message: 'The card number is not valid' },
  card_number_invalid: { code: 'card_declined', message: 'The card number is not valid' },
  card_avs_rejected: { code: 'card_declined', message: 'The billing address does not match your card' },
  card_type_not_accepted: { code: 'card_declined', message: 'This type of card is not accepted' },
  no_card_details_or_token_present: {
    code: 'invalid_token',
    message: 'Your card details have expired or were already used. Please enter them again.',
  },
  not_found: { code: 'invalid_token', message: 'Your card details have expired or were already used. Please enter them again.' },
}

const UNAVAILABLE: ChargeResult = {
  ok: false,
  code: 'processor_error',
  message: 'The payment service is not available. Please try again later.',
}

export class AffiniPayGateway implements PaymentGateway {
  readonly name = 'affinipay' as const

  constructor(
    private readonly options: AffiniPayOptions,
    private readonly deps: ChargeLedgerDeps,
  ) {}

  hostedFields(): HostedFieldsConfig {
    return {
      provider: 'affinipay',
      scriptUrl: this.options.hostedFieldsUrl,
      publicKey: this.options.publicKey,
      frameOrigin: new URL(this.options.hostedFieldsUrl).origin,
    }
  }

  charge(request: ChargeRequest): Promise<ChargeResult> {
    return chargeOnce(this.deps, 'affinipay-charge', request, () => this.post(request))
  }

  async reverse(request: ReversalRequest): Promise<ReversalResult> {
    const path = (action: 'void' | 'refund') => `/v1/charges/${encodeURIComponent(request.reference)}/${action}`
    const voided = await this.call(path('void'), {})
    let kind: 'void' | 'refund' = 'void'
    if (!voided.ok) {
      // A processor or network failure is not a "cannot void": refunding on top of an unknown void could pay back twice.
      if (voided.status === 0 || voided.status >= 500 || voided.status === 401 || voided.status === 403) {
        return { ok: false, message: `AffiniPay did not answer the void (status ${voided.status})` }
      }
      const refunded = await this.call(path('refund'), { amount: request.amountCents, reference: `reversal:${request.idempotencyKey}` })
      if (!refunded.ok) return { ok: false, message: `AffiniPay refused the void and the refund (status ${refunded.status}: ${refunded.codes.join(', ')})` }
      kind = 'refund'
    }
    await forgetCharge(this.deps, 'affinipay-charge', request.idempotencyKey)
    return { ok: true, kind }
  }

  /** One authenticated POST to AffiniPay's API; status 0 when it could not be reached. */
  private async call(path: string, body: Record<string, unknown>): Promise<{ ok: boolean; status: number; codes: string[] }> {
    try {
      const response = await fetch(new URL(path, this.options.apiUrl), {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.options.secretKey}:`).toString('base64')}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      })
      const answer = (await response.json().catch(() => null)) as { messages?: AffiniPayMessage[] } | null
      const codes = (Array.isArray(answer?.messages) ? answer.messages : []).map((m) => String(m.code ?? '')).filter(Boolean)
      return { ok: response.ok, status: response.status, codes }
    } catch (error) {
      this.deps.logger.error('AffiniPay request failed', { path, error: error instanceof Error ? error.message : String(error) })
      return { ok: false, status: 0, codes: [] }
    }
  }

  private async post(request: ChargeRequest): Promise<ChargeResult> {
    const url = new URL('/v1/charges', this.options.apiUrl)
    let response: Response
    try {
      response = await fetch(url, {
        method: 'POST',
        headers: {
          authorization: `Basic ${Buffer.from(`${this.options.secretKey}:`).toString('base64')}`,
          'content-type': 'application/json',
          accept: 'application/json',
        },
        body: JSON.stringify({
          amount: request.amountCents,
          account_id: this.options.accountId,
          method: request.token,
          reference: request.idempotencyKey,
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 20_000),
      })
    } catch (error) {
      this.deps.logger.error('AffiniPay charge request failed', {
        idempotencyKey: request.idempotencyKey,
        error: error instanceof Error ? error.message : String(error),
      })
      return UNAVAILABLE
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null

    if (response.ok && body && typeof body.id === 'string') {
      const status = String(body.status ?? '').toUpperCase()
      if (status === 'FAILED' || status === 'VOIDED') return { ok: false, code: 'card_declined', message: 'Your card was declined' }
      const method = (body.method ?? {}) as { number?: unknown; card_type?: unknown }
      const masked = typeof method.number === 'string' ? method.number : ''
      return {
        ok: true,
        reference: body.id,
        ...(typeof method.card_type === 'string' ? { cardBrand: method.card_type.toLowerCase() } : {}),
        ...(/\d{4}$/.test(masked) ? { cardLast4: masked.slice(-4) } : {}),
      }
    }

    const messages = (Array.isArray(body?.messages) ? body.messages : []) as AffiniPayMessage[]
    for (const message of messages) {
      const failure = message.code ? FAILURES[message.code] : undefined
      if (failure) return { ok: false, ...failure }
    }
    const codes = messages.map((m) => m.code).filter(Boolean)
    if (response.status === 401 || response.status === 403 || response.status >= 500 || !codes.length) {
      this.deps.logger.error('AffiniPay refused the charge request', {
        status: response.status,
        codes,
        idempotencyKey: request.idempotencyKey,
      })
      return UNAVAILABLE
    }
    // Any other card_* message is a decline the card holder can act on; the rest are ours to fix.
    if (codes.some((code) => code!.startsWith('card_'))) return { ok: false, code: 'card_declined', message: 'Your card was declined' }
    this.deps.logger.error('AffiniPay refused the charge', { status: response.status, codes, idempotencyKey: request.idempotencyKey })
    return UNAVAILABLE
  }
}
