import { useRouter, useRouterState } from '@tanstack/react-router'
import { useEffect } from 'react'
import type { Session } from '~/lib/session'
import { secondFactorSetupRedirect } from './guards'

/**
 * The signed-in layout's half of the set-up guard. The route guard sends staff on at each navigation;
 * this sends them on when the session learns it while a page is open (a renewal after the policy was
 * turned on, or after their own last factor was removed).
 */
export function useSecondFactorSetupGate(session: Session): void {
  const router = useRouter()
  const pathname = useRouterState({ select: (state) => state.location.pathname })
  const required = session.secondFactorSetupRequired === true
  useEffect(() => {
    const target = secondFactorSetupRedirect({ secondFactorSetupRequired: required }, router.state.location)
    if (target) void router.navigate(target)
  }, [required, pathname, router])
}
