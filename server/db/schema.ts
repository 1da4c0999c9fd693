import { sql } from 'drizzle-orm'
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow()
const ts = (name: string) => timestamp(name, { withTimezone: true })

// ---------- reference data ----------

export const countries = pgTable('countries', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  iso2: text('iso2').notNull().unique(),
  sortOrder: integer('sort_order').notNull().default(100),
})

/** Florida (Sunbiz) business entity kinds. */
export const businessEntityTypes = pgTable('business_entity_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
})

// ---------- identity ----------

export const roles = pgTable('roles', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
  /** 'agent' for provider staff roles, 'client' for the client role. */
  roleType: text('role_type').notNull(),
  description: text('description').notNull().default(''),
  createdAt: createdAt(),
})

export const permissions = pgTable('permissions', {
  id: serial('id').primaryKey(),
  permCode: text('perm_code').notNull().unique(),
  name: text('name').notNull(),
})

export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    permissionId: integer('permission_id')
      .notNull()
      .references(() => permissions.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.permissionId] })],
)

export const agents = pgTable('agents', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  createdAt: createdAt(),
})

export const affiliates = pgTable('affiliates', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  active: boolean('active').notNull().default(true),
  createdAt: createdAt(),
})

export const coupons = pgTable('coupons', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  description: text('description').notNull().default(''),
  percentOff: integer('percent_off').notNull().default(0),
  amountOffCents: integer('amount_off_cents').notNull().default(0),
  active: boolean('active').notNull().default(true),
  expiresAt: ts('expires_at'),
  createdAt: createdAt(),
})

export const clients = pgTable(
  'clients',
  {
    id: serial('id').primaryKey(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    companyName: text('company_name').notNull(),
    phone: text('phone').notNull(),
    countryId: integer('country_id').references(() => countries.id),
    stateProvince: text('state_province').notNull().default(''),
    city: text('city').notNull().default(''),
    address: text('address').notNull().default(''),
    zipcode: text('zipcode').notNull().default(''),
    attorneyEmail: text('attorney_email'),
    notifyAttorney: boolean('notify_attorney').notNull().default(false),
    changeAgent: boolean('change_agent').notNull().default(false),
    businessType: integer('business_type').references(() => businessEntityTypes.id),
    useAgentAddress: boolean('use_agent_address').notNull().default(false),
    leadGeneratedBy: text('lead_generated_by'),
    hasMailbox: boolean('has_mailbox').notNull().default(false),
    mailboxNumber: text('mailbox_number'),
    affiliateId: integer('affiliate_id').references(() => affiliates.id),
    couponId: integer('coupon_id').references(() => coupons.id),
    agentId: integer('agent_id').references(() => agents.id),
    /** The date of formation or registration in Florida: the annual report is due from the next year (server/deadlines/rules.ts). */
    formedOn: date('formed_on', { mode: 'string' }),
    /** How the mailroom handles the client's mail: 'scan-all' or 'envelope-first' (contract/addresses.ts). */
    mailHandling: text('mail_handling').notNull().default('scan-all'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    check('clients_mail_handling_mode', sql`${t.mailHandling} in ('scan-all', 'envelope-first')`),
    index('clients_company_name_idx').on(t.companyName),
    index('clients_created_at_idx').on(t.createdAt),
    // Substring search ("contains") on company names, for the client and invoice lists.
    index('clients_company_name_trgm_idx').using('gin', t.companyName.op('gin_trgm_ops')),
    // The provider's client search looks in all of these at once (server: CLIENT_SEARCH_TEXT).
    index('clients_search_trgm_idx').using(
      'gin',
      sql`(${t.companyName} || ' ' || ${t.firstName} || ' ' || ${t.lastName} || ' ' || ${t.phone} || ' ' || ${t.city} || ' ' || coalesce(${t.mailboxNumber}, '')) gin_trgm_ops`,
    ),
    // A mailbox belongs to one client (GET /api/client/assignMailbox/{clientId}/{mailboxNumber}).
    uniqueIndex('clients_mailbox_number_idx')
      .on(t.mailboxNumber)
      .where(sql`${t.mailboxNumber} is not null`),
  ],
)

/** A client's saved mailing addresses (its address book), each under a label unique to the client whatever its case. */
export const clientAddresses = pgTable(
  'client_addresses',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    label: text('label').notNull(),
    recipientName: text('recipient_name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    stateProvince: text('state_province').notNull(),
    zipcode: text('zipcode').notNull(),
    countryId: integer('country_id')
      .notNull()
      .references(() => countries.id),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('client_addresses_label_idx').on(t.clientId, sql`lower(${t.label})`)],
)

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-cased; unique. */
    email: text('email').notNull().unique(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull().default(''),
    lastName: text('last_name').notNull().default(''),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    agentId: integer('agent_id').references(() => agents.id),
    active: boolean('active').notNull().default(true),
    /**
     * When the last invitation e-mail went out, while the user has not yet set a password (staff added
     * by another user). Null once a password is set: the account signs in normally.
     */
    invitedAt: ts('invited_at'),
    passwordChangedAt: ts('password_changed_at').notNull().defaultNow(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('users_client_id_idx').on(t.clientId),
    index('users_agent_id_idx').on(t.agentId),
    index('users_role_id_idx').on(t.roleId),
    index('users_email_trgm_idx').using('gin', t.email.op('gin_trgm_ops')),
  ],
)

/**
 * The companies a login belongs to and the person's role in each (contract/team.ts). `users.clientId`
 * is the person's first company, the one a sign-in opens; a session may switch to any of these.
 */
export const clientMemberships = pgTable(
  'client_memberships',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.clientId] }),
    index('client_memberships_client_idx').on(t.clientId),
    check('client_memberships_role', sql`${t.role} in ('owner', 'member', 'billing')`),
  ],
)

export const refreshSessions = pgTable(
  'refresh_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** All tokens descending from one sign-in share a family; reuse revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    revokedAt: ts('revoked_at'),
    userAgent: text('user_agent'),
    /** The company the session is in (a person in several switches between them); null for staff. */
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_sessions_family_idx').on(t.familyId), index('refresh_sessions_user_idx').on(t.userId)],
)

/** Access tokens revoked by log out before they expire, by the SHA-256 of the token. */
export const accessRevocations = pgTable('access_revocations', {
  tokenHash: text('token_hash').primaryKey(),
  expiresAt: ts('expires_at').notNull(),
})

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: ts('expires_at').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('password_reset_tokens_user_idx').on(t.userId)],
)

/** Failed sign-ins, keyed by account ('account:<email>') and by address ('ip:<addr>'). */
export const loginAttempts = pgTable(
  'login_attempts',
  {
    id: serial('id').primaryKey(),
    key: text('key').notNull(),
    attemptedAt: ts('attempted_at').notNull().defaultNow(),
  },
  (t) => [index('login_attempts_key_at_idx').on(t.key, t.attemptedAt)],
)

/**
 * A user's authenticator app (TOTP, RFC 6238): the shared secret (base32, encrypted: server/auth/secret-box.ts), made at set-up and kept while
 * `enabledAt` is null until a first code confirms it. `lastStep` is the 30-second step of the last code
 * accepted: a code is accepted once, and never one of an earlier step.
 */
export const userTotp = pgTable('user_totp', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: ts('enabled_at'),
  lastStep: bigint('last_step', { mode: 'number' }),
  createdAt: createdAt(),
})

/** Single-use recovery codes of a user with an authenticator app; only their SHA-256 hashes are kept. */
export const recoveryCodes = pgTable(
  'recovery_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: ts('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('recovery_codes_user_idx').on(t.userId), uniqueIndex('recovery_codes_user_hash_idx').on(t.userId, t.codeHash)],
)

/** A user's passkeys (WebAuthn credentials): a passkey signs in on its own (both factors), or is the second step after the password. */
export const passkeys = pgTable(
  'passkeys',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The credential id, base64url. */
    credentialId: text('credential_id').notNull().unique(),
    /** The COSE public key, base64url. */
    publicKey: text('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: jsonb('transports').$type<string[]>(),
    /** What the user calls it ("Work laptop"). */
    name: text('name').notNull(),
    createdAt: createdAt(),
    lastUsedAt: ts('last_used_at'),
  },
  (t) => [index('passkeys_user_idx').on(t.userId)],
)

/** WebAuthn challenges given out and not yet answered; each is used once, within 5 minutes. */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    challenge: text('challenge').primaryKey(),
    /** 'register' (a signed-in user adding a passkey), 'sign-in' (a passkey alone) or 'second-step' (after the password). */
    purpose: text('purpose').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('webauthn_challenges_expires_idx').on(t.expiresAt)],
)

/** The step tokens of sign-ins finished, by their id (`jti`), kept until they expire: each is used once. */
export const mfaTokenUses = pgTable(
  'mfa_token_uses',
  {
    tokenId: text('token_id').primaryKey(),
    expiresAt: ts('expires_at').notNull(),
  },
  (t) => [index('mfa_token_uses_expires_idx').on(t.expiresAt)],
)

/** Portal-wide settings a super admin edits: one row (id 1, made by migration 0020). */
export const portalSettings = pgTable(
  'portal_settings',
  {
    id: smallint('id').primaryKey().default(1),
    /** Staff must have a second factor (an authenticator app or a passkey) to use the staff pages. */
    staffSecondFactorRequired: boolean('staff_second_factor_required').notNull().default(false),
    updatedAt: ts('updated_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [check('portal_settings_one_row', sql`${t.id} = 1`)],
)

// ---------- catalogue and billing ----------

export const services = pgTable('services', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  /** 'address' (chosen in the wizard) or 'addon'. */
  kind: text('kind').notNull(),
  active: boolean('active').notNull().default(true),
  sortOrder: integer('sort_order').notNull().default(100),
})

export const servicePackages = pgTable(
  'service_packages',
  {
    id: serial('id').primaryKey(),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    amountCents: integer('amount_cents').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(100),
  },
  (t) => [index('service_packages_service_idx').on(t.serviceId)],
)

export const clientServices = pgTable(
  'client_services',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    serviceId: integer('service_id')
      .notNull()
      .references(() => services.id),
    servicePackageId: integer('service_package_id').references(() => servicePackages.id),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
  },
  (t) => [index('client_services_client_idx').on(t.clientId)],
)

/** Invoice status codes: 1 PAID, 2 NEW (shown as UNPAID), 3 OVERDUE. */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    /** The displayed invoice number. */
    invoiceNumber: text('invoice_number').notNull().unique(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    invoiceDate: ts('invoice_date').notNull(),
    dueDate: ts('due_date').notNull(),
    paidDate: ts('paid_date'),
    totalCents: integer('total_cents').notNull(),
    status: smallint('status').notNull(),
    couponId: integer('coupon_id').references(() => coupons.id),
    discountCents: integer('discount_cents').notNull().default(0),
    createdAt: createdAt(),
  },
  (t) => [
    index('invoices_client_date_idx').on(t.clientId, t.invoiceDate),
    index('invoices_status_due_idx').on(t.status, t.dueDate),
    index('invoices_invoice_date_idx').on(t.invoiceDate),
    // Every sortable column of the provider list has an index, so a page is read in index order.
    index('invoices_due_date_idx').on(t.dueDate, t.id),
    index('invoices_paid_date_idx').on(t.paidDate, t.id),
    index('invoices_total_idx').on(t.totalCents, t.id),
    index('invoices_status_idx').on(t.status, t.id),
    index('invoices_number_trgm_idx').using('gin', t.invoiceNumber.op('gin_trgm_ops')),
  ],
)

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    serviceId: integer('service_id').references(() => services.id),
    servicePackageId: integer('service_package_id').references(() => servicePackages.id),
    quantity: integer('quantity').notNull().default(1),
    unitAmountCents: integer('unit_amount_cents').notNull(),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [index('invoice_lines_invoice_idx').on(t.invoiceId)],
)

export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    gateway: text('gateway').notNull(),
    gatewayReference: text('gateway_reference').notNull(),
    /** One key per logical charge: a retried or concurrent request with the same key charges once. */
    idempotencyKey: text('idempotency_key').notNull().unique(),
    cardBrand: text('card_brand'),
    cardLast4: text('card_last4'),
    createdAt: createdAt(),
  },
  (t) => [index('payments_client_idx').on(t.clientId)],
)

export const paymentInvoices = pgTable(
  'payment_invoices',
  {
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id, { onDelete: 'cascade' }),
    invoiceId: integer('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
  },
  (t) => [primaryKey({ columns: [t.paymentId, t.invoiceId] }), index('payment_invoices_invoice_idx').on(t.invoiceId)],
)

/**
 * Results of requests made with an Idempotency-Key, so a retry (or an offline replay) gets the first
 * answer instead of doing the work twice. `state` is 'pending' while the first request runs.
 */
export const idempotencyRecords = pgTable(
  'idempotency_records',
  {
    key: text('key').primaryKey(),
    scope: text('scope').notNull(),
    userId: integer('user_id'),
    requestHash: text('request_hash').notNull(),
    state: text('state').notNull().default('pending'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
  },
  // For the daily sweep of old records (server/jobs/housekeeping.ts).
  (t) => [index('idempotency_records_created_idx').on(t.createdAt)],
)

/**
 * A card charge the portal is about to make or has made, written before the gateway is called, so no
 * crash can take money without a record. `chargeKey` goes to the gateway as the charge's idempotency
 * key: the gateway charges a key at most once. While `state` is 'pending' the request that wrote it
 * owns it until `leaseUntil`; after that, the reconciliation (`reconcileIntents` in
 * server/payments/intents.ts, run by server/jobs/payment-reconciliation.ts) asks the gateway about the
 * key and either records what was paid for or ends the intent with no charge.
 */
export const paymentIntents = pgTable(
  'payment_intents',
  {
    id: serial('id').primaryKey(),
    /** What the charge pays for: 'invoices', 'registration' or 'subscription'. */
    purpose: text('purpose').$type<'invoices' | 'registration' | 'subscription'>().notNull(),
    chargeKey: text('charge_key').notNull().unique(),
    /**
     * `<purpose>:<userId or ->:<Idempotency-Key>` of the request that wrote it: a retry of that request
     * finishes this intent instead of charging again. Null without a key, and once the intent ended
     * without a charge (a retry then starts afresh).
     */
    requestKey: text('request_key').unique(),
    requestHash: text('request_hash').notNull(),
    clientId: integer('client_id'),
    userId: integer('user_id'),
    amountCents: integer('amount_cents').notNull(),
    /** Everything needed to record the order once the charge stands (purpose-specific). */
    order: jsonb('order').$type<Record<string, unknown>>().notNull(),
    /** 'pending', 'paid' (charged and recorded), 'declined', 'canceled' (never charged) or 'reversed'. */
    state: text('state').notNull().default('pending'),
    gateway: text('gateway').notNull(),
    gatewayReference: text('gateway_reference'),
    /** The answer the request gets, and a retry with its key. */
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    leaseUntil: ts('lease_until').notNull(),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('payment_intents_pending_idx')
      .on(t.leaseUntil)
      .where(sql`${t.state} = 'pending'`),
  ],
)

/**
 * The sandbox gateway's own books, as a card processor keeps them: one row per idempotency key. A key
 * closed before any charge was made with it holds status 'canceled' and no charge can be made with it.
 */
export const sandboxCharges = pgTable('sandbox_charges', {
  id: serial('id').primaryKey(),
  idempotencyKey: text('idempotency_key').notNull().unique(),
  /** The charge's id (sbx_ch_...); null for a key closed without a charge. */
  reference: text('reference').unique(),
  amountCents: integer('amount_cents').notNull(),
  /** 'succeeded', 'declined', 'voided', 'refunded' or 'canceled'. */
  status: text('status').notNull(),
  declineCode: text('decline_code'),
  cardBrand: text('card_brand'),
  cardLast4: text('card_last4'),
  description: text('description'),
  createdAt: createdAt(),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})

/** The sandbox gateway's cards on file (card-on-file tokens), as a processor keeps them: never the number. */
export const sandboxStoredCards = pgTable('sandbox_stored_cards', {
  id: serial('id').primaryKey(),
  /** The stored-card token (sbx_card_...) the portal charges without card fields. */
  token: text('token').notNull().unique(),
  brand: text('brand').notNull(),
  last4: text('last4').notNull(),
  expMonth: smallint('exp_month').notNull(),
  expYear: smallint('exp_year').notNull(),
  /** What charging it does: 'approve', 'card_declined' or 'insufficient_funds' (from the test card it was made of). */
  outcome: text('outcome').notNull(),
  /** The charge that saved it: the reconciliation finds the card by the charge's key. */
  chargeKey: text('charge_key').unique(),
  deletedAt: ts('deleted_at'),
  createdAt: createdAt(),
})

/**
 * A client's saved cards: the gateway's card-on-file token and what the client is shown. Never the
 * number; a card is charged only for its own client (server/payments/methods.ts).
 */
export const paymentMethods = pgTable(
  'payment_methods',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    gateway: text('gateway').notNull(),
    gatewayToken: text('gateway_token').notNull(),
    brand: text('brand').notNull(),
    last4: text('last4').notNull(),
    expMonth: smallint('exp_month').notNull(),
    expYear: smallint('exp_year').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [unique('payment_methods_gateway_token_unique').on(t.gateway, t.gatewayToken), index('payment_methods_client_idx').on(t.clientId)],
)

/** Auto-pay: the client's open invoices are charged on their due date with this card (server/jobs/autopay.ts). */
export const clientAutopay = pgTable('client_autopay', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  enabled: boolean('enabled').notNull().default(false),
  paymentMethodId: integer('payment_method_id').references(() => paymentMethods.id, { onDelete: 'set null' }),
  updatedAt: ts('updated_at').notNull().defaultNow(),
})

/**
 * What the auto-pay job did, once each by key: an attempt's outcome ('invoice:12:day:3'), the notice of
 * an upcoming charge ('invoice:12:upcoming'), a card-expiry warning ('card:5:2027-12:expiry-30').
 */
export const autopayEvents = pgTable(
  'autopay_events',
  {
    key: text('key').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    invoiceId: integer('invoice_id'),
    details: jsonb('details').$type<Record<string, unknown>>(),
    createdAt: createdAt(),
  },
  (t) => [index('autopay_events_invoice_idx').on(t.invoiceId)],
)

// ---------- documents ----------

export const documentTypes = pgTable('document_types', {
  id: serial('id').primaryKey(),
  name: text('name').notNull().unique(),
})

/** jurisdiction: 1 Federal, 2 State, 3 Private. status: 'active' | 'shredded'. */
export const documents = pgTable(
  'documents',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id),
    jurisdiction: smallint('jurisdiction').notNull(),
    dateReceived: date('date_received', { mode: 'string' }).notNull(),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    isRead: boolean('is_read').notNull().default(false),
    readAt: ts('read_at'),
    fileName: text('file_name').notNull(),
    /** Key in the blob store; null once shredded. */
    storageKey: text('storage_key'),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    status: text('status').notNull().default('active'),
    shreddedAt: ts('shredded_at'),
    /** Service of process: the day it was served, and the estimated answer date (staff may correct it). */
    servedOn: date('served_on', { mode: 'string' }),
    responseDueOn: date('response_due_on', { mode: 'string' }),
    /** True once staff corrected the answer date by hand (it is no longer the rule's estimate). */
    responseDueCorrected: boolean('response_due_corrected').notNull().default(false),
    /** A client user acknowledged the service of process: its alerts stop (opening it is not enough). */
    acknowledgedAt: ts('acknowledged_at'),
    acknowledgedBy: integer('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
    /** 'document': a scan of the mail itself; 'envelope': the image of its envelope, the mail still unopened (contract/mail-actions.ts). */
    kind: text('kind').notNull().default('document'),
  },
  (t) => [
    check('documents_kind', sql`${t.kind} in ('document', 'envelope')`),
    index('documents_client_uploaded_idx').on(t.clientId, t.uploadedAt),
    index('documents_status_uploaded_idx').on(t.status, t.uploadedAt),
    index('documents_type_idx').on(t.documentTypeId),
    index('documents_date_received_idx').on(t.dateReceived),
    index('documents_uploaded_idx').on(t.uploadedAt, t.id),
    // The lists' default order (Date Received, newest first, then upload time), across and within clients.
    index('documents_received_idx').on(t.dateReceived, t.uploadedAt, t.id),
    index('documents_client_received_idx').on(t.clientId, t.dateReceived, t.uploadedAt, t.id),
    index('documents_file_name_trgm_idx').using('gin', t.fileName.op('gin_trgm_ops')),
  ],
)

/**
 * A resumable upload (tus, /api/uploads) of one document file, from its creation to the document it
 * became (server/uploads/). Keyed by the upload's id: only the staff user who created it may send its
 * bytes, and `documentId`/`completedAt` are written in the transaction that creates the document, so a
 * completed upload becomes a document once, whichever request or server finishes it. A refusal at
 * completion (not a PDF, a type since removed) is kept, so a repeat gets the same answer. Unfinished
 * uploads past `expiresAt` and finished ones after a week are removed by the housekeeping job.
 */
export const documentUploads = pgTable(
  'document_uploads',
  {
    id: text('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    /** The document's fields as the multipart upload takes them (documentTypeId, jurisdiction, dateReceived, servedOn). */
    fields: jsonb('fields').$type<Record<string, string>>().notNull(),
    /** The sender's Idempotency-Key: two uploads under one key make one document. */
    idempotencyKey: text('idempotency_key'),
    createdAt: createdAt(),
    expiresAt: ts('expires_at').notNull(),
    completedAt: ts('completed_at'),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    refusal: jsonb('refusal').$type<{ status: number; body: { detail: string; details: string } }>(),
  },
  (t) => [index('document_uploads_expires_idx').on(t.expiresAt), index('document_uploads_user_idx').on(t.userId)],
)

/**
 * A client's request about one piece of mail (contract/mail-actions.ts): open and scan an envelope,
 * shred a held original, hold it for pick-up. Staff work through the open ones in one queue, oldest
 * first; at most one is open per piece of mail. An open-and-scan is done with the scan it produced.
 */
export const mailActions = pgTable(
  'mail_actions',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    status: text('status').notNull().default('open'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    requestedAt: ts('requested_at').notNull().defaultNow(),
    completedBy: integer('completed_by').references(() => users.id, { onDelete: 'set null' }),
    completedAt: ts('completed_at'),
    /** Open and scan: the scan the mailroom uploaded for the envelope. */
    scanDocumentId: integer('scan_document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** A shred asked for by the client's rule: the paper original only; the scan is kept. */
    originalOnly: boolean('original_only').notNull().default(false),
  },
  (t) => [
    check('mail_actions_action', sql`${t.action} in ('open-and-scan', 'shred', 'hold')`),
    check('mail_actions_status', sql`${t.status} in ('open', 'done')`),
    uniqueIndex('mail_actions_one_open_idx')
      .on(t.documentId)
      .where(sql`status = 'open'`),
    index('mail_actions_document_idx').on(t.documentId, t.id),
    index('mail_actions_open_queue_idx')
      .on(t.requestedAt, t.id)
      .where(sql`status = 'open'`),
    index('mail_actions_client_idx').on(t.clientId, t.requestedAt),
  ],
)

/**
 * A client's automatic rules (server/clients/mail-rules.ts), applied when the mailroom uploads a scan
 * for it: 'forward' mails the original of the type to a saved address (a mail request, with the
 * shipping option named or the first active one); 'shred' has the mailroom shred the paper original
 * once scanned, the scan kept. At most one rule per client and type.
 */
export const mailRules = pgTable(
  'mail_rules',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    action: text('action').notNull(),
    documentTypeId: integer('document_type_id')
      .notNull()
      .references(() => documentTypes.id, { onDelete: 'cascade' }),
    /** Forward only: the saved address (a saved address in use cannot be deleted). */
    addressId: integer('address_id').references(() => clientAddresses.id, { onDelete: 'restrict' }),
    /** Forward only; null: the first active option when the rule applies. */
    shippingOptionId: integer('shipping_option_id').references(() => shippingOptions.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    check('mail_rules_action', sql`${t.action} in ('forward', 'shred')`),
    check('mail_rules_forward_address', sql`(${t.action} = 'forward') = (${t.addressId} is not null)`),
    check('mail_rules_shred_no_shipping', sql`${t.action} = 'forward' or ${t.shippingOptionId} is null`),
    uniqueIndex('mail_rules_client_type_idx').on(t.clientId, t.documentTypeId),
    index('mail_rules_address_idx').on(t.addressId),
  ],
)

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

/**
 * The words read from a document's file (its PDF text layer, or OCR of its images), one row per
 * document, made by the text reader (server/documents/text/). The row is also the reader's queue entry:
 * state 'queued' (taken once next_at has passed), 'reading' (next_at: when the reader's hold ends, after
 * which another takes it again), 'done' or 'failed' (after its attempts, or for good: error says why).
 * `search` holds the words for full-text search, English and Spanish, without accents (migration 0017).
 */
export const documentTexts = pgTable(
  'document_texts',
  {
    documentId: integer('document_id')
      .primaryKey()
      .references(() => documents.id, { onDelete: 'cascade' }),
    state: text('state').notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    nextAt: ts('next_at'),
    error: text('error'),
    body: text('body'),
    search: tsvector('search').generatedAlwaysAs(
      sql`to_tsvector('english'::regconfig, document_text_unaccent(coalesce(body, ''))) || to_tsvector('spanish'::regconfig, document_text_unaccent(coalesce(body, '')))`,
    ),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('document_texts_due_idx')
      .on(t.nextAt)
      .where(sql`state in ('queued', 'reading')`),
    index('document_texts_search_idx').using('gin', t.search),
  ],
)

/** Carriers and speeds a client may have originals mailed by, with their price (staff manage them). */
export const shippingOptions = pgTable(
  'shipping_options',
  {
    id: serial('id').primaryKey(),
    /** Set on the options the reference data seeds, so they are added once. */
    code: text('code'),
    carrier: text('carrier').notNull(),
    speed: text('speed').notNull(),
    priceCents: integer('price_cents').notNull(),
    active: boolean('active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(100),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('shipping_options_code_idx').on(t.code),
    uniqueIndex('shipping_options_carrier_speed_idx').on(sql`lower(${t.carrier})`, sql`lower(${t.speed})`),
    check('shipping_options_price', sql`${t.priceCents} >= 0`),
  ],
)

/** Documents requested together: one envelope. The option's carrier, speed and price as they were then. */
export const shipments = pgTable(
  'shipments',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    shippingOptionId: integer('shipping_option_id').references(() => shippingOptions.id, { onDelete: 'set null' }),
    carrier: text('carrier'),
    speed: text('speed'),
    priceCents: integer('price_cents').notNull().default(0),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('shipments_client_idx').on(t.clientId)],
)

/** Status codes: 1 Requested, 2 Processing, 3 Mailed, 4 Delivered, 5 Cancelled. */
export const documentRequests = pgTable(
  'document_requests',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull().default(1),
    recipientName: text('recipient_name').notNull(),
    address: text('address').notNull(),
    city: text('city').notNull(),
    stateProvince: text('state_province').notNull(),
    zipcode: text('zipcode').notNull(),
    countryId: integer('country_id').references(() => countries.id),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    requestedBy: integer('requested_by').references(() => users.id, { onDelete: 'set null' }),
    /** The shipment (envelope) this document goes in with the others requested together; null before shipments. */
    shipmentId: integer('shipment_id').references(() => shipments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('document_requests_shipment_idx').on(t.shipmentId),
    index('document_requests_client_idx').on(t.clientId, t.createdAt),
    index('document_requests_status_idx').on(t.status, t.createdAt),
    index('document_requests_created_idx').on(t.createdAt, t.id),
    // At most one request per document that is not Cancelled: one paper original is mailed once.
    uniqueIndex('document_requests_one_live_idx')
      .on(t.documentId)
      .where(sql`status in (1, 2, 3, 4)`),
  ],
)

export const documentRequestEvents = pgTable(
  'document_request_events',
  {
    id: serial('id').primaryKey(),
    documentRequestId: integer('document_request_id')
      .notNull()
      .references(() => documentRequests.id, { onDelete: 'cascade' }),
    status: smallint('status').notNull(),
    note: text('note'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    byUserId: integer('by_user_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('document_request_events_request_idx').on(t.documentRequestId, t.createdAt)],
)

// ---------- messaging ----------

/** clientId set: for that client's users; clientId null: for agents. */
export const notifications = pgTable(
  'notifications',
  {
    id: serial('id').primaryKey(),
    message: text('message').notNull(),
    clientId: integer('client_id').references(() => clients.id, { onDelete: 'cascade' }),
    /**
     * For this one user of the client only; null for all of them (the usual case). Set when a kind's
     * in-portal channel is switched per user (deadline reminders) and not every user kept it.
     */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    documentRequestId: integer('document_request_id').references(() => documentRequests.id, { onDelete: 'set null' }),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    /** What it is about, for preferences and alert wording: see NOTIFICATION_KINDS in contract/preferences.ts. */
    kind: text('kind').notNull().default('general'),
    /** Urgent (service of process): pushed with high urgency and e-mailed whatever the preferences say. */
    urgent: boolean('urgent').notNull().default(false),
    /**
     * True until its push messages and e-mails have been queued (server/notifications/announce.ts). Set
     * by notifyClient/notifyAgents; rows written otherwise (demo data) are never announced.
     */
    announcePending: boolean('announce_pending').notNull().default(false),
    /** A reply in this support conversation (opens it). */
    supportConversationId: integer('support_conversation_id').references(() => supportConversations.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_client_created_idx').on(t.clientId, t.createdAt),
    index('notifications_announce_idx')
      .on(t.id)
      .where(sql`${t.announcePending}`),
    // The staff bell and list: notifications addressed to staff, newest first.
    index('notifications_staff_created_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.clientId} is null`),
    // Staff's list of every notification, newest first, and its unread ones past a read-up-to mark.
    index('notifications_created_idx').on(t.createdAt, t.id),
    index('notifications_user_idx')
      .on(t.userId)
      .where(sql`${t.userId} is not null`),
  ],
)

/**
 * Read marks, one per person and notification: marking a notification read changes it for that person
 * only, a staff member or one of a company's team.
 */
export const notificationReads = pgTable(
  'notification_reads',
  {
    notificationId: integer('notification_id')
      .notNull()
      .references(() => notifications.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: ts('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.notificationId] })],
)

/**
 * A staff member's "mark all as read", as timestamps rather than one notification_reads row per
 * notification: for them every notification created up to allUpTo is read, and every notification
 * addressed to staff up to staffUpTo (never earlier than allUpTo). Notifications newer than the marks
 * keep their single read marks in notification_reads.
 */
export const notificationReadMarks = pgTable('notification_read_marks', {
  userId: integer('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  staffUpTo: ts('staff_up_to'),
  allUpTo: ts('all_up_to'),
})

export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    /** The browser's expirationTime, when it gave one. */
    expiresAt: ts('expires_at'),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
)

/**
 * Push messages waiting to be sent, one per device (server/push/queue.ts). Claimed with FOR UPDATE
 * SKIP LOCKED like mail_outbox; a device's row goes when the device's subscription does.
 */
export const pushOutbox = pgTable(
  'push_outbox',
  {
    id: serial('id').primaryKey(),
    subscriptionId: integer('subscription_id')
      .notNull()
      .references(() => pushSubscriptions.id, { onDelete: 'cascade' }),
    notificationId: integer('notification_id').references(() => notifications.id, { onDelete: 'set null' }),
    /** title, body, url, tag, urgent: the unread count is added when it is sent. */
    payload: jsonb('payload').notNull(),
    urgency: text('urgency').notNull().default('normal'),
    ttlSeconds: integer('ttl_seconds').notNull(),
    createdAt: createdAt(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at'),
    sentAt: ts('sent_at'),
    failedAt: ts('failed_at'),
    error: text('error'),
  },
  (t) => [
    index('push_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
)

/** A user's choice per kind of notification and channel; no row means the default (both on). */
export const notificationPreferences = pgTable(
  'notification_preferences',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').notNull(),
    push: boolean('push').notNull().default(true),
    email: boolean('email').notNull().default(true),
    /** In-portal notifications (the bell), for kinds whose in-app channel can be switched (deadlines). */
    inApp: boolean('in_app').notNull().default(true),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.kind] })],
)

/**
 * Who was alerted about a document and when (service of process): each push, e-mail (client users and
 * the attorney) and the 24-hour escalation to staff.
 */
export const documentAlerts = pgTable(
  'document_alerts',
  {
    id: serial('id').primaryKey(),
    documentId: integer('document_id')
      .notNull()
      .references(() => documents.id, { onDelete: 'cascade' }),
    /** 'first' (on upload) or 'escalation' (still unopened after 24 hours). */
    round: text('round').notNull(),
    /** 'push', 'email' or 'staff'. */
    channel: text('channel').notNull(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    /** The e-mail address, or the number of devices for a push. */
    recipient: text('recipient').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('document_alerts_document_idx').on(t.documentId, t.at)],
)

// ---------- deadlines ----------

/** A client's Florida annual report of one year, marked filed (by a client user, staff or the add-on order). */
export const annualReportFilings = pgTable(
  'annual_report_filings',
  {
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    filedOn: date('filed_on', { mode: 'string' }).notNull(),
    /** 'client', 'staff' or 'addon' (the Annual Report Filing add-on was ordered). */
    markedVia: text('marked_via').notNull(),
    markedBy: integer('marked_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.clientId, t.year] })],
)

/**
 * Each deadline reminder sent, once: the row is claimed before the reminder goes out, in the same
 * transaction (subject 'annual-report:2026' or 'document:42', stage such as 'two-weeks' or 'due-3').
 */
export const deadlineReminders = pgTable(
  'deadline_reminders',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    stage: text('stage').notNull(),
    sentAt: ts('sent_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('deadline_reminders_once_idx').on(t.clientId, t.subject, t.stage)],
)

/** A client's secret calendar address: only the token's SHA-256 is kept; deleting the row revokes it. */
export const calendarFeeds = pgTable('calendar_feeds', {
  clientId: integer('client_id')
    .primaryKey()
    .references(() => clients.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
  createdAt: createdAt(),
})

/**
 * A client's support conversation: the subject, an optional link to one of the client's documents or
 * invoices, open/closed, and two flags kept with each message: awaitingReply (the last message is the
 * client's: staff have not answered) and unreadByClient (staff replied since the client last opened it).
 */
export const supportConversations = pgTable(
  'support_conversations',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    /** 'open' | 'closed'. */
    status: text('status').notNull().default('open'),
    documentId: integer('document_id').references(() => documents.id, { onDelete: 'set null' }),
    invoiceId: integer('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    createdBy: integer('created_by').references(() => users.id, { onDelete: 'set null' }),
    awaitingReply: boolean('awaiting_reply').notNull().default(true),
    unreadByClient: boolean('unread_by_client').notNull().default(false),
    lastMessageAt: ts('last_message_at').notNull().defaultNow(),
    createdAt: createdAt(),
  },
  (t) => [
    index('support_conversations_client_idx').on(t.clientId, t.lastMessageAt),
    index('support_conversations_inbox_idx').on(t.awaitingReply, t.lastMessageAt),
  ],
)

/** One message of a conversation: the client's or a staff member's (fromStaff), with an optional attachment. */
export const supportMessages = pgTable(
  'support_messages',
  {
    id: serial('id').primaryKey(),
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    conversationId: integer('conversation_id').references(() => supportConversations.id, { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    fromStaff: boolean('from_staff').notNull().default(false),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Blob store key of the attachment (PDF or image, recognised by its content); null without one. */
    attachmentKey: text('attachment_key'),
    attachmentName: text('attachment_name'),
    attachmentContentType: text('attachment_content_type'),
    attachmentSize: integer('attachment_size'),
    createdAt: createdAt(),
  },
  (t) => [index('support_messages_client_idx').on(t.clientId, t.createdAt), index('support_messages_conversation_idx').on(t.conversationId, t.createdAt)],
)

export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    /** The HTML part (null on messages written before e-mails had one): a retry sends it again. */
    html: text('html'),
    /** The message's own headers (List-Unsubscribe...), sent again by a retry. */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** Its attached files, base64 (small files the portal makes: a receipt's invoice PDFs), sent again by a retry. */
    attachments: jsonb('attachments').$type<{ filename: string; contentType: string; base64: string }[]>(),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
    /** The last failure's text. */
    error: text('error'),
    /** Send attempts made (claims), including a running one. */
    attempts: integer('attempts').notNull().default(0),
    /**
     * When the next attempt is due: a retry after a failure, or the end of a running attempt's claim (a
     * server that stopped mid-send). Null when nothing is to be sent (sent, failed, or outbox-only mail).
     */
    nextAttemptAt: ts('next_attempt_at'),
    /** Set when delivery was given up: after the last retry, or when the message expired first. */
    failedAt: ts('failed_at'),
    /** A message not worth sending after this (a password reset link that has expired meanwhile). */
    expiresAt: ts('expires_at'),
  },
  (t) => [
    index('mail_outbox_to_idx').on(t.to, t.createdAt),
    index('mail_outbox_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} is null and ${t.failedAt} is null`),
  ],
)

// ---------- operations ----------

export const auditEvents = pgTable(
  'audit_events',
  {
    id: serial('id').primaryKey(),
    at: ts('at').notNull().defaultNow(),
    actorUserId: integer('actor_user_id'),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    details: jsonb('details'),
    ip: text('ip'),
    requestId: text('request_id'),
  },
  (t) => [index('audit_events_at_idx').on(t.at), index('audit_events_entity_idx').on(t.entity, t.entityId)],
)

/** One row per run of a scheduled job and period, so two servers never run the same one twice. */
export const jobRuns = pgTable(
  'job_runs',
  {
    id: serial('id').primaryKey(),
    job: text('job').notNull(),
    runKey: text('run_key').notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    result: jsonb('result'),
  },
  (t) => [uniqueIndex('job_runs_job_key_idx').on(t.job, t.runKey)],
)
