import { createHmac } from 'node:crypto'
import { asc, eq, inArray } from 'drizzle-orm'
import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { couponDiscountCents, AFFILIATE_NOT_VALID, COUPON_NOT_VALID } from '../../contract/catalogue'
import { REGISTRATION_MESSAGES, type Registration, type RegistrationResult } from '../../contract/clients'
import { TEAM_ROLE_LABELS } from '../../contract/team'
import { centsToDollars, dollarsToCents } from '../../contract/common'
import { INVOICE_STATUS } from '../../contract/invoices'
import { REQUIRED_MESSAGE } from '../../contract/auth'
import { commonPasswordIssue } from '../../contract/common-passwords'
import { issuePasswordLink, NO_PASSWORD, type PasswordLink } from '../auth/password-links'
import { hashPassword } from '../auth/passwords'
import type { AppDeps } from '../context'
import type { Db, Tx } from '../db/client'
import { CLIENT_ROLE } from '../db/reference'
import { agents, businessEntityTypes, clientMemberships, clientServices, clients, countries, roles, servicePackages, services, users } from '../db/schema'
import { conflict, HttpError } from '../http/errors'
import { createInvoice, recordInvoiceCharge } from '../invoices/create'
import { invoicePdfAttachments } from '../invoices/receipt'
import { composeMail } from '../mail/compose'
import { chargeIntent, findIntent, openIntent, type Intent, type Recorder } from '../payments/intents'
import { findActiveAffiliate, findUsableCoupon } from '../catalogue/queries'
import { recordAudit } from '../audit'
import { inviterName } from '../users/operations'

/**
 * Registration (POST /api/client): client, user, subscriptions, the first invoice and its card charge as
 * one unit, through a payment intent (server/payments/intents.ts).
 *
 * 1. A retry with the Idempotency-Key of an earlier registration gets its answer, or finishes it when it
 *    was cut off (the same key charges once); the same key with a different body gets 422.
 * 2. Everything that can refuse the order is checked before the card is charged: e-mail not registered,
 *    password not common, services and packages active and priced as shown, coupon, affiliate, country
 *    and entity type. The password is hashed too, so nothing slow or fallible is left for after.
 * 3. The intent is written with the whole order (the password as its hash, never the card token) and
 *    holds the e-mail, so two registrations of one address cannot both charge (the second gets 409).
 * 4. The card is charged with the intent's key.
 * 5. One transaction writes client, user, subscriptions, the PAID invoice, payment and payment_invoices,
 *    the audit event and the intent's answer. Should that be refused after the charge (the e-mail taken
 *    meanwhile by another way in), the charge is voided and the attempt recorded for operators.
 * 6. After the commit (afterRecorded, also when the reconciliation finishes a registration cut off by a
 *    crash) the client is e-mailed: a welcome, or for an invited account the link to choose a password.
 * A declined card writes nothing but the intent: 402 with the processor's text. A server that dies at any
 * point leaves the intent to the reconciliation, which creates the account for a charge it finds.
 *
 * Adding a company to a login that exists: a signed-in client user sends no userInformation, and the new
 * company is added to their own login (no user is created; they become its owner, whatever their role in
 * the company the session is in). Staff registering an e-mail that already signs in to a company add the
 * new one to that login the same way, and the person is e-mailed a notice (the team's, not an
 * invitation); a staff login's e-mail stays refused. A public sign-up with an e-mail that has a login is
 * refused as always: nobody attaches a company to someone else's login without being signed in as staff.
 * Either way the membership is audited as a team change (team.add), in the registration's transaction.
 *
 * The password: a public sign-up must send one (422 on userInformation.password before anything else).
 * Staff (the add-client wizard) send none: the client user is created invited (NO_PASSWORD, invitedAt
 * set) and gets a 7-day invitation link, the same kind staff users get; "Forgot password" sends a new one
 * after that. Staff callers that still send a password get the account with it and the welcome e-mail.
 */
const PURPOSE = 'registration'

export interface RegistrationContext {
  /** The Idempotency-Key header, when the caller sent one. */
  idempotencyKey?: string
  /** Set when provider staff register the client (the add-client wizard). */
  staff?: { userId: number; agentId: number | null }
  /** Set when a signed-in client user registers another company for their own login. */
  owner?: { userId: number; email: string }
  requestId?: string
  ip?: string
  /**
   * Called before a new registration is tried (not for a retry of one already known by its
   * Idempotency-Key): where a public sign-up spends its address's budget, so that a customer told to
   * try again while the payment is in progress is not locked out by doing so.
   */
  beforeNewAttempt?: () => Promise<void>
}

export interface RegistrationOutcome {
  status: ContentfulStatusCode
  body: RegistrationResult | unknown
  /** The answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean
}

interface OrderLine {
  serviceId: number
  servicePackageId: number
  description: string
  amountCents: number
}

/** What the intent keeps to create the account once the charge stands. */
interface RegistrationOrder {
  clientInformation: Registration['clientInformation']
  email: string
  /** null: the client was registered by staff without a password and is invited to choose one. */
  passwordHash: string | null
  /** The account is created invited and e-mailed a link to choose its password (older intents: absent). */
  invite?: boolean
  /**
   * The login the company is added to, instead of creating one: the signed-in caller's, or the existing
   * client login of the e-mail staff registered (older intents: absent, a new login).
   */
  ownerUserId?: number | null
  lines: OrderLine[]
  discountCents: number
  couponId: number | null
  affiliateId: number | null
  staff: { userId: number; agentId: number | null } | null
  ip: string | null
}

export async function registerClient(deps: AppDeps, input: Registration, context: RegistrationContext): Promise<RegistrationOutcome> {
  const account = input.userInformation
  // Signed in as a client, the company goes to the caller's own login; otherwise the new login is required.
  if (context.owner && account) throw refuse(REGISTRATION_MESSAGES.signedInAccount, REGISTRATION_MESSAGES.signedInAccount, 'userInformation')
  if (!context.owner && !account) throw refuse(REQUIRED_MESSAGE, REQUIRED_MESSAGE, 'userInformation')
  const email = context.owner?.email ?? account!.email
  let password = account?.password
  // Only staff may leave the password to the client; checked before any intent or charge.
  if (account && password === undefined && !context.staff) throw refuse(REQUIRED_MESSAGE, REQUIRED_MESSAGE, 'userInformation.password')
  const request = {
    purpose: PURPOSE,
    idempotencyKey: context.idempotencyKey,
    userId: context.owner?.userId ?? null,
    // Keyed with the server secret: the body holds a password, so a plain hash must not be stored.
    requestHash: createHmac('sha256', deps.jwtKey)
      .update(JSON.stringify({ input, staff: context.staff?.userId ?? null, owner: context.owner?.userId ?? null }))
      .digest('hex'),
    mismatch: 'This Idempotency-Key was already used for a different request. Send a new key for a new registration.',
    running: () => conflict(REGISTRATION_MESSAGES.inProgress, `${REGISTRATION_MESSAGES.inProgress}. Please wait a moment.`),
  } as const

  const earlier = await findIntent(deps, request)
  if (earlier?.kind === 'replay') return { ...earlier.answer, replayed: true }
  let intent = earlier?.intent
  if (!intent) {
    await context.beforeNewAttempt?.()
    const ownerUserId = context.owner?.userId ?? (await loginToLink(deps.db, email, context))
    // A login that exists keeps its password: one sent along by staff is not used.
    if (ownerUserId !== null) password = undefined
    const prepared = await prepareOrder(deps.db, deps.clock.now(), input, { email, password })
    const order: RegistrationOrder = {
      clientInformation: input.clientInformation,
      email,
      passwordHash: password === undefined ? null : await hashPassword(password),
      invite: ownerUserId === null && password === undefined,
      ownerUserId,
      lines: prepared.lines,
      discountCents: prepared.discountCents,
      couponId: prepared.couponId,
      affiliateId: prepared.affiliateId,
      staff: context.staff ?? null,
      ip: context.ip ?? null,
    }
    const opened = await openIntent(deps, {
      ...request,
      clientId: null,
      // A new login holds its e-mail; a company added to a login that exists holds nothing (a person may
      // add two companies at once).
      holds: ownerUserId === null ? [`email:${email}`] : [],
      prepare: async (tx) => {
        // Registered meanwhile by a request that finished after the check above?
        await assertLoginState(tx, email, ownerUserId)
        return { amountCents: prepared.totalCents, description: `Registration of ${input.clientInformation.companyName}`, order: { ...order } }
      },
      busy: () => conflict(REGISTRATION_MESSAGES.inProgress, 'A registration with this e-mail is already being processed. Please wait a moment, then sign in.'),
      // Again once the e-mail is held: a registration that released it has created its user by then.
      confirm: (tx) => assertLoginState(tx, email, ownerUserId),
    })
    if (opened.kind === 'replay') return { ...opened.answer, replayed: true }
    intent = opened.intent
  }
  const answer = await chargeIntent(deps, intent, input.affinipayPaymentDetails.token, registrationRecorder, context.requestId)
  return { ...answer, replayed: false }
}

export const registrationRecorder: Recorder = {
  record: (tx, _deps, intent, charge, now) => writeRegistration(tx, intent, charge, now),
  afterRecorded: (deps, intent, answer) => {
    const order = intent.order as unknown as RegistrationOrder
    const result = answer.body as RegistrationResult
    // A company added by staff to a login that exists: the person hears of it, as when added to a team.
    if (order.ownerUserId != null && order.staff) return sendAddedNotice(deps, order)
    return order.invite ? sendInvitation(deps, order, result) : sendWelcome(deps, order, result)
  },
  refusedAfterCharge: (error, reversed, reference) => ({
    status: error.status,
    body: {
      ...error.body(),
      details: reversed
        ? `${error.details}. Your account was not created, and the payment was cancelled: your card has not been charged.`
        : `${error.details}. Your payment was received but your account could not be created. Please contact support quoting reference ${reference}; the payment will be returned.`,
    },
  }),
  secrets: ['passwordHash'],
}

async function assertEmailFree(db: Db | Tx, email: string): Promise<void> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (taken) {
    throw new HttpError(409, REGISTRATION_MESSAGES.emailTaken, `${REGISTRATION_MESSAGES.emailTaken}. Sign in instead, or reset your password.`, [
      { path: 'userInformation.email', message: REGISTRATION_MESSAGES.emailTaken },
    ])
  }
}

/** A client login's id, or undefined when the e-mail has no login; a staff login is refused (409). */
async function clientLoginOf(db: Db | Tx, email: string): Promise<number | undefined> {
  const [found] = await db
    .select({ id: users.id, agentId: users.agentId, roleType: roles.roleType })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.email, email))
  if (!found) return undefined
  if (found.agentId !== null || found.roleType !== 'client') {
    throw new HttpError(409, REGISTRATION_MESSAGES.staffEmail, `${REGISTRATION_MESSAGES.staffEmail}. Use another address for this client.`, [
      { path: 'userInformation.email', message: REGISTRATION_MESSAGES.staffEmail },
    ])
  }
  return found.id
}

/**
 * The existing login a staff registration adds the company to (null: a new login is created). A public
 * sign-up never links: its e-mail must be free.
 */
async function loginToLink(db: Db, email: string, context: RegistrationContext): Promise<number | null> {
  if (!context.staff) {
    await assertEmailFree(db, email)
    return null
  }
  return (await clientLoginOf(db, email)) ?? null
}

/** The e-mail is still free for a new login, or still the client login the company is added to. */
async function assertLoginState(db: Db | Tx, email: string, ownerUserId: number | null): Promise<void> {
  if (ownerUserId === null) return assertEmailFree(db, email)
  const [person] = await db
    .select({ id: users.id, agentId: users.agentId, roleType: roles.roleType })
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(eq(users.id, ownerUserId))
  if (!person || person.agentId !== null || person.roleType !== 'client') {
    throw new HttpError(409, 'This login can no longer take a company', 'The login this company was to be added to has changed. Please sign in again.')
  }
}

const refuse = (detail: string, details: string, path: string) => new HttpError(422, detail, details, [{ path, message: details }])

/** Every check that can refuse the order, before any money moves. Prices come from the catalogue only. */
async function prepareOrder(db: Db, now: Date, input: Registration, account: { email: string; password: string | undefined }) {
  const info = input.clientInformation
  const password = account.password
  const passwordIssue = password === undefined ? null : commonPasswordIssue(password, { email: account.email })
  if (passwordIssue) throw refuse('Choose a stronger password', passwordIssue, 'userInformation.password')

  const ordered = input.serviceSubscriptions.filter((s) => s.active)
  if (!ordered.length) throw refuse('Choose an address service', 'Choose an address service and one of its packages', 'serviceSubscriptions')
  if (new Set(ordered.map((s) => s.serviceId)).size !== ordered.length) {
    throw refuse('Each service can be ordered once', 'Each service can be ordered only once', 'serviceSubscriptions')
  }
  const serviceRows = await db
    .select()
    .from(services)
    .where(
      inArray(
        services.id,
        ordered.map((s) => s.serviceId),
      ),
    )
  const packageRows = await db
    .select()
    .from(servicePackages)
    .where(
      inArray(
        servicePackages.id,
        ordered.map((s) => s.servicePackageId),
      ),
    )
  const lines: OrderLine[] = []
  let addressServices = 0
  for (const [index, item] of ordered.entries()) {
    const service = serviceRows.find((s) => s.id === item.serviceId)
    const pkg = packageRows.find((p) => p.id === item.servicePackageId)
    if (!service?.active || !pkg?.active || pkg.serviceId !== service.id) {
      const name = item.serviceName?.trim() || service?.name || 'A chosen service'
      throw refuse('Service not available', `${name} is no longer available. Please review your order.`, `serviceSubscriptions.${index}`)
    }
    if (item.servicePackageAmount != null && dollarsToCents(item.servicePackageAmount) !== pkg.amountCents) {
      throw new HttpError(
        409,
        'Prices have changed',
        `The price of ${service.name} (${pkg.name}) is now $${centsToDollars(pkg.amountCents).toFixed(2)}. Please review your order.`,
      )
    }
    if (service.kind === 'address') addressServices++
    lines.push({ serviceId: service.id, servicePackageId: pkg.id, description: `${service.name}: ${pkg.name}`, amountCents: pkg.amountCents })
  }
  if (addressServices !== 1) {
    throw refuse(
      'Choose an address service',
      addressServices ? 'Choose only one address service' : 'Choose an address service and one of its packages',
      'serviceSubscriptions',
    )
  }

  const coupon = input.couponId > 0 ? await findUsableCoupon(db, now, { id: input.couponId }) : undefined
  if (input.couponId > 0 && !coupon) throw refuse(COUPON_NOT_VALID, COUPON_NOT_VALID, 'couponId')
  const affiliateId = info.affiliated_id && info.affiliated_id > 0 ? info.affiliated_id : null
  if (affiliateId && !(await findActiveAffiliate(db, { id: affiliateId }))) {
    throw refuse(AFFILIATE_NOT_VALID, AFFILIATE_NOT_VALID, 'clientInformation.affiliated_id')
  }
  const [country] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, info.countryId))
  if (!country) throw refuse('Choose a country', 'Choose a country from the list', 'clientInformation.countryId')
  const [entityType] = await db.select({ id: businessEntityTypes.id }).from(businessEntityTypes).where(eq(businessEntityTypes.id, info.businessType))
  if (!entityType) throw refuse('Choose a business entity type', 'Choose a business entity type from the list', 'clientInformation.businessType')

  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0)
  const discountCents = coupon ? couponDiscountCents(subtotalCents, coupon) : 0
  return { lines, subtotalCents, discountCents, totalCents: subtotalCents - discountCents, couponId: coupon?.id ?? null, affiliateId }
}

async function writeRegistration(tx: Tx, intent: Intent, charge: { reference: string; cardBrand?: string; cardLast4?: string } | null, now: Date) {
  const order = intent.order as unknown as RegistrationOrder
  const info = order.clientInformation
  const context = { staff: order.staff, ip: order.ip }
  const ownerUserId = order.ownerUserId ?? null
  // Taken meanwhile by another way in (a staff user added with it): refused, and the charge reversed.
  await assertLoginState(tx, order.email, ownerUserId)
  // Every client belongs to the provider's agent record: the registering staff member's, or for a
  // public sign-up the provider's own (the first agent record), as the demo clients do.
  const agentId = context.staff?.agentId ?? (await tx.select({ id: agents.id }).from(agents).orderBy(asc(agents.id)).limit(1))[0]?.id ?? null
  const [client] = await tx
    .insert(clients)
    .values({
      firstName: info.firstName,
      lastName: info.lastName,
      companyName: info.companyName,
      phone: info.phone,
      countryId: info.countryId,
      stateProvince: info.stateProvince,
      city: info.city,
      address: info.address,
      zipcode: info.zipcode,
      attorneyEmail: info.notifyAttorney ? (info.attorneyEmail ?? null) : null,
      notifyAttorney: info.notifyAttorney,
      changeAgent: info.changeAgent,
      businessType: info.businessType,
      useAgentAddress: info.useAgentAddress,
      leadGeneratedBy: info.leadGeneratedBy || null,
      affiliateId: order.affiliateId,
      couponId: order.couponId,
      agentId,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: clients.id })
  let userId: number
  if (ownerUserId === null) {
    const [user] = await tx
      .insert(users)
      .values({
        email: order.email,
        passwordHash: order.invite ? NO_PASSWORD : order.passwordHash!,
        invitedAt: order.invite ? now : null,
        firstName: info.firstName,
        lastName: info.lastName,
        roleId: CLIENT_ROLE.id,
        clientId: client.id,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id })
    userId = user.id
  } else {
    userId = ownerUserId
    // A person who had lost every company comes back with this one as their first (as on a team).
    const [other] = await tx.select({ clientId: clientMemberships.clientId }).from(clientMemberships).where(eq(clientMemberships.userId, userId)).limit(1)
    if (!other) await tx.update(users).set({ clientId: client.id, active: true, updatedAt: now }).where(eq(users.id, userId))
  }
  // The person who registers a company is its first owner.
  await tx.insert(clientMemberships).values({ userId, clientId: client.id, role: 'owner', createdAt: now })
  if (ownerUserId !== null) {
    await recordAudit(tx, {
      at: now,
      actorUserId: context.staff?.userId ?? userId,
      action: 'team.add',
      entity: 'client',
      entityId: String(client.id),
      details: { userId, email: order.email, role: 'owner', newLogin: false, registration: true },
      ip: context.ip,
    })
  }
  await tx
    .insert(clientServices)
    .values(order.lines.map((line) => ({ clientId: client.id, serviceId: line.serviceId, servicePackageId: line.servicePackageId, createdAt: now })))
  const invoice = await createInvoice(tx, {
    clientId: client.id,
    invoiceDate: now,
    dueDate: now,
    paidDate: now,
    status: INVOICE_STATUS.PAID,
    couponId: order.couponId,
    discountCents: order.discountCents,
    lines: order.lines.map((line) => ({
      description: line.description,
      unitAmountCents: line.amountCents,
      serviceId: line.serviceId,
      servicePackageId: line.servicePackageId,
    })),
  })
  if (invoice.totalCents !== intent.amountCents) throw new Error(`Invoice total ${invoice.totalCents} differs from the charge ${intent.amountCents}`)
  if (charge) {
    await recordInvoiceCharge(tx, {
      clientId: client.id,
      invoiceId: invoice.id,
      amountCents: intent.amountCents,
      gateway: intent.gateway,
      charge,
      idempotencyKey: intent.chargeKey,
      at: now,
    })
  }
  await recordAudit(tx, {
    at: now,
    actorUserId: context.staff?.userId ?? userId,
    action: 'client.register',
    entity: 'client',
    entityId: String(client.id),
    details: {
      invoiceId: invoice.id,
      amountCents: intent.amountCents,
      couponId: order.couponId,
      affiliateId: order.affiliateId,
      byAgentId: context.staff?.agentId ?? null,
      reference: charge?.reference ?? null,
    },
    ip: context.ip,
  })
  const body: RegistrationResult = {
    id: client.id,
    clientId: client.id,
    userId,
    invoiceId: invoice.id,
    invoiceNumber: invoice.invoiceNumber,
    total: centsToDollars(intent.amountCents),
    newLogin: ownerUserId === null,
  }
  return { status: 201 as const, body }
}

async function sendWelcome(deps: AppDeps, order: RegistrationOrder, result: RegistrationResult): Promise<void> {
  const info = order.clientInformation
  const signIn = new URL('/login', deps.env.PUBLIC_URL).toString()
  await deps.mailer.send(
    await composeMail(
      deps.env,
      'registration-receipt',
      { firstName: info.firstName, companyName: info.companyName, invoiceNumber: result.invoiceNumber, total: result.total, signInUrl: signIn },
      { to: order.email, attachments: await invoicePdfAttachments(deps, [result.invoiceId]) },
    ),
  )
}

/**
 * The invitation of a client registered by staff without a password: a 7-day single-use link to choose
 * it (issued here, after the registration is committed; the intent never holds it). Should this fail, the
 * registration stands and "Forgot password" on the sign-in page sends the client a link.
 */
async function sendInvitation(deps: AppDeps, order: RegistrationOrder, result: RegistrationResult): Promise<void> {
  const info = order.clientInformation
  const now = deps.clock.now()
  const link: PasswordLink = await issuePasswordLink(deps.db, { userId: result.userId, now, publicUrl: deps.env.PUBLIC_URL, invitation: true })
  await recordAudit(deps.db, {
    at: now,
    actorUserId: order.staff?.userId ?? null,
    action: 'user.invite',
    entity: 'user',
    entityId: String(result.userId),
    details: { email: order.email, clientId: result.clientId, linkExpiresAt: link.expiresAt.toISOString() },
    ip: order.ip,
  })
  const inviter = order.staff ? await inviterName(deps.db, order.staff.userId) : 'The provider'
  const signIn = new URL('/login', deps.env.PUBLIC_URL).toString()
  await deps.mailer.send(
    await composeMail(
      deps.env,
      'client-invitation',
      {
        firstName: info.firstName,
        inviter,
        companyName: info.companyName,
        invoiceNumber: result.invoiceNumber,
        total: result.total,
        url: link.url,
        signInUrl: signIn,
      },
      { to: order.email, expiresAt: link.expiresAt },
    ),
  )
}

/**
 * Staff added the company to a login that exists: the person is told, as a person added to a team is
 * (the team's notice: sign in as now and pick the company from the switcher). No link: the login has
 * its password.
 */
async function sendAddedNotice(deps: AppDeps, order: RegistrationOrder): Promise<void> {
  const [person] = await deps.db.select({ firstName: users.firstName, email: users.email }).from(users).where(eq(users.id, order.ownerUserId!))
  if (!person) return
  const publicUrl = deps.env.PUBLIC_URL.replace(/\/+$/, '')
  await deps.mailer.send(
    await composeMail(
      deps.env,
      'team-invitation',
      {
        name: person.firstName || person.email,
        inviter: order.staff ? await inviterName(deps.db, order.staff.userId) : 'The provider',
        companyName: order.clientInformation.companyName,
        role: TEAM_ROLE_LABELS.owner,
        url: `${publicUrl}/login`,
        newLogin: false,
      },
      { to: person.email },
    ),
  )
}
