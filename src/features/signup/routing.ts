import { requirePermission } from '~/features/auth'
import { PERM } from '~/lib/permissions'
import { getSession, userKind } from '~/lib/session'
import { redirect } from '@tanstack/react-router'
import { stepPath, type StepId, type WizardFlavor } from './steps'

/**
 * A wizard step's `beforeLoad`: a visitor whose earlier steps are not complete goes to the first of
 * them instead (typing a later step's address does not skip anything). A client signed in who opens the
 * public sign-up goes to the wizard that adds a company to their login. Route options sit in the app's
 * first chunk, so the form data and its schemas load here, on the wizard's routes only.
 */
export function guardWizardStep(flavor: WizardFlavor, step: StepId): () => Promise<void> {
  // Registering a client for someone else (and charging their card) needs PCE.
  const mayRegister = flavor === 'staff' ? requirePermission(PERM.PCE) : () => {}
  return async () => {
    mayRegister()
    // The sign-up opened while signed in as a client adds the company to that login: its own wizard,
    // without the Personal Information step (the login exists).
    const session = flavor === 'public' ? getSession() : null
    if (session && userKind(session.user) === 'client') {
      throw redirect({ to: stepPath('company', step === 'personal' ? 'company' : step), replace: true })
    }
    const { reachableStep } = await import('./draft')
    const allowed = reachableStep(flavor, step)
    if (allowed !== step) throw redirect({ to: stepPath(flavor, allowed), replace: true })
  }
}
