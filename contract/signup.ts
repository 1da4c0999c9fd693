import * as v from 'valibot'
import { EmailSchema, PasswordSchema, REQUIRED_MESSAGE } from './auth'
import { commonPasswordIssue, COMMON_PASSWORD_MESSAGE, EMAIL_AS_PASSWORD_MESSAGE } from './common-passwords'
import { couponDiscountCents, type Service } from './catalogue'
import { singleLine } from './common'
import { PHONE_PATTERN, type RegistrationInput } from './clients'

/**
 * The sign-up wizard's form data, one schema per step, shared by
 * the public wizard (/signup/) and the staff add-client wizard. Form values are strings, as inputs give
 * them; toRegistrationPayload() turns the whole form into the POST /api/client payload.
 */

const text = (max: number, label: string) =>
  v.pipe(v.string(REQUIRED_MESSAGE), v.trim(), v.nonEmpty(REQUIRED_MESSAGE), v.maxLength(max, `${label} cannot exceed ${max} characters`), singleLine(label))
const choice = (message = REQUIRED_MESSAGE) => v.pipe(v.string(message), v.nonEmpty(message))
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

export const YES_NO = ['yes', 'no'] as const
export type YesNo = (typeof YES_NO)[number]

// ---- card expiry ----

export const CARD_EXPIRY_REQUIRED = 'Expiration date is required'
export const CARD_EXPIRY_MAX_LENGTH = 5

/** Digits only, at most four, with a slash after the month: "1", "12", "12/3", "12/34". */
export function formatCardExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4)
  return digits.length > 2 ? `${digits.slice(0, 2)}/${digits.slice(2)}` : digits
}

/** "MM/YY" split on '/' into the month and the four-digit year the card processor expects. */
export function parseCardExpiry(value: string): { exp_month: number; exp_year: number } | null {
  const match = /^(0[1-9]|1[0-2])\/(\d{2})$/.exec(value.trim())
  if (!match) return null
  return { exp_month: Number(match[1]), exp_year: 2000 + Number(match[2]) }
}

/** Good through the last day of its month. */
export function isCardExpiryPast(value: string, now: Date = new Date()): boolean {
  const parsed = parseCardExpiry(value)
  if (!parsed) return false
  return Date.UTC(parsed.exp_year, parsed.exp_month, 1) <= now.getTime()
}

export const CardExpirySchema = v.pipe(
  v.string(CARD_EXPIRY_REQUIRED),
  v.trim(),
  v.nonEmpty(CARD_EXPIRY_REQUIRED),
  v.regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Enter the expiration date as MM/YY'),
  v.check((value) => !isCardExpiryPast(value), 'This card has expired'),
)

// ---- the steps ----

export const CompanyDetailsSchema = v.pipe(
  v.object({
    companyName: text(200, 'Company Name'),
    /** A business entity type id, as a string; sent as an integer. */
    businessEntityType: choice(),
    notifyLawSuit: v.optional(v.picklist(YES_NO), 'no'),
    attorneyEmail: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(254, 'E-mail cannot exceed 254 characters'), singleLine('E-mail')), ''),
    hireUs: v.optional(v.picklist(YES_NO), 'no'),
  }),
  // Notify Attorney 'Yes' shows and requires the attorney e-mail.
  v.forward(
    v.partialCheck([['notifyLawSuit'], ['attorneyEmail']], (i) => i.notifyLawSuit !== 'yes' || i.attorneyEmail !== '', REQUIRED_MESSAGE),
    ['attorneyEmail'],
  ),
  v.forward(
    v.partialCheck(
      [['notifyLawSuit'], ['attorneyEmail']],
      (i) => i.notifyLawSuit !== 'yes' || i.attorneyEmail === '' || EMAIL_PATTERN.test(i.attorneyEmail),
      'Enter a valid e-mail address',
    ),
    ['attorneyEmail'],
  ),
)
export type CompanyDetailsForm = v.InferInput<typeof CompanyDetailsSchema>

/** Personal Information's fields both wizards ask: the contact person, the address on file, the sign-in e-mail. */
const personalFields = {
  firstName: text(50, 'First Name'),
  lastName: text(50, 'Last Name'),
  /** As PhoneInput gives it, e.g. '+13055550100'. */
  mobile: v.pipe(text(30, 'Phone'), v.regex(PHONE_PATTERN, 'Enter a valid phone number')),
  /** A country id, as a string; sent as an integer. */
  country: choice(),
  city: text(100, 'City'),
  state: text(100, 'State'),
  zipCode: text(10, 'Postal/Zip Code'),
  address: text(255, 'Address'),
  email: EmailSchema,
}

/** Personal Information of the public sign-up: with the password (typed twice) the person signs in with. */
export const PersonalInformationSchema = v.pipe(
  v.object({
    ...personalFields,
    password: PasswordSchema,
    confirmPassword: choice(),
  }),
  v.forward(
    v.partialCheck([['password'], ['confirmPassword']], (i) => i.password === i.confirmPassword, 'Passwords do not match'),
    ['confirmPassword'],
  ),
  // The registration refuses these too; checked here so the person hears it on this step.
  v.forward(
    v.partialCheck([['password']], (i) => commonPasswordIssue(i.password) === null, COMMON_PASSWORD_MESSAGE),
    ['password'],
  ),
  v.forward(
    v.partialCheck(
      [['password'], ['email']],
      (i) => commonPasswordIssue(i.password, { email: i.email }) !== EMAIL_AS_PASSWORD_MESSAGE,
      EMAIL_AS_PASSWORD_MESSAGE,
    ),
    ['password'],
  ),
)
export type PersonalInformationForm = v.InferInput<typeof PersonalInformationSchema>

/**
 * Personal Information of the staff add-client wizard: no password. The registration goes without
 * userInformation.password, and the client is e-mailed an invitation to choose one (valid 7 days).
 */
export const StaffPersonalInformationSchema = v.object(personalFields)
export type StaffPersonalInformationForm = v.InferInput<typeof StaffPersonalInformationSchema>

/** Choose Address: one address service and one of its packages. Ids as strings. */
export const ChooseAddressSchema = v.object({
  companyAddress: v.object({
    serviceId: choice('Choose an address service'),
    servicePackageId: choice('Choose a package'),
  }),
})
export type ChooseAddressForm = v.InferInput<typeof ChooseAddressSchema>

/** Order Summary: add-ons (their package ids, as strings), an optional coupon code, and the card expiry. */
export const OrderSummarySchema = v.object({
  addonServices: v.optional(v.array(v.string()), []),
  couponCode: v.optional(v.pipe(v.string(), v.trim(), v.maxLength(40), singleLine('Coupon code')), ''),
  cardExpiry: CardExpirySchema,
})
export type OrderSummaryForm = v.InferInput<typeof OrderSummarySchema>

/** The whole form; a password only from the public sign-up (staff leave it to the client's invitation). */
export type SignupForm = v.InferOutput<typeof CompanyDetailsSchema> &
  v.InferOutput<typeof StaffPersonalInformationSchema> &
  Partial<Pick<v.InferOutput<typeof PersonalInformationSchema>, 'password' | 'confirmPassword'>> &
  v.InferOutput<typeof ChooseAddressSchema> &
  v.InferOutput<typeof OrderSummarySchema>

// ---- order and payload ----

export interface OrderLine {
  serviceId: number
  servicePackageId: number
  serviceName: string
  servicePackageName: string
  serviceDescription: string
  servicePackageDescription: string
  /** Dollars. */
  amount: number
}

/** The chosen packages (address first, then add-ons) as order lines, priced from the catalogue. */
export function orderLines(catalogue: Service[], packageIds: readonly (string | number)[]): OrderLine[] {
  const lines: OrderLine[] = []
  for (const id of packageIds) {
    for (const service of catalogue) {
      const pkg = service.servicesPackages.find((p) => p.id === Number(id))
      if (!pkg) continue
      lines.push({
        serviceId: service.id,
        servicePackageId: pkg.id,
        serviceName: service.name,
        servicePackageName: pkg.name,
        serviceDescription: service.description,
        servicePackageDescription: pkg.description,
        amount: pkg.amount,
      })
    }
  }
  return lines
}

/** Subtotal, coupon discount and total in dollars, computed as the server bills them. */
export function orderTotals(lines: readonly Pick<OrderLine, 'amount'>[], coupon?: { percentOff: number; amountOff: number } | null) {
  const subtotalCents = lines.reduce((sum, line) => sum + Math.round(line.amount * 100), 0)
  const discountCents = coupon ? couponDiscountCents(subtotalCents, { percentOff: coupon.percentOff, amountOffCents: Math.round(coupon.amountOff * 100) }) : 0
  return { subtotal: subtotalCents / 100, discount: discountCents / 100, total: (subtotalCents - discountCents) / 100 }
}

/** The whole form as POST /api/client's payload. */
export function toRegistrationPayload(
  form: SignupForm,
  context: {
    /** Address services and add-ons, as GET /api/services answers them. */
    catalogue: Service[]
    /** From GET /api/coupon/verify/{code}; 0 when none. */
    couponId?: number
    /** From GET /api/affiliate/verify/{code}. */
    affiliateId?: number | null
    leadGeneratedBy?: string | null
    /** The one-time card token from CardForm.getPaymentToken. */
    token: string
    /** A signed-in client adds the company to their own login: no userInformation is sent. */
    ownLogin?: boolean
  },
): RegistrationInput {
  const lines = orderLines(context.catalogue, [form.companyAddress.servicePackageId, ...form.addonServices])
  return {
    clientInformation: {
      companyName: form.companyName,
      businessType: Number(form.businessEntityType),
      attorneyEmail: form.notifyLawSuit === 'yes' ? form.attorneyEmail : '',
      notifyAttorney: form.notifyLawSuit === 'yes',
      changeAgent: form.hireUs === 'yes',
      useAgentAddress: false,
      firstName: form.firstName,
      lastName: form.lastName,
      phone: form.mobile,
      countryId: Number(form.country),
      address: form.address,
      city: form.city,
      stateProvince: form.state,
      zipcode: form.zipCode,
      agentId: null,
      affiliated_id: context.affiliateId ?? null,
      leadGeneratedBy: context.leadGeneratedBy ?? null,
    },
    // Without a password (the staff wizard) the client is invited to choose one; a client signed in
    // sends none at all (the company is added to their login).
    ...(context.ownLogin ? {} : { userInformation: form.password ? { email: form.email, password: form.password } : { email: form.email } }),
    serviceSubscriptions: lines.map((line) => ({
      active: true,
      serviceId: line.serviceId,
      servicePackageId: line.servicePackageId,
      serviceName: line.serviceName,
      servicePackageName: line.servicePackageName,
      serviceDescription: line.serviceDescription,
      servicePackageDescription: line.servicePackageDescription,
      servicePackageAmount: line.amount,
    })),
    affinipayPaymentDetails: { token: context.token },
    couponId: context.couponId ?? 0,
  }
}

// ---- e-mail availability (Personal Information) ----

/** POST /api/signup/email-available: is an account free to open with this e-mail? Public, rate-limited. */
export const EmailAvailabilityBodySchema = v.object({ email: EmailSchema })
export type EmailAvailabilityBody = v.InferInput<typeof EmailAvailabilityBodySchema>

/**
 * `available: false` for every existing account, locked or not: the same answer the registration gives
 * (409, an account with this e-mail already exists), so the check tells nothing the sign-up does not.
 */
export const EmailAvailabilitySchema = v.object({
  available: v.boolean(),
  /**
   * Told to staff only (the add-client wizard, signed in): whose login holds the e-mail. A client's login
   * takes the new company (registered with it, the company is added to that login); a staff login's
   * e-mail cannot be used.
   */
  login: v.optional(v.picklist(['client', 'staff'])),
})
export type EmailAvailability = v.InferOutput<typeof EmailAvailabilitySchema>

/** Checks per address within the window; past it, 429 with Retry-After. */
export const EMAIL_CHECK_LIMITS = { windowMs: 15 * 60_000, perAddress: 20 } as const
