import type { Logger } from '../logger'
import type {
  ChargeFailureCode,
  ChargeRequest,
  ChargeResult,
  GatewayCharge,
  HostedFieldsConfig,
  PaymentGateway,
  ReversalRequest,
  ReversalResult,
  StoredCard,
} from './gateway'

/**
 * AffiniPay (LawPay) behind the gateway interface. The browser loads AffiniPay's hosted-fields script with
 * the public key and receives a one-time token; the server charges it with POST {apiUrl}/v1/charges,
 * authenticated by HTTP basic auth with the secret key as user name and an empty password, with
 * `{ amount (cents), account_id, method (the token id), reference }`.
 *
 * AffiniPay documents no idempotency header. Its equivalents: the portal's idempotency key goes along as
 * the charge's `reference`, and a charge is found by it (GET {apiUrl}/v1/charges?reference=<key>), so a
 * repeat of a key answers the charge already made instead of charging again; and a one-time token is
 * single-use at AffiniPay, which refuses a second charge of the same token. A key cannot be closed at
 * AffiniPay: closeKey only looks it up, which is enough because the request that charges a key gives up
 * (CALL_TIMEOUT_MS, tried twice) well before the payment's lease ends and the reconciliation looks.
 * An answer that does not say whether the card was charged (no answer, a timeout, a 5xx) is thrown, so
 * the payment stays pending until the look-up settles it.
 *
 * A charge whose order could not be saved is reversed with POST {apiUrl}/v1/charges/{id}/void, and when
 * AffiniPay no longer voids it (already settled) with POST {apiUrl}/v1/charges/{id}/refund for the full
 * amount.
 *
 * Cards on file use AffiniPay's saved cards (its card-on-file equivalent): with `saveCard`, the one-time
 * token first becomes a saved card (POST {apiUrl}/v1/cards with `{ method: token }`), and the charge is
 * made with the saved card's id as `method`; a charge of a card on file sends the card's id the same
 * way; deleteStoredCard is DELETE {apiUrl}/v1/cards/{id}. The charge AffiniPay answers (and finds by
 * reference) carries its card as `method`; a saved card's id there is the stored-card token, so the
 * reconciliation saves the card too. This part is written to AffiniPay's documented resources but has
 * not been run against AffiniPay's live API (docs/decisions/2026-12-03-saved-cards-and-autopay.md).
 */
export interface AffiniPayOptions {
  publicKey: string
  secretKey: string
  accountId: string
  /** e.g. https://api.affinipay.com */
  apiUrl: string
  /** AffiniPay's hosted-fields script (fieldGen_x.y.z.js). */
  hostedFieldsUrl: string
  /** A call that takes longer is given up (CALL_TIMEOUT_MS by default). */
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

/** Longest wait for one call to AffiniPay. */
export const CALL_TIMEOUT_MS = 15_000

/** A refusal that says for certain that nothing was charged (the secret key was refused, a bad request). */
const NOT_CHARGED: ChargeResult = {
  ok: false,
  code: 'processor_error',
  message: 'The payment service is not available. Please try again later.',
}

/** AffiniPay's answer did not say whether the card was charged. */
export class AffiniPayUnavailable extends Error {}

interface AffiniPayMethod {
  id?: unknown
  type?: unknown
  number?: unknown
  card_type?: unknown
  exp_month?: unknown
  exp_year?: unknown
}

interface AffiniPayCharge {
  id?: unknown
  status?: unknown
  amount?: unknown
  reference?: unknown
  method?: AffiniPayMethod
}

export class AffiniPayGateway implements PaymentGateway {
  readonly name = 'affinipay' as const

  constructor(
    private readonly options: AffiniPayOptions,
    private readonly deps: { logger: Logger },
  ) {}

  hostedFields(): HostedFieldsConfig {
    return {
      provider: 'affinipay',
      scriptUrl: this.options.hostedFieldsUrl,
      publicKey: this.options.publicKey,
      frameOrigin: new URL(this.options.hostedFieldsUrl).origin,
    }
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const earlier = await this.find(request.idempotencyKey)
    if (earlier?.status === 'succeeded') return { ok: true, reference: earlier.reference, ...cardOf(earlier) }
    if (request.saveCard && request.token && !request.storedCard) {
      // The one-time token becomes a saved card, which is then charged (a token is single-use).
      const saved = await this.saveCard(request.token)
      if (!saved.ok) return saved.result
      const result = await this.post({ ...request, token: undefined, storedCard: saved.card.token })
      return result.ok ? { ...result, storedCard: saved.card } : result
    }
    return this.post(request)
  }

  async deleteStoredCard(token: string): Promise<void> {
    let response: Response
    try {
      response = await fetch(new URL(`/v1/cards/${encodeURIComponent(token)}`, this.options.apiUrl), {
        method: 'DELETE',
        headers: this.headers(),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? CALL_TIMEOUT_MS),
      })
    } catch (error) {
      throw new AffiniPayUnavailable(`AffiniPay card deletion failed: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (!response.ok && response.status !== 404) throw new AffiniPayUnavailable(`AffiniPay card deletion answered ${response.status}`)
  }

  /** Keeps the card of a one-time token on file. */
  private async saveCard(token: string): Promise<{ ok: true; card: StoredCard } | { ok: false; result: ChargeResult }> {
    let response: Response
    try {
      response = await fetch(new URL('/v1/cards', this.options.apiUrl), {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify({ method: token }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? CALL_TIMEOUT_MS),
      })
    } catch (error) {
      // Nothing is charged yet: the payment fails and can be tried again.
      this.deps.logger.error('AffiniPay card save failed', { error: error instanceof Error ? error.message : String(error) })
      return { ok: false, result: NOT_CHARGED }
    }
    const body = (await response.json().catch(() => null)) as AffiniPayMethod & { messages?: AffiniPayMessage[] }
    const card = response.ok && body ? storedCardOf(body) : undefined
    if (card) return { ok: true, card }
    const failure = (Array.isArray(body?.messages) ? body.messages : []).map((m) => (m.code ? FAILURES[m.code] : undefined)).find(Boolean)
    return { ok: false, result: failure ? { ok: false, ...failure } : NOT_CHARGED }
  }

  closeKey(idempotencyKey: string): Promise<GatewayCharge | null> {
    return this.find(idempotencyKey)
  }

  /** The charge whose reference is the key; the successful one when there are several attempts. */
  private async find(idempotencyKey: string): Promise<GatewayCharge | null> {
    const url = new URL('/v1/charges', this.options.apiUrl)
    url.searchParams.set('reference', idempotencyKey)
    let response: Response
    try {
      response = await fetch(url, { headers: this.headers(), signal: AbortSignal.timeout(this.options.timeoutMs ?? CALL_TIMEOUT_MS) })
    } catch (error) {
      throw new AffiniPayUnavailable(`AffiniPay look-up failed: ${error instanceof Error ? error.message : String(error)}`)
    }
    if (!response.ok) throw new AffiniPayUnavailable(`AffiniPay look-up answered ${response.status}`)
    const body = (await response.json().catch(() => null)) as AffiniPayCharge[] | { results?: AffiniPayCharge[] } | null
    const list = Array.isArray(body) ? body : Array.isArray(body?.results) ? body.results : []
    const found = list.filter((item) => item.reference === idempotencyKey && typeof item.id === 'string').map(toGatewayCharge)
    return found.find((item) => item.status === 'succeeded') ?? found[0] ?? null
  }

  private headers(): Record<string, string> {
    return {
      authorization: `Basic ${Buffer.from(`${this.options.secretKey}:`).toString('base64')}`,
      'content-type': 'application/json',
      accept: 'application/json',
    }
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
    return { ok: true, kind }
  }

  /** One authenticated POST to AffiniPay's API; status 0 when it could not be reached. */
  private async call(path: string, body: Record<string, unknown>): Promise<{ ok: boolean; status: number; codes: string[] }> {
    try {
      const response = await fetch(new URL(path, this.options.apiUrl), {
        method: 'POST',
        headers: this.headers(),
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? CALL_TIMEOUT_MS),
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
        headers: this.headers(),
        body: JSON.stringify({
          amount: request.amountCents,
          account_id: this.options.accountId,
          method: request.storedCard ?? request.token,
          reference: request.idempotencyKey,
        }),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? CALL_TIMEOUT_MS),
      })
    } catch (error) {
      throw new AffiniPayUnavailable(`AffiniPay charge request failed: ${error instanceof Error ? error.message : String(error)}`)
    }
    const body = (await response.json().catch(() => null)) as Record<string, unknown> | null

    if (response.ok && body && typeof body.id === 'string') {
      const charged = toGatewayCharge(body as AffiniPayCharge)
      if (charged.status !== 'succeeded') return { ok: false, code: 'card_declined', message: 'Your card was declined' }
      return { ok: true, reference: charged.reference, ...cardOf(charged) }
    }

    const messages = (Array.isArray(body?.messages) ? body.messages : []) as AffiniPayMessage[]
    for (const message of messages) {
      const failure = message.code ? FAILURES[message.code] : undefined
      if (failure) return { ok: false, ...failure }
    }
    const codes = messages.map((m) => m.code).filter(Boolean)
    if (response.status >= 500 || (response.ok && !codes.length)) {
      throw new AffiniPayUnavailable(`AffiniPay answered ${response.status} without saying whether the card was charged`)
    }
    if (response.status === 401 || response.status === 403 || !codes.length) {
      this.deps.logger.error('AffiniPay refused the charge request', { status: response.status, codes, idempotencyKey: request.idempotencyKey })
      return NOT_CHARGED
    }
    // Any other card_* message is a decline the card holder can act on; the rest are ours to fix.
    if (codes.some((code) => code!.startsWith('card_'))) return { ok: false, code: 'card_declined', message: 'Your card was declined' }
    this.deps.logger.error('AffiniPay refused the charge', { status: response.status, codes, idempotencyKey: request.idempotencyKey })
    return NOT_CHARGED
  }
}

function toGatewayCharge(charge: AffiniPayCharge): GatewayCharge {
  const status = String(charge.status ?? '').toUpperCase()
  const masked = typeof charge.method?.number === 'string' ? charge.method.number : ''
  return {
    reference: String(charge.id),
    amountCents: typeof charge.amount === 'number' ? charge.amount : 0,
    status: status === 'FAILED' ? 'declined' : status === 'VOIDED' ? 'voided' : status === 'REFUNDED' ? 'refunded' : 'succeeded',
    ...(typeof charge.method?.card_type === 'string' ? { cardBrand: charge.method.card_type.toLowerCase() } : {}),
    ...(/\d{4}$/.test(masked) ? { cardLast4: masked.slice(-4) } : {}),
    ...(charge.method && storedCardOf(charge.method) ? { storedCard: storedCardOf(charge.method) } : {}),
  }
}

/** A saved card as AffiniPay describes it (type 'card' with an id); undefined for a one-time token's card. */
function storedCardOf(method: AffiniPayMethod): StoredCard | undefined {
  const masked = typeof method.number === 'string' ? method.number : ''
  if (method.type !== 'card' || typeof method.id !== 'string' || !/\d{4}$/.test(masked)) return undefined
  const month = Number(method.exp_month)
  const year = Number(method.exp_year)
  if (!Number.isInteger(month) || !Number.isInteger(year)) return undefined
  return {
    token: method.id,
    brand: typeof method.card_type === 'string' ? method.card_type.toLowerCase() : 'unknown',
    last4: masked.slice(-4),
    expMonth: month,
    expYear: year < 100 ? 2000 + year : year,
  }
}

const cardOf = (charge: GatewayCharge) => ({
  ...(charge.cardBrand ? { cardBrand: charge.cardBrand } : {}),
  ...(charge.cardLast4 ? { cardLast4: charge.cardLast4 } : {}),
  ...(charge.storedCard ? { storedCard: charge.storedCard } : {}),
})
