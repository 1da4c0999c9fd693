import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { getSession, subscribeSession } from '~/lib/session'
import { EMPTY_DRAFT, STEP_SCHEMAS, StoredDraftSchema, type SignupDraft } from './schemas'
import { STEP_ORDER, type StepId, type WizardFlavor } from './steps'

/**
 * The wizard's form data between steps, kept in session storage so a reload keeps it (DECISIONS.md):
 * one tab's store, gone when the tab closes, cleared after a successful registration. The card is never
 * part of it. The staff wizard's draft belongs to the staff member who typed it: another user signed
 * in on the same tab starts afresh, and signing out removes it.
 */
const STORAGE_KEYS: Record<WizardFlavor, string> = { public: 'signup-form', staff: 'add-client-form' }

const StoredSchema = v.object({
  owner: v.nullable(v.number()),
  values: v.unknown(),
})

/** The parsed draft of a flavor, with the stored text and owner it was read from. */
type Entry = { owner: number | null; raw: string | null; draft: SignupDraft }
const entries: Partial<Record<WizardFlavor, Entry>> = {}
const listeners = new Set<() => void>()

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage
  } catch {
    return null // storage disabled: the draft lives in memory only
  }
}

function readRaw(flavor: WizardFlavor): string | null {
  try {
    return storage()?.getItem(STORAGE_KEYS[flavor]) ?? null
  } catch {
    return null
  }
}

function ownerOf(flavor: WizardFlavor): number | null {
  return flavor === 'staff' ? (getSession()?.user.id ?? null) : null
}

function parseStored(raw: string | null, owner: number | null): SignupDraft {
  if (!raw) return EMPTY_DRAFT
  try {
    const stored = v.parse(StoredSchema, JSON.parse(raw))
    if (stored.owner !== owner) return EMPTY_DRAFT
    return v.parse(StoredDraftSchema, stored.values ?? {})
  } catch {
    return EMPTY_DRAFT
  }
}

function emit() {
  for (const listener of listeners) listener()
}

/** The draft of a wizard as it stands (the same object until it changes). */
export function getDraft(flavor: WizardFlavor): SignupDraft {
  const owner = ownerOf(flavor)
  const raw = readRaw(flavor)
  const entry = entries[flavor]
  if (entry && entry.owner === owner && entry.raw === raw) return entry.draft
  const draft = parseStored(raw, owner)
  entries[flavor] = { owner, raw, draft }
  return draft
}

/** Merges `patch` into the draft and stores it. */
export function saveDraft(flavor: WizardFlavor, patch: Partial<SignupDraft>): void {
  const owner = ownerOf(flavor)
  const current = getDraft(flavor)
  const draft: SignupDraft = { ...current, ...patch }
  if (JSON.stringify(draft) === JSON.stringify(current)) return
  try {
    storage()?.setItem(STORAGE_KEYS[flavor], JSON.stringify({ owner, values: draft }))
  } catch {
    // storage full or disabled: the draft still lives in memory for this page
  }
  entries[flavor] = { owner, raw: readRaw(flavor), draft }
  emit()
}

/** Forgets the draft (after a successful registration). */
export function clearDraft(flavor: WizardFlavor): void {
  try {
    storage()?.removeItem(STORAGE_KEYS[flavor])
  } catch {
    // nothing stored
  }
  entries[flavor] = { owner: ownerOf(flavor), raw: readRaw(flavor), draft: EMPTY_DRAFT }
  emit()
}

export function subscribeDraft(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** The draft, re-rendering when it changes. */
export function useDraft(flavor: WizardFlavor): SignupDraft {
  return useSyncExternalStore(
    subscribeDraft,
    () => getDraft(flavor),
    () => getDraft(flavor),
  )
}

/** Whether a step's values in the draft pass its schema. The order summary is complete only on success. */
export function isStepComplete(step: StepId, draft: SignupDraft): boolean {
  if (step === 'order') return false
  return v.safeParse(STEP_SCHEMAS[step], draft).success
}

/**
 * The step a visitor asking for `target` may see: `target` itself when every step before it is
 * complete, else the first incomplete one. A step cannot be skipped by typing its address.
 */
export function reachableStep(flavor: WizardFlavor, target: StepId, draft: SignupDraft = getDraft(flavor)): StepId {
  for (const step of STEP_ORDER[flavor]) {
    if (step === target) return target
    if (!isStepComplete(step, draft)) return step
  }
  return target
}

if (typeof window !== 'undefined') {
  // Signing out (or the session ending) takes the staff member's unfinished client with it.
  let signedIn = getSession() !== null
  subscribeSession(() => {
    const now = getSession() !== null
    if (signedIn && !now) clearDraft('staff')
    signedIn = now
  })
}
