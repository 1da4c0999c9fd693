import * as v from 'valibot'
import { EmailSchema, PasswordSchema, REQUIRED_MESSAGE } from './auth'
import { BodyId, IdParam, MAX_ID, PageQuerySchema, multiLine, pageOf, singleLine, type ListParams } from './common'
import { CARD_CHOICE_MESSAGE, CardChoiceEntries, PaymentTokenSchema } from './payments'

/**
 * Clients: POST /api/client (registration), GET /api/client (agents: paged list),
 * GET /api/client/{id} (the Client entity) and PUT /api/client/{id} (profile edit).
 */

const text = (max: number, label: string) =>
  v.pipe(
    v.string(REQUIRED_MESSAGE),
    v.trim(),
    v.minLength(1, REQUIRED_MESSAGE),
    v.maxLength(max, `${label} cannot exceed ${max} characters`),
    singleLine(label),
  )

const optionalText = (max: number, label: string) =>
  v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(max, `${label} cannot exceed ${max} characters`), singleLine(label)))

const id = (message = REQUIRED_MESSAGE) => BodyId(message)
/** Names and descriptions echoed from the catalogue: informational, so only control characters are refused. */
const echoedText = v.nullish(v.pipe(v.string(), multiLine()))
const email = v.nullish(v.pipe(v.string(), v.trim(), v.maxLength(254, 'E-mail cannot exceed 254 characters'), singleLine('E-mail')))

export const PHONE_PATTERN = /^\+?[0-9 ().-]{7,30}$/

export const ClientInformationSchema = v.pipe(
  v.object({
    companyName: text(200, 'Company Name'),
    /** A business entity type id (GET /api/business-entity-types), sent as an integer. */
    businessType: id(),
    attorneyEmail: email,
    notifyAttorney: v.optional(v.boolean(), false),
    changeAgent: v.optional(v.boolean(), false),
    useAgentAddress: v.optional(v.boolean(), false),
    firstName: text(50, 'First Name'),
    lastName: text(50, 'Last Name'),
    phone: v.pipe(text(30, 'Phone'), v.regex(PHONE_PATTERN, 'Enter a valid phone number')),
    /** A country id (GET /api/country), sent as an integer. */
    countryId: id(),
    address: text(255, 'Address'),
    city: text(100, 'City'),
    stateProvince: text(100, 'State'),
    zipcode: text(10, 'Postal/Zip Code'),
    /**
     * Accepted for compatibility; the server records the signed-in staff member who registers a client,
     * and nothing for a self sign-up.
     */
    agentId: v.nullish(v.pipe(v.number(), v.maxValue(MAX_ID, 'is out of range'))),
    /** The id answered by GET /api/affiliate/verify/{code}; null or 0 when none. */
    affiliated_id: v.nullish(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_ID, 'is out of range'))),
    leadGeneratedBy: optionalText(100, 'Lead source'),
  }),
  v.forward(
    v.partialCheck(
      [['notifyAttorney'], ['attorneyEmail']],
      (info) => !info.notifyAttorney || (!!info.attorneyEmail && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(info.attorneyEmail)),
      'Enter the attorney e-mail to notify',
    ),
    ['attorneyEmail'],
  ),
)

/** One subscription line as the wizard sends it; names and amount are informational (the server prices). */
export const ServiceSubscriptionSchema = v.object({
  /** false: the line is shown but not ordered. */
  active: v.optional(v.boolean(), true),
  serviceId: id('Choose a service'),
  servicePackageId: id('Choose a package'),
  serviceName: echoedText,
  servicePackageName: echoedText,
  serviceDescription: echoedText,
  servicePackageDescription: echoedText,
  /** The price shown to the person, in dollars; when it differs from the catalogue the order is refused. */
  servicePackageAmount: v.nullish(v.number()),
})
export type ServiceSubscription = v.InferInput<typeof ServiceSubscriptionSchema>

/**
 * POST /api/client. Send an Idempotency-Key header (a UUID per submit attempt).
 *
 * `userInformation` is the new login: required without a session (422 on that path without it), and
 * left out by a signed-in client user, whose login the new company is added to (they become its owner;
 * 422 when sent). `userInformation.password` is required of a public sign-up (422 on that path without
 * it). Staff (the add-client wizard) leave it out: the client is e-mailed an invitation to choose one
 * (valid 7 days); when the e-mail already signs in to another company, the new company is added to that
 * login instead (they are e-mailed a notice, and a password sent is not used). Staff callers that still
 * send a password for a new e-mail get the account with it and the welcome e-mail, as before.
 */
export const RegistrationSchema = v.object({
  clientInformation: ClientInformationSchema,
  userInformation: v.optional(v.object({ email: EmailSchema, password: v.optional(PasswordSchema) })),
  serviceSubscriptions: v.pipe(
    v.array(ServiceSubscriptionSchema, 'Choose an address service'),
    v.minLength(1, 'Choose an address service'),
    v.maxLength(20, 'Too many services in one order'),
  ),
  affinipayPaymentDetails: v.object({ token: PaymentTokenSchema }),
  /** A coupon id from GET /api/coupon/verify/{code}; 0 when none. */
  couponId: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(MAX_ID, 'is out of range')), 0),
})
export type RegistrationInput = v.InferInput<typeof RegistrationSchema>
export type Registration = v.InferOutput<typeof RegistrationSchema>

/** 201 answer of POST /api/client. `id` is the new client's id (also given as clientId). */
export const RegistrationResultSchema = v.object({
  id: v.number(),
  clientId: v.number(),
  userId: v.number(),
  invoiceId: v.number(),
  /** The displayed invoice number. */
  invoiceNumber: v.string(),
  /** Dollars charged. */
  total: v.number(),
  /**
   * False when the company was added to a login that already existed (the signed-in caller's, or the
   * person's whose e-mail staff registered): switch to it with POST /api/auth/switch-company.
   */
  newLogin: v.optional(v.boolean()),
})
export type RegistrationResult = v.InferOutput<typeof RegistrationResultSchema>

export const REGISTRATION_MESSAGES = {
  emailTaken: 'An account with this e-mail already exists',
  staffEmail: 'This e-mail belongs to a provider staff login',
  signedInAccount: 'Signed in, the new company is added to your own login: leave out userInformation',
  inProgress: 'This registration is already being processed',
  success: 'Client registered successfully',
} as const

// ---- updating a client ----

/**
 * PUT /api/client/{id}: the profile's personal and company info, replaced whole (send
 * every field, as read from GET /api/client/{id}; other keys are ignored). The client itself, or an
 * agent with PCE. Validation as in the sign-up wizard. `leadGeneratedBy` is the provider's own note: only
 * agents change it; when a client sends it, the stored value is kept. Turning notifyAttorney off clears
 * the attorney e-mail. Answers 200 with the updated Client.
 */
export const UpdateClientSchema = v.pipe(
  v.object(
    {
      companyName: text(200, 'Company Name'),
      /** A business entity type id (GET /api/business-entity-types). */
      businessType: id(),
      notifyAttorney: v.boolean(REQUIRED_MESSAGE),
      attorneyEmail: email,
      changeAgent: v.boolean(REQUIRED_MESSAGE),
      useAgentAddress: v.boolean(REQUIRED_MESSAGE),
      firstName: text(50, 'First Name'),
      lastName: text(50, 'Last Name'),
      phone: v.pipe(text(30, 'Phone'), v.regex(PHONE_PATTERN, 'Enter a valid phone number')),
      /** A country id (GET /api/country). */
      country: id(),
      address: text(255, 'Address'),
      city: text(100, 'City'),
      stateProvince: text(100, 'State'),
      zipcode: text(10, 'Postal/Zip Code'),
      leadGeneratedBy: optionalText(100, 'Lead source'),
    },
    // A missing field reads as the required message; a body that is not an object says so.
    (issue) => (issue.path?.length ? REQUIRED_MESSAGE : 'Send the profile as a JSON object'),
  ),
  v.forward(
    v.partialCheck(
      [['notifyAttorney'], ['attorneyEmail']],
      (info) => !info.notifyAttorney || (!!info.attorneyEmail && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(info.attorneyEmail)),
      'Enter the attorney e-mail to notify',
    ),
    ['attorneyEmail'],
  ),
)
export type UpdateClientInput = v.InferInput<typeof UpdateClientSchema>
export type UpdateClient = v.InferOutput<typeof UpdateClientSchema>

// ---- subscribing to more services ----

/**
 * POST /api/client/services/packages/subscribe: a signed-in client orders more
 * services for its own client and pays by card at once. Prices come from the catalogue; send the amount
 * shown (servicePackageAmount) to have a changed price refused (409) instead of charged. Send an
 * Idempotency-Key header (one per submit attempt): a retry gets the first answer and is never charged
 * twice.
 */
export const SubscribeServicesSchema = v.pipe(
  v.object({
    serviceSubscriptions: v.pipe(
      v.array(
        v.object({
          serviceId: id('Choose a service'),
          servicePackageId: id('Choose a package'),
          servicePackageAmount: v.nullish(v.number()),
        }),
        'Choose a service',
      ),
      v.minLength(1, 'Choose a service'),
      v.maxLength(20, 'Too many services in one order'),
    ),
    /** The one-time card token; or `paymentMethodId`, a saved card (contract/payments.ts CardChoiceEntries). */
    affinipayPaymentDetails: v.optional(v.object({ token: PaymentTokenSchema }, 'A payment token is required')),
    ...CardChoiceEntries,
  }),
  v.forward(
    v.check((body) => (body.affinipayPaymentDetails === undefined) !== (body.paymentMethodId === undefined), CARD_CHOICE_MESSAGE),
    ['affinipayPaymentDetails'],
  ),
)
export type SubscribeServicesInput = v.InferInput<typeof SubscribeServicesSchema>
export type SubscribeServices = v.InferOutput<typeof SubscribeServicesSchema>

/** 201 answer: the paid invoice and the new subscriptions. */
export const SubscribeResultSchema = v.object({
  invoiceId: v.number(),
  invoiceNumber: v.string(),
  /** Dollars charged. */
  total: v.number(),
  clientServices: v.array(v.object({ id: v.number(), serviceId: v.number(), servicePackageId: v.number() })),
})
export type SubscribeResult = v.InferOutput<typeof SubscribeResultSchema>

// ---- assigning a mailbox ----

/** A mailbox number: MB- and 4 to 6 digits, e.g. MB-1042 (typed in any case, stored upper case). */
export const MAILBOX_NUMBER_PATTERN = /^MB-\d{4,6}$/i
export const MAILBOX_NUMBER_MESSAGE = 'Mailbox number must be MB- followed by 4 to 6 digits, e.g. MB-1042'

/**
 * What a client's printed cover sheet's QR code holds: `mailbox:MB-1042`. The mailroom photographs the
 * sheet on top of the client's mail and the upload form picks the client by it.
 */
export const coverSheetCode = (mailboxNumber: string) => `mailbox:${mailboxNumber.toUpperCase()}`

/** The mailbox number a cover sheet's code names, or null for any other text. */
export function mailboxOfCoverSheetCode(text: string): string | null {
  const match = /^mailbox:(.+)$/i.exec(text.trim())
  return match && MAILBOX_NUMBER_PATTERN.test(match[1]) ? match[1].toUpperCase() : null
}
/** The first number handed out when no client has one yet. */
export const FIRST_MAILBOX_NUMBER = 1001

/**
 * GET /api/client/assignMailbox/{clientId}/{mailboxNumber}?replace=true: an agent
 * with PCE gives the client a mailbox. Assigning the number the client already has changes nothing; a
 * number held by another client answers 409, and so does a different number for a client that has one
 * already, unless `replace=true` says the agent confirmed replacing it. Answers 200 with the updated Client.
 */
export const AssignMailboxParamsSchema = v.object({
  clientId: IdParam,
  mailboxNumber: v.pipe(v.string(), v.trim(), v.regex(MAILBOX_NUMBER_PATTERN, MAILBOX_NUMBER_MESSAGE), v.toUpperCase()),
})
export const AssignMailboxQuerySchema = v.object({
  replace: v.optional(
    v.pipe(
      v.picklist(['true', 'false'], 'replace must be true or false'),
      v.transform((s) => s === 'true'),
    ),
  ),
})

/** GET /api/client/mailbox/next-free: the number to suggest (one past the highest in use). */
export const NextMailboxSchema = v.object({ mailboxNumber: v.string() })
export type NextMailbox = v.InferOutput<typeof NextMailboxSchema>

export const formatMailboxNumber = (n: number) => `MB-${String(n).padStart(4, '0')}`

// ---- reading clients ----

export const ClientServiceSchema = v.object({
  id: v.number(),
  active: v.boolean(),
  createdAt: v.string(),
  service: v.object({ id: v.number(), name: v.string(), active: v.boolean(), kind: v.string() }),
  servicePackage: v.nullable(v.object({ id: v.number(), name: v.string(), amount: v.number() })),
})

export const ClientDocumentSummarySchema = v.object({
  id: v.number(),
  /** 1 Federal, 2 State, 3 Private. */
  jurisdiction: v.number(),
  documentTypeNavigation: v.object({ name: v.string() }),
  dateReceived: v.string(),
  isRead: v.boolean(),
  status: v.string(),
})

/** GET /api/client/{id}: the Client entity. */
export const ClientSchema = v.object({
  id: v.number(),
  firstName: v.string(),
  lastName: v.string(),
  companyName: v.string(),
  phone: v.string(),
  /** Country id. */
  country: v.nullable(v.number()),
  countryName: v.nullable(v.string()),
  stateProvince: v.string(),
  city: v.string(),
  address: v.string(),
  zipcode: v.string(),
  attorneyEmail: v.nullable(v.string()),
  notifyAttorney: v.boolean(),
  changeAgent: v.boolean(),
  /** Business entity type id. */
  businessType: v.nullable(v.number()),
  businessTypeName: v.nullable(v.string()),
  useAgentAddress: v.boolean(),
  leadGeneratedBy: v.nullable(v.string()),
  hasMailbox: v.boolean(),
  mailboxNumber: v.nullable(v.string()),
  agentId: v.nullable(v.number()),
  createdAt: v.string(),
  clientAffiliate: v.nullable(v.object({ code: v.string() })),
  /** `invited`: the user has not chosen a password yet (an invitation is out); absent in answers saved before it. */
  users: v.array(
    v.object({ id: v.number(), email: v.string(), firstName: v.string(), lastName: v.string(), active: v.boolean(), invited: v.optional(v.boolean()) }),
  ),
  clientServices: v.array(ClientServiceSchema),
  /**
   * Services billed on an unpaid invoice that the client does not have yet: paying that invoice switches
   * them on, so they are not for sale again meanwhile. Absent from answers saved before it existed.
   */
  awaitingPayment: v.optional(v.array(v.object({ serviceId: v.number(), invoiceId: v.number(), invoiceNumber: v.string() }))),
  /** Newest first; empty for an agent without DCV. */
  documents: v.array(ClientDocumentSummarySchema),
})
export type Client = v.InferOutput<typeof ClientSchema>

export const CLIENT_SORT_FIELDS = ['id', 'companyName', 'firstName', 'lastName', 'email', 'city', 'createdAt'] as const
export type ClientSortField = (typeof CLIENT_SORT_FIELDS)[number]

/** GET /api/client?page=1&pageSize=20&sort=companyName&order=asc&q=sunshine */
export const ClientListQuerySchema = v.object({
  ...PageQuerySchema.entries,
  sort: v.optional(v.picklist(CLIENT_SORT_FIELDS, `sort must be one of ${CLIENT_SORT_FIELDS.join(', ')}`)),
})
export type ClientListQuery = v.InferOutput<typeof ClientListQuerySchema>
export type ClientListParams = ListParams<typeof ClientListQuerySchema>

export const ClientListItemSchema = v.object({
  id: v.number(),
  companyName: v.string(),
  firstName: v.string(),
  lastName: v.string(),
  /** The e-mail of the client's first user. */
  email: v.nullable(v.string()),
  phone: v.string(),
  city: v.string(),
  stateProvince: v.string(),
  hasMailbox: v.boolean(),
  mailboxNumber: v.nullable(v.string()),
  createdAt: v.string(),
  /** Names of the client's active services, oldest subscription first. */
  services: v.array(v.string()),
})
export type ClientListItem = v.InferOutput<typeof ClientListItemSchema>
export const ClientPageSchema = pageOf(ClientListItemSchema)
export type ClientPage = v.InferOutput<typeof ClientPageSchema>
