import * as v from 'valibot'
import { BodyId, calendarDay, IdParam, singleLine } from './common'

/** GET /api/payments/config: what the browser needs to show the card processor's hosted fields. */
export const HostedFieldsConfigSchema = v.object({
  provider: v.picklist(['sandbox', 'affinipay']),
  /** Script that creates the hosted fields; loaded on demand. */
  scriptUrl: v.string(),
  /** The processor's public key (AffiniPay); absent for the sandbox. */
  publicKey: v.optional(v.string()),
  /** Origin of the card frames. */
  frameOrigin: v.string(),
})
export type HostedFieldsConfig = v.InferOutput<typeof HostedFieldsConfigSchema>

/**
 * What the card processor needs beside card number and CVV to issue a one-time token
 * (exp_year, exp_month, postal_code, name, address1).
 */
export const PaymentTokenDetailsSchema = v.object({
  exp_month: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(12)),
  exp_year: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(9999)),
  postal_code: v.optional(v.pipe(v.string(), v.maxLength(10), singleLine('postal_code'))),
  name: v.optional(v.pipe(v.string(), v.maxLength(120), singleLine('name'))),
  address1: v.optional(v.pipe(v.string(), v.maxLength(255), singleLine('address1'))),
})
export type PaymentTokenDetails = v.InferOutput<typeof PaymentTokenDetailsSchema>

/** A one-time payment token, as the server charges it (affinipayPaymentDetails.token, or `token` of invoices/pay). */
export const PaymentTokenSchema = v.pipe(v.string(), v.trim(), v.minLength(1, 'A payment token is required'), v.maxLength(200))

// ---- saved cards, auto-pay, statements ----

/** A saved card's id in a JSON body: a number or its text form ("12"). */
export const PaymentMethodIdSchema = v.union([BodyId(), IdParam], 'must be the id of a saved card')

/** How a payment names its card: a one-time token, or a saved card; `saveCard` keeps a token's card on file. */
export const CardChoiceEntries = {
  /** A saved card of the paying client (GET /api/client/{id}/payment-methods), instead of `token`. */
  paymentMethodId: v.optional(PaymentMethodIdSchema),
  /** Keep this card on file for later payments (with `token` only). */
  saveCard: v.optional(v.boolean('must be true or false'), false),
}

export const CARD_CHOICE_MESSAGE = 'Send either a card token or a saved card (paymentMethodId), not both'

/** One saved card as the client sees it: never the number, only its last four digits. */
export const PaymentMethodSchema = v.object({
  id: v.number(),
  /** visa, mastercard, amex, discover or unknown. */
  brand: v.string(),
  last4: v.string(),
  expMonth: v.number(),
  expYear: v.number(),
  /** The card preselected for payments (the newest saved card unless another was chosen). */
  isDefault: v.boolean(),
})
export type PaymentMethod = v.InferOutput<typeof PaymentMethodSchema>

/** GET /api/client/{id}/payment-methods. */
export const PaymentMethodListSchema = v.object({ data: v.array(PaymentMethodSchema) })
export type PaymentMethodList = v.InferOutput<typeof PaymentMethodListSchema>

/** PUT /api/client/{id}/autopay. */
export const AutopayBodySchema = v.pipe(
  v.object({
    enabled: v.boolean('must be true or false'),
    /** The saved card to charge; required to switch auto-pay on. */
    paymentMethodId: v.optional(v.nullable(PaymentMethodIdSchema)),
  }),
  v.forward(
    v.check((body) => !body.enabled || body.paymentMethodId != null, 'choose the saved card to charge'),
    ['paymentMethodId'],
  ),
)
export type AutopayBody = v.InferInput<typeof AutopayBodySchema>

/** GET and PUT /api/client/{id}/autopay: whether open invoices are charged on their due date, and with which card. */
export const AutopaySchema = v.object({
  enabled: v.boolean(),
  paymentMethodId: v.nullable(v.number()),
  /** The chosen card, as listed by payment-methods; null when none. */
  paymentMethod: v.nullable(PaymentMethodSchema),
})
export type Autopay = v.InferOutput<typeof AutopaySchema>

/** GET /api/client/{id}/statement?from&to: both days included (UTC); at most ten years. */
export const StatementQuerySchema = v.pipe(
  v.object({ from: calendarDay(), to: calendarDay() }),
  v.forward(
    v.check((q) => q.from <= q.to, 'to must not be before from'),
    ['to'],
  ),
  v.forward(
    v.check((q) => Date.parse(q.to) - Date.parse(q.from) <= 3660 * 86_400_000, 'a statement covers at most ten years'),
    ['to'],
  ),
)
export type StatementQuery = v.InferOutput<typeof StatementQuerySchema>

// ---- sandbox gateway: the endpoints its hosted fields use ----

/** POST /api/payments/sandbox/tokens, sent by a card frame with its own value. */
export const SandboxCardPartRequestSchema = v.object({
  field: v.picklist(['number', 'cvv'], 'field must be number or cvv'),
  value: v.pipe(v.string(), v.maxLength(30, 'is too long')),
})

/** POST /api/payments/sandbox/payment-tokens, sent by the page's fields.js with both part token ids. */
export const SandboxPaymentTokenRequestSchema = v.object({
  numberToken: v.pipe(v.string(), v.minLength(1, 'Please enter your card number'), v.maxLength(100)),
  cvvToken: v.pipe(v.string(), v.minLength(1, 'Please enter your CVV'), v.maxLength(100)),
  ...PaymentTokenDetailsSchema.entries,
})

export const TokenResponseSchema = v.object({ id: v.string() })

/**
 * GET /api/payments/sandbox/ledger?page&pageSize: the sandbox gateway's books, newest first, for staff
 * (super admin or ICV) to prove that every charge is a payment. Amounts in dollars; `reference` is the
 * charge's reference as payments record it, `idempotencyKey` the key the portal charged it with.
 */
export const SandboxLedgerQuerySchema = v.object({
  page: v.optional(v.pipe(v.string(), v.regex(/^\d{1,6}$/, 'page must be a whole number'), v.transform(Number), v.minValue(1, 'page must be at least 1')), '1'),
  pageSize: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,4}$/, 'pageSize must be a whole number'),
      v.transform(Number),
      v.minValue(1, 'pageSize must be 1 to 1000'),
      v.maxValue(1000, 'pageSize must be 1 to 1000'),
    ),
    '50',
  ),
})

export const SandboxLedgerEntrySchema = v.object({
  id: v.number(),
  amount: v.number(),
  status: v.picklist(['succeeded', 'voided', 'refunded', 'declined']),
  reference: v.string(),
  idempotencyKey: v.string(),
  createdAt: v.string(),
})

export const SandboxLedgerSchema = v.object({ data: v.array(SandboxLedgerEntrySchema), total: v.number() })
export type SandboxLedger = v.InferOutput<typeof SandboxLedgerSchema>
