import type { RegistrationResult } from '@contract/clients'
import { useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useEffect, useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { formatMoney } from '~/lib/money'
import type { WizardFlavor } from './steps'

const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '3', mt: '6' })

/** What the Done step says, per wizard: what happened and what comes next. */
export const DONE_TEXT = {
  public: { title: 'Your account is ready', next: 'Sign in' },
  staff: { title: 'Client added', next: 'Open the client' },
  company: { title: 'Company added', next: 'Open its dashboard' },
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
  if (flavor === 'company') return <CompanyAdded result={result} companyName={companyName} paid={paid} />
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
        {companyName} is registered. {paid}{' '}
        {result.newLogin === false
          ? `${email} already signs in to the portal: the company is added to that login, and they were told by e-mail.`
          : `An invitation to choose a password went to ${email}; its link is valid for 7 days.`}
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

/**
 * A company added to the person's own login, when switching to it did not go through at once (the
 * wizard normally opens its dashboard straight away): the switch, offered again.
 */
function CompanyAdded({ result, companyName, paid }: { result: RegistrationResult; companyName: string; paid: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const nextRef = useRef<HTMLButtonElement>(null)
  const [failed, setFailed] = useState(false)
  const [busy, setBusy] = useState(false)
  useEffect(() => nextRef.current?.focus(), [])
  async function open() {
    setBusy(true)
    setFailed(false)
    try {
      const { openAddedCompany } = await import('~/features/companies/api')
      await openAddedCompany(queryClient, result.clientId)
      void navigate({ to: '/client/dashboard' })
    } catch {
      setFailed(true)
    } finally {
      setBusy(false)
    }
  }
  return (
    <>
      <Alert status="success" title={DONE_TEXT.company.title}>
        {companyName} is added to your login. {paid} Switch to it from the company menu at the top of the page, or open it here.
      </Alert>
      {failed && (
        <Alert status="danger" title="The company could not be opened">
          Check the connection and try again.
        </Alert>
      )}
      <div className={actions}>
        <Button ref={nextRef} size="lg" loading={busy} onClick={() => void open()}>
          {DONE_TEXT.company.next}
        </Button>
      </div>
    </>
  )
}
