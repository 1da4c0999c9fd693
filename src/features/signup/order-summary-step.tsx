import { AFFILIATE_NOT_VALID, COUPON_NOT_VALID } from '@contract/catalogue'
import { REGISTRATION_MESSAGES, type RegistrationInput, type RegistrationResult } from '@contract/clients'
import { orderLines, orderTotals, toRegistrationPayload, type SignupForm } from '@contract/signup'
import { useQuery, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useRef, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import * as v from 'valibot'
import { ApiError, errorMessage, NetworkError, OfflineError } from '~/lib/api-client'
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
import { neighbours, stepPath, type StepId, type WizardFlavor } from './steps'
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
      step: emailTaken ? 'personal' : stepOfIssue(error.issues[0]?.path),
      signIn: emailTaken && flavor === 'public',
    }
  }
  return { title: 'The registration was not completed', text: errorMessage(error) }
}

/** The earlier steps' values as the payload needs them (trimmed, e-mail lower-cased), or the first step to fix. */
function completeForm(flavor: WizardFlavor, draft: SignupDraft, expiry: string): { form: SignupForm } | { step: StepId } {
  const company = v.safeParse(CompanyStepSchema, draft)
  if (!company.success) return { step: 'company' }
  const address = v.safeParse(AddressStepSchema, draft)
  if (!address.success) return { step: 'address' }
  const personal = v.safeParse(personalStepSchema(flavor), draft)
  if (!personal.success) return { step: 'personal' }
  return {
    form: {
      ...(company.output as v.InferOutput<typeof CompanyStepSchema>),
      ...(address.output as v.InferOutput<typeof AddressStepSchema>),
      ...(personal.output as Pick<
        SignupForm,
        'firstName' | 'lastName' | 'mobile' | 'country' | 'city' | 'state' | 'zipCode' | 'address' | 'email' | 'password'
      >),
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

  const [failure, setFailure] = useState<Failure | null>(null)
  // The registration that went through: the wizard shows its Done step until the user moves on.
  const [done, setDone] = useState<{ result: RegistrationResult; companyName: string; email: string } | null>(null)
  // The attempt whose answer was lost on the way: sent again as it was (same key, same token).
  const unanswered = useRef<{ fingerprint: string; key: string; payload: RegistrationInput } | null>(null)

  const catalogue = [...addressServices, ...addons]
  const lines = orderLines(catalogue, [draft.companyAddress.servicePackageId, ...draft.addonServices])
  const addressLine = lines.find((line) => String(line.servicePackageId) === draft.companyAddress.servicePackageId)
  const totals = orderTotals(lines, coupon.data ?? null)
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
    const complete = completeForm(flavor, draft, expiry)
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
        })
        attempt = { fingerprint, key: newRegistrationKey(), payload }
      }
      unanswered.current = attempt
      const result = await register.mutateAsync({ payload: attempt.payload, idempotencyKey: attempt.key })
      unanswered.current = null
      setDone({ result, companyName: form.companyName, email: form.email })
      clearDraft(flavor)
      toast('success', REGISTRATION_MESSAGES.success)
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

  const submitLabel = `Pay ${formatMoney(totals.total)} and ${flavor === 'public' ? 'register' : 'add client'}`

  return (
    <WizardFrame
      flavor={flavor}
      step="order"
      busy={submitting}
      intro={
        flavor === 'public'
          ? 'Review your order, add extras, and pay to finish setting up your company.'
          : 'Review the order, add extras, and take the first payment.'
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
            Billed to {draft.firstName} {draft.lastName}, {draft.address}, {draft.city}, {draft.state} {draft.zipCode}. The card is charged{' '}
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
