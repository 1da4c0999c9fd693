import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { button } from 'styled-system/recipes'
import { secondFactorsQueryOptions } from '~/features/auth'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { dismissSuggestion, hasSecondFactor, suggestionDismissed } from './second-factor-suggestion-state'

/** Second factors change on the Security page, which refreshes them; the dashboard need not re-ask often. */
const FACTORS_FRESH_MS = 10 * 60_000

const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '3' })

/**
 * The client dashboard's suggestion to turn on two-step sign-in, for a client without a second factor.
 * It reads the factors only once the dashboard's own figures are in (`ready`) and never after it was
 * dismissed, and shows last on the page, so the page's first paint and layout do not wait for it or move.
 */
export function SecondFactorSuggestion({ userId, ready }: { userId: number; ready: boolean }) {
  const [dismissed, setDismissed] = useState(() => suggestionDismissed(userId))
  const factors = useQuery({ ...secondFactorsQueryOptions(), enabled: ready && !dismissed, staleTime: FACTORS_FRESH_MS, refetchOnWindowFocus: false })
  if (dismissed || !factors.data || hasSecondFactor(factors.data)) return null
  const dismiss = () => {
    dismissSuggestion(userId)
    setDismissed(true)
  }
  return (
    <section aria-label="Two-step sign-in">
      <Alert status="info" title="Protect your account with two-step sign-in">
        Your documents and payments are behind your password alone. Add a passkey, or a code from an authenticator app on your phone, so that a stolen password
        is not enough to sign in.
        <div className={actions}>
          <Link to="/account-settings/security" className={button({ variant: 'solid', size: 'sm' })}>
            Set up two-step sign-in
          </Link>
          <Button variant="ghost" size="sm" onClick={dismiss}>
            Dismiss
          </Button>
        </div>
      </Alert>
    </section>
  )
}
