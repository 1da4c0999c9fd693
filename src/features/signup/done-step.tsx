import type { RegistrationResult } from '@contract/clients'
import { Link } from '@tanstack/react-router'
import { useEffect, useRef } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Alert } from '~/ui/alert'
import { formatMoney } from '~/lib/money'
import type { WizardFlavor } from './steps'

const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '6' })

/** What the Done step says, per wizard: what happened and what comes next. */
export const DONE_TEXT = {
  public: { title: 'Your account is ready', next: 'Sign in' },
  staff: { title: 'Client added', next: 'Open the client' },
} as const

export type DoneStepProps = {
  flavor: WizardFlavor
  result: RegistrationResult
  /** The company just registered, for the staff wording. */
  companyName: string
  /** The e-mail the new account signs in with. */
  email: string
}

/**
 * The wizard's fifth column after a successful registration: what was done and the one next step
 * (sign in, or open the new client). The wizard stays here until the user follows it, so the progress
 * bar's "Done" is reached and read, not skipped by a redirect.
 */
export function DoneStep({ flavor, result, companyName, email }: DoneStepProps) {
  const nextRef = useRef<HTMLAnchorElement>(null)
  // The submit button that had focus is gone: focus the next step so keyboard and screen-reader users land on it.
  useEffect(() => nextRef.current?.focus(), [])
  const text = DONE_TEXT[flavor]
  const paid = `${formatMoney(result.total)} was charged to the card and invoice ${result.invoiceNumber} is paid.`
  if (flavor === 'public') {
    return (
      <>
        <Alert status="success" title={text.title}>
          {paid} Sign in with {email} and the password you chose to read your mail, invoices and documents.
        </Alert>
        <div className={actions}>
          <Link ref={nextRef} to="/login" replace className={button({ variant: 'solid', size: 'lg' })}>
            {text.next}
          </Link>
        </div>
      </>
    )
  }
  return (
    <>
      <Alert status="success" title={text.title}>
        {companyName} is registered. {paid} An invitation to choose a password went to {email}; its link is valid for 7 days.
      </Alert>
      <div className={actions}>
        <Link ref={nextRef} to="/provider/clients/$id" params={{ id: String(result.clientId) }} className={button({ variant: 'solid', size: 'lg' })}>
          {text.next}
        </Link>
        <Link to="/provider/clients" className={button({ variant: 'outline', size: 'lg' })}>
          Back to clients
        </Link>
      </div>
    </>
  )
}
