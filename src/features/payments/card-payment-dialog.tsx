import type { FormEvent, ReactNode } from 'react'
import { useId } from 'react'
import { css } from 'styled-system/css'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { CardPaymentFields, type CardFailure, type CardSubmit } from './use-card-submit'

const formStack = css({ display: 'flex', flexDirection: 'column', gap: '5' })
const billing = css({ fontSize: 'xs', color: 'fg.muted', m: '0' })

/** Whom a card payment is billed to, as the dialogs say it under the card fields. */
export type Payer = { firstName: string; lastName: string; address: string; city: string; stateProvince: string; zipcode: string }

export type CardPaymentDialogProps = {
  title: ReactNode
  description: ReactNode
  payment: CardSubmit
  /** What is being paid for, above the card fields. */
  children?: ReactNode
  payer?: Payer
  failure: CardFailure | null
  payLabel: string
  payDisabled?: boolean
  /** Between what is paid for and the card fields: the choice of a saved card. */
  cardChoice?: ReactNode
  /** False when a saved card is chosen: no card fields (and the processor's frames are not loaded). */
  showCardFields?: boolean
  /** Under the card fields: "Save this card". */
  afterCardFields?: ReactNode
  onSubmit: () => void
  onClose: () => void
}

/**
 * The frame of a dialog that takes one card payment (Pay Invoices, an add-on): what is paid for, the
 * card fields, whom it is billed to, the failure beside the fields, and Cancel / Pay. A payment on its
 * way is not abandoned by a stray click or Escape.
 */
export function CardPaymentDialog({
  title,
  description,
  payment,
  children,
  payer,
  failure,
  payLabel,
  payDisabled,
  cardChoice,
  showCardFields = true,
  afterCardFields,
  onSubmit,
  onClose,
}: CardPaymentDialogProps) {
  const formId = useId()
  const { submitting } = payment
  return (
    <Dialog.Open onClose={onClose} busy={submitting} size="lg">
      <Dialog.Content>
        <Dialog.Header>{title}</Dialog.Header>
        <Dialog.Description>{description}</Dialog.Description>
        <Dialog.Body>
          <form
            id={formId}
            className={formStack}
            noValidate
            onSubmit={(event: FormEvent<HTMLFormElement>) => {
              event.preventDefault()
              onSubmit()
            }}
          >
            {children}
            {cardChoice}
            {showCardFields && <CardPaymentFields payment={payment} />}
            {showCardFields && afterCardFields}
            {payer && (
              <p className={billing}>
                Billed to {payer.firstName} {payer.lastName}, {payer.address}, {payer.city}, {payer.stateProvince} {payer.zipcode}
              </p>
            )}
            {failure && (
              <Alert status="danger" title={failure.title}>
                {failure.text}
              </Alert>
            )}
          </form>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={submitting}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={submitting} disabled={payDisabled}>
            {payLabel}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Open>
  )
}
