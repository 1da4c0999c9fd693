import { createHmac, randomUUID } from 'node:crypto'
import { asc, eq, inArray } from 'drizzle-orm'
import { couponDiscountCents, AFFILIATE_NOT_VALID, COUPON_NOT_VALID } from '../../contract/catalogue'
import { REGISTRATION_MESSAGES, type Registration, type RegistrationResult } from '../../contract/clients'
import { centsToDollars, dollarsToCents } from '../../contract/common'
import { INVOICE_STATUS } from '../../contract/invoices'
import { commonPasswordIssue } from '../../contract/common-passwords'
import { hashPassword } from '../auth/passwords'
import type { AppDeps } from '../context'
import type { Db } from '../db/client'
import { CLIENT_ROLE } from '../db/reference'
import {
  agents,
  businessEntityTypes,
  clientServices,
  clients,
  countries,
  servicePackages,
  services,
  users,
} from '../db/schema'
import { conflict, HttpError } from '../http/errors'
import { createInvoice, recordInvoiceCharge } from '../invoices/create'
import { reverseCharge } from '../payments/reversal'
import { findActiveAffiliate, findUsableCoupon } from '../catalogue/queries'
import { recordAudit } from '../audit'
import { claimLocks, completeIdempotent, releaseIdempotent, releaseLocks, startIdempotent, type IdempotencyClaim } from '../idempotency'

/**
 * Registration (POST /api/client): client, user, subscriptions, the first invoice and its card charge as
 * one unit.
 *
 * 1. The Idempotency-Key is reserved in idempotency_records (`registration:<key>`) before anything else:
 *    a retry of a finished registration gets the first answer; a concurrent duplicate waits for it (or
 *    gets 409 after REQUEST_WAIT_MS); the same key with a different body gets 422.
 * 2. Everything that can refuse the order is checked before the card is charged: e-mail not registered,
 *    password not common, services and packages active and priced as shown, coupon, affiliate, country
 *    and entity type. The password is hashed too, so nothing slow or fallible is left for after.
 * 3. The e-mail is reserved (`registration-email:<email>`), so two registrations of one address with
 *    different keys cannot both charge.
 * 4. The card is charged with the idempotency key `registration:<key>`: the gateway charges a key once.
 * 5. One transaction writes client, user, subscriptions, the PAID invoice, payment and payment_invoices,
 *    the audit event and the finished idempotency record, and drops the e-mail reservation.
 * A declined card releases both reservations and writes nothing: 402 with the processor's text. Should the
 * transaction fail after a charge (it is built not to: every input is checked in step 2), the charge is
 * voided or refunded through the gateway and the attempt recorded for operators (payments/reversal.ts);
 * both reservations are released, and a retry charges afresh. See docs/payments.md.
 */
const SCOPE = 'registration'
const EMAIL_SCOPE = 'registration-email'
/** How long a duplicate request waits for the first one to finish. */
export const REQUEST_WAIT_MS = 20_000
/** A pending registration older than this was left by a server that stopped mid-request. */
const STALE_REQUEST_MS = 5 * 60_000
/** An e-mail reservation older than this was left by a server that died mid-registration. */
const STALE_EMAIL_RESERVATION_MS = 10 * 60_000

export interface RegistrationContext {
  /** The Idempotency-Key header, when the caller sent one. */
  idempotencyKey?: string
  /** Set when provider staff register the client (the add-client wizard). */
  staff?: { userId: number; agentId: number | null }
  requestId?: string
  ip?: string
}

export interface RegistrationOutcome {
  status: 201
  body: RegistrationResult
  /** The answer of an earlier request with the same Idempotency-Key. */
  replayed: boolean
}

interface OrderLine {
  serviceId: number
  servicePackageId: number
  description: string
  amountCents: number
}


export async function registerClient(deps: AppDeps, input: Registration, context: RegistrationContext): Promise<RegistrationOutcome> {
  const { db } = deps
  // Keyed with the server secret: the body holds a password, so a plain hash must not be stored.
  const requestHash = createHmac('sha256', deps.jwtKey)
    .update(JSON.stringify({ input, staff: context.staff?.userId ?? null }))
    .digest('hex')

  let claim: IdempotencyClaim | undefined
  if (context.idempotencyKey) {
    // Registrations are anonymous: the scope's keys are shared by every sender (`registration:<key>`).
    const started = await startIdempotent(db, {
      scope: SCOPE,
      key: context.idempotencyKey,
      userId: null,
      requestHash,
      now: deps.clock.now(),
      abandonedAfterMs: STALE_REQUEST_MS,
      waitMs: REQUEST_WAIT_MS,
      mismatchDetails: 'This Idempotency-Key was already used for a different request. Send a new key for a new registration.',
      running: () => conflict(REGISTRATION_MESSAGES.inProgress, `${REGISTRATION_MESSAGES.inProgress}. Please wait a moment.`),
    })
    if (started.kind === 'replay') return { status: 201, body: started.body as RegistrationResult, replayed: true }
    claim = started.claim
  }
  const releaseRequest = () => releaseIdempotent(db, claim)

  try {
    const email = input.userInformation.email
    const order = await prepareOrder(db, deps.clock.now(), input)
    const passwordHash = await hashPassword(input.userInformation.password)
    const emailOwner = randomUUID()
    await reserveEmail(db, email, emailOwner, deps.clock.now())
    const releaseEmail = () => releaseLocks(db, { scope: EMAIL_SCOPE, ids: [email], owner: emailOwner })
    try {
      // Registered meanwhile by a request that finished between the check above and the reservation?
      await assertEmailFree(db, email)

      const chargeKey = `${SCOPE}:${context.idempotencyKey ?? randomUUID()}`
      let charge: { reference: string; cardBrand?: string; cardLast4?: string } | undefined
      if (order.totalCents > 0) {
        const result = await deps.gateway.charge({
          token: input.affinipayPaymentDetails.token,
          amountCents: order.totalCents,
          idempotencyKey: chargeKey,
          description: `Registration of ${input.clientInformation.companyName}`,
        })
        if (!result.ok) {
          deps.logger.info('registration card declined', { requestId: context.requestId, code: result.code })
          throw new HttpError(result.code === 'processor_error' ? 502 : 402, 'Payment failed', result.message)
        }
        charge = result
      }

      let body: RegistrationResult
      try {
        body = await writeRegistration(deps, input, context, { ...order, passwordHash, chargeKey, charge, claim })
      } catch (error) {
        if (!charge) throw error
        const { reversed } = await reverseCharge(
          deps,
          { reference: charge.reference, idempotencyKey: chargeKey, amountCents: order.totalCents },
          {
            order: 'registration',
            requestId: context.requestId,
            ip: context.ip,
            actorUserId: context.staff?.userId,
            customer: { email, companyName: input.clientInformation.companyName },
            error,
          },
        )
        if (reversed) {
          throw new HttpError(
            500,
            'Your account could not be created',
            'Your account could not be created, and the payment was cancelled: your card has not been charged. Please try again in a few minutes.',
          )
        }
        throw new HttpError(
          500,
          'Your account could not be created',
          `Your payment was received but your account could not be created. Please contact support quoting reference ${charge.reference}; the payment will be returned.`,
        )
      }
      // The account exists and is paid: a mail failure is logged, never turned into a failed registration.
      await sendWelcome(deps, input, body).catch((error: unknown) =>
        deps.logger.warn('welcome e-mail not sent', { clientId: body.clientId, error: error instanceof Error ? error.message : String(error) }),
      )
      return { status: 201, body, replayed: false }
    } finally {
      await releaseEmail()
    }
  } catch (error) {
    await releaseRequest()
    throw error
  }
}

/** Holds `registration-email:<email>` for this attempt, so two registrations of one address cannot both charge. */
async function reserveEmail(db: Db, email: string, owner: string, now: Date): Promise<void> {
  if (await claimLocks(db, { scope: EMAIL_SCOPE, ids: [email], owner, now, staleAfterMs: STALE_EMAIL_RESERVATION_MS })) return
  throw conflict(REGISTRATION_MESSAGES.inProgress, 'A registration with this e-mail is already being processed. Please wait a moment, then sign in.')
}

async function assertEmailFree(db: Db, email: string): Promise<void> {
  const [taken] = await db.select({ id: users.id }).from(users).where(eq(users.email, email))
  if (taken) {
    throw new HttpError(409, REGISTRATION_MESSAGES.emailTaken, `${REGISTRATION_MESSAGES.emailTaken}. Sign in instead, or reset your password.`, [
      { path: 'userInformation.email', message: REGISTRATION_MESSAGES.emailTaken },
    ])
  }
}

const refuse = (detail: string, details: string, path: string) => new HttpError(422, detail, details, [{ path, message: details }])

/** Every check that can refuse the order, before any money moves. Prices come from the catalogue only. */
async function prepareOrder(db: Db, now: Date, input: Registration) {
  const info = input.clientInformation
  await assertEmailFree(db, input.userInformation.email)
  const passwordIssue = commonPasswordIssue(input.userInformation.password, { email: input.userInformation.email })
  if (passwordIssue) throw refuse('Choose a stronger password', passwordIssue, 'userInformation.password')

  const ordered = input.serviceSubscriptions.filter((s) => s.active)
  if (!ordered.length) throw refuse('Choose an address service', 'Choose an address service and one of its packages', 'serviceSubscriptions')
  if (new Set(ordered.map((s) => s.serviceId)).size !== ordered.length) {
    throw refuse('Each service can be ordered once', 'Each service can be ordered only once', 'serviceSubscriptions')
  }
  const serviceRows = await db.select().from(services).where(inArray(services.id, ordered.map((s) => s.serviceId)))
  const packageRows = await db.select().from(servicePackages).where(inArray(servicePackages.id, ordered.map((s) => s.servicePackageId)))
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

interface PreparedRegistration {
  lines: OrderLine[]
  discountCents: number
  totalCents: number
  couponId: number | null
  affiliateId: number | null
  passwordHash: string
  chargeKey: string
  charge?: { reference: string; cardBrand?: string; cardLast4?: string }
  claim?: IdempotencyClaim
}

async function writeRegistration(deps: AppDeps, input: Registration, context: RegistrationContext, order: PreparedRegistration) {
  const info = input.clientInformation
  const now = deps.clock.now()
  return deps.db.transaction(async (tx) => {
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
    const [user] = await tx
      .insert(users)
      .values({
        email: input.userInformation.email,
        passwordHash: order.passwordHash,
        firstName: info.firstName,
        lastName: info.lastName,
        roleId: CLIENT_ROLE.id,
        clientId: client.id,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: users.id })
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
    if (invoice.totalCents !== order.totalCents) throw new Error(`Invoice total ${invoice.totalCents} differs from the charge ${order.totalCents}`)
    if (order.charge) {
      await recordInvoiceCharge(tx, {
        clientId: client.id,
        invoiceId: invoice.id,
        amountCents: order.totalCents,
        gateway: deps.gateway.name,
        charge: order.charge,
        idempotencyKey: order.chargeKey,
        at: now,
      })
    }
    await recordAudit(tx, {
      at: now,
      actorUserId: context.staff?.userId ?? user.id,
      action: 'client.register',
      entity: 'client',
      entityId: String(client.id),
      details: {
        invoiceId: invoice.id,
        amountCents: order.totalCents,
        couponId: order.couponId,
        affiliateId: order.affiliateId,
        byAgentId: context.staff?.agentId ?? null,
        reference: order.charge?.reference ?? null,
      },
      ip: context.ip ?? null,
      requestId: context.requestId ?? null,
    })
    const body: RegistrationResult = {
      id: client.id,
      clientId: client.id,
      userId: user.id,
      invoiceId: invoice.id,
      invoiceNumber: invoice.invoiceNumber,
      total: centsToDollars(order.totalCents),
    }
    if (order.claim) await completeIdempotent(tx, order.claim, 201, body)
    return body
  })
}

async function sendWelcome(deps: AppDeps, input: Registration, result: RegistrationResult): Promise<void> {
  const info = input.clientInformation
  const signIn = new URL('/login', deps.env.PUBLIC_URL).toString()
  await deps.mailer.send({
    to: input.userInformation.email,
    subject: 'Your client portal account is ready',
    text: [
      `Hello ${info.firstName},`,
      '',
      `${info.companyName} is now registered with us. Invoice ${result.invoiceNumber} for $${result.total.toFixed(2)} is paid.`,
      '',
      `Sign in with this e-mail address at ${signIn} to see your invoices, documents and services.`,
    ].join('\n'),
  })
}
