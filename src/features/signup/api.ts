import { AffiliateSchema, CouponSchema, ServiceListSchema, type ServiceKind } from '@contract/catalogue'
import { RegistrationResultSchema, type RegistrationInput } from '@contract/clients'
import { BusinessEntityTypeListSchema, CountryListSchema } from '@contract/identity'
import { EmailAvailabilitySchema } from '@contract/signup'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import { clientKeys } from '~/features/clients'
import { api } from '~/lib/api-client'
import type { WizardFlavor } from './steps'

/**
 * The wizard's calls, all public (there is no account yet): the catalogue, the country and entity-type
 * lists, coupon and affiliate verification, and POST /api/client. Keys come only from `signupKeys`.
 */
export const signupKeys = {
  catalogue: ['catalogue'] as const,
  services: (kind: ServiceKind) => [...signupKeys.catalogue, 'services', kind] as const,
  coupon: (code: string) => [...signupKeys.catalogue, 'coupon', code] as const,
  affiliate: (code: string) => [...signupKeys.catalogue, 'affiliate', code] as const,
  countries: () => ['reference', 'countries'] as const,
  businessEntityTypes: () => ['reference', 'business-entity-types'] as const,
}

/** Active services of a kind with their active packages (GET /api/services?kind=address|addon). */
export const servicesQueryOptions = (kind: ServiceKind) =>
  queryOptions({
    queryKey: signupKeys.services(kind),
    queryFn: ({ signal }) => api.get('/services', { query: { kind }, schema: ServiceListSchema, auth: false, signal }),
    staleTime: 5 * 60_000,
  })

/** GET /api/country: the United States first. */
export const countriesQueryOptions = () =>
  queryOptions({
    queryKey: signupKeys.countries(),
    queryFn: ({ signal }) => api.get('/country', { schema: CountryListSchema, auth: false, signal }),
    staleTime: 60 * 60_000,
  })

/** GET /api/business-entity-types: Florida's entity kinds. */
export const businessEntityTypesQueryOptions = () =>
  queryOptions({
    queryKey: signupKeys.businessEntityTypes(),
    queryFn: ({ signal }) => api.get('/business-entity-types', { schema: BusinessEntityTypeListSchema, auth: false, signal }),
    staleTime: 60 * 60_000,
  })

/** GET /api/coupon/verify/{code}: the coupon, or 404 'Coupon code is not valid'. */
export const couponQueryOptions = (code: string) =>
  queryOptions({
    queryKey: signupKeys.coupon(code),
    queryFn: ({ signal }) => api.get(`/coupon/verify/${encodeURIComponent(code)}`, { schema: CouponSchema, auth: false, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  })

/** GET /api/affiliate/verify/{code}: the affiliate's id, or 404 'Affiliate code is not valid'. */
export const affiliateQueryOptions = (code: string) =>
  queryOptions({
    queryKey: signupKeys.affiliate(code),
    queryFn: ({ signal }) => api.get(`/affiliate/verify/${encodeURIComponent(code)}`, { schema: AffiliateSchema, auth: false, signal }),
    staleTime: 5 * 60_000,
    retry: false,
  })

const emailAnswers = new Map<string, boolean>()

/**
 * POST /api/signup/email-available: false when an account already has this e-mail. Answers are kept
 * for the page's life (the call is rate-limited); a failed call answers null, and the registration
 * checks again anyway.
 */
export async function isEmailAvailable(email: string): Promise<boolean | null> {
  const key = email.trim().toLowerCase()
  const known = emailAnswers.get(key)
  if (known !== undefined) return known
  try {
    const { available } = await api.post('/signup/email-available', { email: key }, { schema: EmailAvailabilitySchema, auth: false })
    emailAnswers.set(key, available)
    return available
  } catch {
    return null
  }
}

const staffAnswers = new Map<string, EmailLogin>()

/** Whose login holds an e-mail, as staff hear it: none, a client's (the company is added to it) or staff's. */
export type EmailLogin = 'none' | 'client' | 'staff'

/**
 * The staff wizard's check (POST /api/signup/email-available with the staff member's session): a
 * client's login takes the new company, a staff login's e-mail cannot be used. A failed call answers
 * null, and the registration checks again anyway.
 */
export async function emailLoginForStaff(email: string): Promise<EmailLogin | null> {
  const key = email.trim().toLowerCase()
  const known = staffAnswers.get(key)
  if (known !== undefined) return known
  try {
    const answer = await api.post('/signup/email-available', { email: key }, { schema: EmailAvailabilitySchema })
    const login: EmailLogin = answer.available ? 'none' : (answer.login ?? 'staff')
    staffAnswers.set(key, login)
    return login
  } catch {
    return null
  }
}

/** A fresh Idempotency-Key for one submit attempt. Works without a secure context too. */
export function newRegistrationKey(): string {
  if (typeof crypto.randomUUID === 'function') return `signup-${crypto.randomUUID()}`
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return `signup-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`
}

export interface RegisterClientInput {
  payload: RegistrationInput
  /** One key per submit attempt; a resend of the same attempt (after a lost answer) keeps it. */
  idempotencyKey: string
}

/**
 * POST /api/client. The public wizard sends no session (a person signing up has none); the staff wizard
 * sends the staff member's, so the server records who added the client; a client adding a company sends
 * theirs, so the company is added to their login. Never queued: offline it fails
 * at once. On success the provider's client lists are read again.
 */
export function useRegisterClient(flavor: WizardFlavor) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ payload, idempotencyKey }: RegisterClientInput) =>
      api.post('/client', payload, {
        schema: RegistrationResultSchema,
        auth: flavor !== 'public',
        headers: { 'Idempotency-Key': idempotencyKey },
      }),
    networkMode: 'always',
    onSuccess: () => queryClient.invalidateQueries({ queryKey: clientKeys.lists() }),
  })
}
