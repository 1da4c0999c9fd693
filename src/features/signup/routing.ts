import { requirePermission } from '~/features/auth'
import { PERM } from '~/lib/permissions'
import { redirect } from '@tanstack/react-router'
import { stepPath, type StepId, type WizardFlavor } from './steps'

/**
 * A wizard step's `beforeLoad`: a visitor whose earlier steps are not complete goes to the first of
 * them instead (typing a later step's address does not skip anything). Route options sit in the app's
 * first chunk, so the form data and its schemas load here, on the wizard's routes only.
 */
export function guardWizardStep(flavor: WizardFlavor, step: StepId): () => Promise<void> {
  // Registering a client for someone else (and charging their card) needs PCE.
  const mayRegister = flavor === 'staff' ? requirePermission(PERM.PCE) : () => {}
  return async () => {
    mayRegister()
    const { reachableStep } = await import('./draft')
    const allowed = reachableStep(flavor, step)
    if (allowed !== step) throw redirect({ to: stepPath(flavor, allowed), replace: true })
  }
}
