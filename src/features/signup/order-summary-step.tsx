import { AFFILIATE_NOT_VALID, COUPON_NOT_VALID } from '@contract/catalogue'
import { REGISTRATION_MESSAGES, type RegistrationInput, type RegistrationResult } from '@contract/clients'
import { orderLines, orderTotals, toRegistrationPayload, type SignupForm } from '@contract/signup'
import { useQuery, useQueryClient, useSuspenseQuery, type QueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useRef, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { ApiError, errorMessage, NetworkError, OfflineError } from '~/lib/api-client'
import { useSession } from '~/lib/session'
import { clientQueryOptions } from '~/features/clients'
import { requestToaster } from '~/lib/toaster-host'
import { CardPaymentFields, toBillingDetails, useCardSubmit } from '~/features/payments'
import { Alert } from '~/ui/alert'
import { affiliateQueryOptions, couponQueryOptions, newRegistrationKey, servicesQueryOptions, signupKeys, useRegisterClient } from './api'
import { DoneStep } from './done-step'
import { clearDraft, saveDraft, useDraft } from './draft'
import { formatMoney } from '~/lib/money'
import { AddonPicker, FailureAlert, inlineLink, OrderLinesTable, type Failure } from './order-summary-parts'
import { PromoCodeField } from './promo-code-field'
import { AddressStepSchema, CompanyStepSchema, personalStepSchema, type SignupDraft } from './schemas'
import { neighbours, STEP_ORDER, stepPath, type StepId, type WizardFlavor } from './steps'
import { StepActions, WizardFrame } from './wizard-frame'

/** Sign-up never waits in a queue for the network: offline, the page says so. */
export const CONNECTION_NEEDED = 'Registering needs an internet connection. Connect and try again; nothing has been charged.'
const NOT_CHARGED = 'Nothing was charged'

const section = css({ display: 'grid', gap: '4', pb: '6', mb: '6', borderBottomWidth: '1px', borderColor: 'border.default' })
const sectionHeading = css({ fontSize: 'md', fontWeight: 'bold', m: '0' })
const codes = css({ display: 'grid', gap: '5', gridTemplateColumns: { base: '1fr', md: 'repeat(2, minmax(0, 1fr))' } })
const muted = css({ fontSize: 'xs', color: 'fg.muted', m: '0' })

/**
 * Toasts load on demand: the toaster is not part of this page's first load (its script budget). A
 * success dismisses the errors of earlier attempts (a declined card before the one that went through).
 */
function toast(kind: 'success' | 'error', message: string) {
  requestToaster()
  void import('~/ui/toaster').then(({ notify }) => {
    if (kind === 'success') notify.dismissErrors()
    notify[kind](message)
  })
}

/** The wizard step holding the field a server refusal points at (its issue path). */
function stepOfIssue(path: string | undefined): StepId | undefined {
  if (!path) return undefined
  if (path.startsWith('userInformation')) return 'personal'
  if (path.startsWith('serviceSubscriptions')) return 'address'
  if (/^clientInformation\.(companyName|businessType|attorneyEmail|notifyAttorney|changeAgent)/.test(path)) return 'company'
  if (path.startsWith('clientInformation.affiliated_id')) return undefined
  if (path.startsWith('clientInformation')) return 'personal'
  return undefined
}

const SUBMIT_WORDS: Record<WizardFlavor, string> = { public: 'register', staff: 'add client', company: 'add the company' }

/**
 * A client adding a company: the contact and address on file of the company the session is in, which
 * the new company starts with (its profile changes them later), and the person's own e-mail.
 */
function useCompanyContact(flavor: WizardFlavor): PersonalFields | null {
  const session = useSession()
  const clientId = flavor === 'company' ? session?.user.clientId : null
  const profile = useQuery({ ...clientQueryOptions(clientId ?? 0), enabled: clientId != null })
  if (!clientId || !profile.data || !session) return null
  const p = profile.data
  return {
    firstName: p.firstName,
    lastName: p.lastName,
    mobile: p.phone,
    country: p.country == null ? '' : String(p.country),
    city: p.city,
    state: p.stateProvince,
    zipCode: p.zipcode,
    address: p.address,
    email: session.user.email,
  }
}

/** Switches the session to the company just added (false when that failed: the Done step offers it again). */
async function openNewCompany(queryClient: QueryClient, clientId: number): Promise<boolean> {
  try {
    const { openAddedCompany } = await import('~/features/companies/api')
    await openAddedCompany(queryClient, clientId)
    return true
  } catch {
    return false
  }
}

/** The step, when the wizard has it (a client adding a company has no Personal Information). */
const inWizard = (flavor: WizardFlavor, step: StepId | undefined) => (step && STEP_ORDER[flavor].includes(step) ? step : undefined)

/** What to say after a failed registration. The toast carries the server's details text. */
function describeFailure(error: unknown, flavor: WizardFlavor): Failure {
  if (error instanceof OfflineError) return { title: NOT_CHARGED, text: CONNECTION_NEEDED }
  if (error instanceof NetworkError) {
    return {
      title: 'The answer from the server did not arrive',
      text: 'Submit again when the connection is back: the same order is sent again, and the card is never charged twice.',
    }
  }
  if (error instanceof ApiError) {
    const text = error.details || error.detail
    const emailTaken = error.status === 409 && error.detail === REGISTRATION_MESSAGES.emailTaken
    return {
      title: error.detail === text ? 'The registration was not completed' : error.detail,
      text,
      step: inWizard(flavor, emailTaken ? 'personal' : stepOfIssue(error.issues[0]?.path)),
      signIn: emailTaken && flavor === 'public',
    }
  }
  return { title: 'The registration was not completed', text: errorMessage(error) }
}

type PersonalFields = Pick<SignupForm, 'firstName' | 'lastName' | 'mobile' | 'country' | 'city' | 'state' | 'zipCode' | 'address' | 'email' | 'password'>

/**
 * The earlier steps' values as the payload needs them (trimmed, e-mail lower-cased), or the first step to
 * fix. A client adding a company has no Personal Information step: `contact` (the current company's
 * contact and address on file) stands for it.
 */
function completeForm(flavor: WizardFlavor, draft: SignupDraft, expiry: string, contact: PersonalFields | null): { form: SignupForm } | { step: StepId } {
  const company = v.safeParse(CompanyStepSchema, draft)
  if (!company.success) return { step: 'company' }
  const address = v.safeParse(AddressStepSchema, draft)
  if (!address.success) return { step: 'address' }
  const personal = flavor === 'company' ? null : v.safeParse(personalStepSchema(flavor), draft)
  if (personal && !personal.success) return { step: 'personal' }
  return {
    form: {
      ...(company.output as v.InferOutput<typeof CompanyStepSchema>),
      ...(address.output as v.InferOutput<typeof AddressStepSchema>),
      ...(personal ? (personal.output as PersonalFields) : contact!),
      addonServices: draft.addonServices,
      couponCode: draft.couponCode,
      cardExpiry: expiry,
    },
  }
}

/**
 * Order Summary: the chosen address package and any add-ons as line items, coupon and affiliate codes
 * verified by the server, the total, and the card (number and CVV in the processor's frames, the expiry
 * typed here). Submitting asks the frames for a one-time token and posts the registration with an
 * Idempotency-Key made once per attempt, so a double click, a retry or a second tab charges once.
 */
export function OrderSummaryStep({ flavor }: { flavor: WizardFlavor }) {
  const navigate = useNavigate()
  const queryClient = useQueryClient()
  const draft = useDraft(flavor)
  const addressServices = useSuspenseQuery(servicesQueryOptions('address')).data
  const addons = useSuspenseQuery(servicesQueryOptions('addon')).data
  const coupon = useQuery({ ...couponQueryOptions(draft.couponCode), enabled: draft.couponCode !== '' })
  const affiliate = useQuery({ ...affiliateQueryOptions(draft.affiliateCode), enabled: draft.affiliateCode !== '' })
  const payment = useCardSubmit({ connectionNeeded: CONNECTION_NEEDED, notChargedTitle: NOT_CHARGED })
  const { online, submitting } = payment
  const register = useRegisterClient(flavor)
  const { previous } = neighbours(flavor, 'order')
  const contact = useCompanyContact(flavor)

  const [failure, setFailure] = useState<Failure | null>(null)
  // The registration that went through: the wizard shows its Done step until the user moves on.
  const [done, setDone] = useState<{ result: RegistrationResult; companyName: string; email: string } | null>(null)
  // The attempt whose answer was lost on the way: sent again as it was (same key, same token).
  const unanswered = useRef<{ fingerprint: string; key: string; payload: RegistrationInput } | null>(null)

  const catalogue = [...addressServices, ...addons]
  const lines = orderLines(catalogue, [draft.companyAddress.servicePackageId, ...draft.addonServices])
  const addressLine = lines.find((line) => String(line.servicePackageId) === draft.companyAddress.servicePackageId)
  const totals = orderTotals(lines, coupon.data ?? null)
  const billed = contact ?? draft
  const codesPending = (draft.couponCode !== '' && !coupon.isSuccess) || (draft.affiliateCode !== '' && !affiliate.isSuccess)

  if (done) {
    return (
      <WizardFrame flavor={flavor} step="order" done>
        <DoneStep flavor={flavor} {...done} />
      </WizardFrame>
    )
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (submitting) return
    setFailure(null)
    const expiry = payment.checkExpiry()
    if (!expiry) return
    if (flavor === 'company' && !contact) {
      setFailure({ title: 'One moment', text: 'The contact details of your company are still loading. Try again in a moment.' })
      return
    }
    const complete = completeForm(flavor, draft, expiry, contact)
    if ('step' in complete) {
      void navigate({ to: stepPath(flavor, complete.step) })
      return
    }
    if (!addressLine) return
    if (codesPending) {
      const checking = (draft.couponCode !== '' && coupon.isPending) || (draft.affiliateCode !== '' && affiliate.isPending)
      setFailure(
        checking
          ? { title: 'Checking the codes', text: 'Wait a moment for the codes to be checked, then pay.' }
          : { title: 'Check the codes', text: 'Remove the coupon or affiliate code that is not valid, or enter a valid one.' },
      )
      return
    }
    if (!online) {
      setFailure(payment.connectionFailure)
      return
    }

    await payment.run(() => send(complete.form, expiry))
  }

  async function send(form: SignupForm, expiry: string) {
    try {
      const fingerprint = JSON.stringify([draft, expiry])
      let attempt = unanswered.current?.fingerprint === fingerprint ? unanswered.current : null
      if (!attempt) {
        const result = await payment.requestToken(expiry, toBillingDetails(form))
        if (result.token === null) {
          if (result.failure) setFailure(result.failure)
          return
        }
        const payload = toRegistrationPayload(form, {
          catalogue,
          couponId: coupon.data?.id ?? 0,
          affiliateId: affiliate.data?.id ?? null,
          leadGeneratedBy: draft.leadGeneratedBy.trim() || null,
          token: result.token,
          ownLogin: flavor === 'company',
        })
        attempt = { fingerprint, key: newRegistrationKey(), payload }
      }
      unanswered.current = attempt
      const result = await register.mutateAsync({ payload: attempt.payload, idempotencyKey: attempt.key })
      unanswered.current = null
      clearDraft(flavor)
      toast('success', flavor === 'company' ? `${form.companyName} is added to your login` : REGISTRATION_MESSAGES.success)
      // A company added to the person's own login: straight into it, on its dashboard.
      if (flavor === 'company' && (await openNewCompany(queryClient, result.clientId))) {
        void navigate({ to: '/client/dashboard' })
        return
      }
      setDone({ result, companyName: form.companyName, email: form.email })
    } catch (error) {
      // Only a lost answer leaves the outcome open; any answer from the server closes the attempt.
      if (!(error instanceof NetworkError) || error instanceof OfflineError) unanswered.current = null
      const described = describeFailure(error, flavor)
      setFailure(described)
      if (error instanceof ApiError) {
        toast('error', described.text)
        // The catalogue changed under the order (a price, a retired package): show the current one.
        if (error.status === 409 || error.status === 422) void queryClient.invalidateQueries({ queryKey: signupKeys.catalogue })
      }
    }
  }

  const submitLabel = `Pay ${formatMoney(totals.total)} and ${SUBMIT_WORDS[flavor]}`

  return (
    <WizardFrame
      flavor={flavor}
      step="order"
      busy={submitting}
      intro={
        flavor === 'staff'
          ? 'Review the order, add extras, and take the first payment.'
          : flavor === 'company'
            ? 'Review your order, add extras, and pay to add the company to your login.'
            : 'Review your order, add extras, and pay to finish setting up your company.'
      }
    >
      <form noValidate onSubmit={submit} aria-busy={submitting || undefined}>
        <section className={section} aria-labelledby="order-lines-heading">
          <h3 id="order-lines-heading" className={sectionHeading}>
            Your order
          </h3>
          {!addressLine && (
            <Alert status="warning" title="Choose an address package">
              The address package chosen earlier is no longer offered.{' '}
              <Link to={stepPath(flavor, 'address')} className={inlineLink}>
                Choose again
              </Link>
              .
            </Alert>
          )}
          <OrderLinesTable lines={lines} totals={totals} couponCode={coupon.data?.code} />
        </section>

        {addons.length > 0 && (
          <section className={section} aria-labelledby="order-addons-heading">
            <h3 id="order-addons-heading" className={sectionHeading}>
              Add-ons
            </h3>
            <AddonPicker
              addons={addons}
              chosen={draft.addonServices}
              disabled={submitting}
              onChange={(addonServices) => saveDraft(flavor, { addonServices })}
            />
          </section>
        )}

        <section className={section} aria-labelledby="order-codes-heading">
          <h3 id="order-codes-heading" className={sectionHeading}>
            Discounts and referrals
          </h3>
          <div className={codes}>
            <PromoCodeField
              key={`coupon-${draft.couponCode}`}
              label="Coupon code"
              code={draft.couponCode}
              check={coupon}
              notValidMessage={COUPON_NOT_VALID}
              appliedText={coupon.data?.description || 'applied'}
              onApply={(code) => saveDraft(flavor, { couponCode: code })}
              onRemove={() => saveDraft(flavor, { couponCode: '' })}
              disabled={submitting}
            />
            <PromoCodeField
              key={`affiliate-${draft.affiliateCode}`}
              label="Affiliate code"
              code={draft.affiliateCode}
              check={affiliate}
              notValidMessage={AFFILIATE_NOT_VALID}
              appliedText="referral recorded"
              helperText="From the partner who referred you, if any."
              onApply={(code) => saveDraft(flavor, { affiliateCode: code })}
              onRemove={() => saveDraft(flavor, { affiliateCode: '' })}
              disabled={submitting}
            />
          </div>
        </section>

        <section className={css({ display: 'grid', gap: '4' })} aria-labelledby="order-payment-heading">
          <h3 id="order-payment-heading" className={sectionHeading}>
            Payment
          </h3>
          <CardPaymentFields payment={payment} />
          <p className={muted}>
            Billed to {billed.firstName} {billed.lastName}, {billed.address}, {billed.city}, {billed.state} {billed.zipCode}. The card is charged{' '}
            {formatMoney(totals.total)} once; the paid invoice appears in the portal.
          </p>
          {failure && <FailureAlert failure={failure} flavor={flavor} />}
        </section>

        <StepActions
          onBack={previous ? () => void navigate({ to: stepPath(flavor, previous) }) : undefined}
          nextLabel={submitLabel}
          submitting={submitting}
          disabled={!addressLine || !online}
        />
      </form>
    </WizardFrame>
  )
}
