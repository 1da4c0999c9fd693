/**
 * The reusable card form (sign-up wizard's order summary, invoice Pay dialog, add-ons):
 *
 *   const card = useCardForm()
 *   <CardFields form={card} />                       // card number and CVV in the processor's frames
 *   <Field label="Expiration date" error={...} required><ExpiryInput value=... onValueChange=... /></Field>
 *   const token = await card.getPaymentToken({ ...parseCardExpiry(expiry), postal_code, name, address1 })
 *   if (!token) return                               // not ready (logged) or refused (shown by the fields)
 *
 * The dialogs that take one payment use CardPaymentDialog, imported by its path
 * (~/features/payments/card-payment-dialog) so the dialog kit stays out of the sign-up step's script.
 *
 * See docs/payments.md.
 */
export { paymentsConfigQueryOptions } from './api'
export { CardFields, type CardFieldsProps } from './card-fields'
export { CardForm, HOSTED_FIELDS_NOT_READY, useCardForm, type CardFormSnapshot, type CardFormStatus } from './card-form'
export { ExpiryInput, type ExpiryInputProps } from './expiry-input'
export { loadHostedFields, type HostedFieldsInstance, type HostedFieldsLibrary, type HostedFieldsState } from './hosted-fields'
export { CARD_EXPIRY_REQUIRED, CardExpirySchema, formatCardExpiry, parseCardExpiry } from '@contract/signup'
export {
  CARD_FORM_NOT_READY_TEXT,
  CardPaymentFields,
  toBillingDetails,
  useCardSubmit,
  type BillingDetails,
  type CardFailure,
  type CardSubmit,
  type CardSubmitOptions,
  type TokenResult,
} from './use-card-submit'
