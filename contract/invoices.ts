import * as v from 'valibot'
import { calendarDay, IdParam, PageQuerySchema, pageOf, type ListParams } from './common'
import { CARD_CHOICE_MESSAGE, CardChoiceEntries } from './payments'

/** Invoice status codes. NEW is shown to people as 'UNPAID'. */
export const INVOICE_STATUS = { PAID: 1, NEW: 2, OVERDUE: 3 } as const
export type InvoiceStatus = (typeof INVOICE_STATUS)[keyof typeof INVOICE_STATUS]

/** The answer of GET /api/client/invoices/status: code to label. */
export const INVOICE_STATUS_LABELS: Readonly<Record<string, string>> = { '1': 'PAID', '2': 'NEW', '3': 'OVERDUE' }
export const InvoiceStatusMapSchema = v.record(v.string(), v.string())

/** Only these codes can be charged; the server refuses any other. */
export const PAYABLE_INVOICE_STATUSES: readonly number[] = [INVOICE_STATUS.NEW, INVOICE_STATUS.OVERDUE]

/** One request pays at most this many invoices. */
export const MAX_INVOICES_PER_PAYMENT = 50

/** The invoice's client, with the billing address the card form sends to the processor. */
export const InvoiceClientSchema = v.object({
  id: v.number(),
  companyName: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  address: v.string(),
  city: v.string(),
  stateProvince: v.string(),
  zipcode: v.string(),
  /** Country name, or null when the client has none. */
  country: v.nullable(v.string()),
})
export type InvoiceClient = v.InferOutput<typeof InvoiceClientSchema>

/** An invoice as lists show it. Dates are ISO 8601 UTC; total is dollars with two decimals. */
export const InvoiceSchema = v.object({
  id: v.number(),
  /** The displayed invoice number, e.g. "INV-2026-000123". */
  invoiceId: v.string(),
  invoiceDate: v.string(),
  dueDate: v.string(),
  paidDate: v.nullable(v.string()),
  total: v.number(),
  status: v.number(),
  client: InvoiceClientSchema,
})
export type Invoice = v.InferOutput<typeof InvoiceSchema>

export const InvoicePageSchema = pageOf(InvoiceSchema)
export type InvoicePage = v.InferOutput<typeof InvoicePageSchema>

export const INVOICE_SORT_FIELDS = ['invoiceId', 'invoiceDate', 'dueDate', 'paidDate', 'total', 'status', 'company'] as const
export type InvoiceSortField = (typeof INVOICE_SORT_FIELDS)[number]

/** A calendar day (YYYY-MM-DD) in the portal's time zone, America/New_York. */
const Day = calendarDay()

const StatusList = v.pipe(
  v.string(),
  v.regex(/^[1-9]\d{0,3}(,[1-9]\d{0,3}){0,9}$/, 'must be status codes separated by commas, such as 2,3'),
  v.transform((s) => [...new Set(s.split(',').map(Number))]),
)

const Filter = v.pipe(v.string(), v.trim(), v.maxLength(100, 'must be at most 100 characters'))

/**
 * Paging, sorting and filtering of invoice lists:
 * ?page=1&pageSize=20&sort=invoiceDate&order=desc&q=acme&status=2,3&invoiceDateFrom=2026-01-01&...
 * Every parameter is optional; with none the first page of 20, newest first, is returned with its total.
 */
export const InvoiceListQuerySchema = v.pipe(
  v.object({
    ...PageQuerySchema.entries,
    sort: v.optional(v.picklist(INVOICE_SORT_FIELDS, `must be one of ${INVOICE_SORT_FIELDS.join(', ')}`)),
    /** Status codes, comma separated. */
    status: v.optional(StatusList),
    /** Part of the invoice number. */
    invoiceId: v.optional(Filter),
    /** Part of the company name. */
    company: v.optional(Filter),
    invoiceDateFrom: v.optional(Day),
    invoiceDateTo: v.optional(Day),
    dueDateFrom: v.optional(Day),
    dueDateTo: v.optional(Day),
    paidDateFrom: v.optional(Day),
    paidDateTo: v.optional(Day),
    /** Provider list only: one client's invoices. */
    clientId: v.optional(IdParam),
  }),
  v.check(
    (q) =>
      !(q.invoiceDateFrom && q.invoiceDateTo && q.invoiceDateFrom > q.invoiceDateTo) &&
      !(q.dueDateFrom && q.dueDateTo && q.dueDateFrom > q.dueDateTo) &&
      !(q.paidDateFrom && q.paidDateTo && q.paidDateFrom > q.paidDateTo),
    'a date range must not end before it starts',
  ),
)
export type InvoiceListQuery = v.InferOutput<typeof InvoiceListQuerySchema>
export type InvoiceListParams = ListParams<typeof InvoiceListQuerySchema>

export const InvoiceLineSchema = v.object({
  id: v.number(),
  description: v.string(),
  quantity: v.number(),
  /** Dollars. */
  unitAmount: v.number(),
  /** Dollars. */
  amount: v.number(),
})

/** A payment applied to the invoice. `amount` is the part of the charge that paid this invoice. */
export const InvoicePaymentSchema = v.object({
  id: v.number(),
  amount: v.number(),
  paidAt: v.string(),
  reference: v.string(),
  cardBrand: v.nullable(v.string()),
  cardLast4: v.nullable(v.string()),
})

/** Who issued the invoice, as printed on it (from the server's configuration). */
export const InvoiceIssuerSchema = v.object({
  /** The provider's name: the client's agent (the first agent for a client without one). */
  name: v.string(),
  location: v.string(),
  phone: v.string(),
  email: v.string(),
})

export const InvoiceDetailSchema = v.object({
  ...InvoiceSchema.entries,
  lines: v.array(InvoiceLineSchema),
  /** Sum of the lines, dollars. */
  subtotal: v.number(),
  /** Coupon discount, dollars (0 when none). */
  discount: v.number(),
  couponCode: v.nullable(v.string()),
  payments: v.array(InvoicePaymentSchema),
  /** What is still to pay, dollars (0 once paid). */
  amountDue: v.number(),
  issuer: InvoiceIssuerSchema,
})
export type InvoiceDetail = v.InferOutput<typeof InvoiceDetailSchema>

/** Invoice ids as strings ("12"), as the pay dialog sends them: 1 to 50, no repeats. */
export const InvoiceIdsSchema = v.pipe(
  v.array(IdParam, 'must be a list of invoice ids'),
  v.minLength(1, 'choose at least one invoice'),
  v.maxLength(MAX_INVOICES_PER_PAYMENT, `at most ${MAX_INVOICES_PER_PAYMENT} invoices can be paid at once`),
  v.check((ids) => new Set(ids).size === ids.length, 'must not list an invoice twice'),
)

export const GetMultipleInvoicesBodySchema = v.object({ invoiceIds: InvoiceIdsSchema })
export type GetMultipleInvoicesBody = v.InferInput<typeof GetMultipleInvoicesBodySchema>

/** The invoices in the order asked, and what paying them costs: the sum of the unpaid ones' totals (dollars). */
export const MultipleInvoicesSchema = v.object({
  data: v.array(InvoiceSchema),
  totalAmount: v.number(),
})
export type MultipleInvoices = v.InferOutput<typeof MultipleInvoicesSchema>

export const PayInvoicesBodySchema = v.pipe(
  v.object({
    invoiceIds: InvoiceIdsSchema,
    /** One-time card token from the hosted fields; or `paymentMethodId`, a saved card. */
    token: v.optional(v.pipe(v.string('is required'), v.trim(), v.minLength(1, 'is required'), v.maxLength(512, 'is too long'))),
    ...CardChoiceEntries,
  }),
  v.forward(
    v.check((body) => (body.token === undefined) !== (body.paymentMethodId === undefined), CARD_CHOICE_MESSAGE),
    ['token'],
  ),
)
export type PayInvoicesBody = v.InferInput<typeof PayInvoicesBodySchema>

/** The browser sends an Idempotency-Key with each pay submit (a new key per card token). */
export { IDEMPOTENCY_KEY_HEADER, IdempotencyKeySchema } from './idempotency'

export const PayInvoicesResultSchema = v.object({
  paymentId: v.number(),
  /** Dollars charged: the exact sum of the invoices' totals. */
  amount: v.number(),
  /** The invoices paid, as the request named them. */
  invoiceIds: v.array(v.string()),
  /** The card processor's reference for the charge. */
  reference: v.string(),
})
export type PayInvoicesResult = v.InferOutput<typeof PayInvoicesResultSchema>
