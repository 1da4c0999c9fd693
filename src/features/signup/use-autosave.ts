import { getValues, type FormStore } from '@modular-forms/react'
import { effect } from '@preact/signals-react'
import { useEffect } from 'react'
import { saveDraft } from './draft'
import type { SignupDraft } from './schemas'
import type { WizardFlavor } from './steps'

/** The values of a step's form as a draft patch: only what the form holds, as typed. */
export function formPatch(form: FormStore<any, any>): Partial<SignupDraft> {
  const patch: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(getValues(form) as Record<string, unknown>)) {
    if (value !== undefined) patch[key] = value
  }
  return patch as Partial<SignupDraft>
}

/**
 * Keeps the draft in step with a form as the person types, so a reload (or a step left by its
 * progress-bar link) keeps what was typed. Field values are signals: the effect re-runs on each change.
 */
const asIs = (patch: Partial<SignupDraft>) => patch

export function useAutosave(form: FormStore<any, any>, flavor: WizardFlavor, toDraft: (patch: Partial<SignupDraft>) => Partial<SignupDraft> = asIs) {
  useEffect(() => effect(() => saveDraft(flavor, toDraft(formPatch(form)))), [form, flavor, toDraft])
}
