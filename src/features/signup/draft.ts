import { useSyncExternalStore } from 'react'
import * as v from 'valibot'
import { getSession, subscribeSession } from '~/lib/session'
import { EMPTY_DRAFT, stepSchema, StoredDraftSchema, type SignupDraft } from './schemas'
import { STEP_ORDER, type StepId, type WizardFlavor } from './steps'

/**
 * The wizard's form data between steps, kept in session storage so a reload keeps it:
 * one tab's store, gone when the tab closes, cleared after a successful registration and when the
 * person leaves the wizard. The card is never part of it, and neither are the passwords: they live in
 * this page's memory only (after a reload they are typed again). The staff wizard's draft belongs to
 * the staff member who typed it: another user signed in on the same tab starts afresh, and signing out
 * removes it. So does a client's draft of a company added to their login.
 */
const STORAGE_KEYS: Record<WizardFlavor, string> = { public: 'signup-form', staff: 'add-client-form', company: 'add-company-form' }

/** Fields never written to storage. */
export const MEMORY_ONLY_FIELDS = ['password', 'confirmPassword'] as const
type MemoryOnly = Pick<SignupDraft, (typeof MEMORY_ONLY_FIELDS)[number]>

const StoredSchema = v.object({
  owner: v.nullable(v.number()),
  values: v.unknown(),
})

/** The parsed draft of a flavor, with the stored text, owner and in-memory fields it was built from. */
type Entry = { owner: number | null; raw: string | null; memory: Secrets | undefined; draft: SignupDraft }
type Secrets = { owner: number | null; values: Partial<MemoryOnly> }
const entries: Partial<Record<WizardFlavor, Entry>> = {}
const secrets: Partial<Record<WizardFlavor, Secrets>> = {}
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
  return flavor === 'public' ? null : (getSession()?.user.id ?? null)
}

function parseStored(raw: string | null, owner: number | null): SignupDraft {
  if (!raw) return EMPTY_DRAFT
  try {
    const stored = v.parse(StoredSchema, JSON.parse(raw))
    if (stored.owner !== owner) return EMPTY_DRAFT
    return withoutMemoryOnly(v.parse(StoredDraftSchema, stored.values ?? {}))
  } catch {
    return EMPTY_DRAFT
  }
}

/** The draft as it may be stored: the passwords left empty. */
function withoutMemoryOnly(draft: SignupDraft): SignupDraft {
  const copy = { ...draft }
  for (const field of MEMORY_ONLY_FIELDS) copy[field] = EMPTY_DRAFT[field]
  return copy
}

function emit() {
  for (const listener of listeners) listener()
}

/** The draft of a wizard as it stands (the same object until it changes). */
export function getDraft(flavor: WizardFlavor): SignupDraft {
  const owner = ownerOf(flavor)
  const raw = readRaw(flavor)
  const memory = secrets[flavor]
  const entry = entries[flavor]
  if (entry && entry.owner === owner && entry.raw === raw && entry.memory === memory) return entry.draft
  const stored = parseStored(raw, owner)
  const draft = memory && memory.owner === owner ? { ...stored, ...memory.values } : stored
  entries[flavor] = { owner, raw, memory, draft }
  return draft
}

/** Merges `patch` into the draft: the passwords into memory, the rest into storage. */
export function saveDraft(flavor: WizardFlavor, patch: Partial<SignupDraft>): void {
  const owner = ownerOf(flavor)
  const current = getDraft(flavor)
  const draft: SignupDraft = { ...current, ...patch }
  if (JSON.stringify(draft) === JSON.stringify(current)) return
  const memoryValues: Partial<MemoryOnly> = {}
  for (const field of MEMORY_ONLY_FIELDS) memoryValues[field] = draft[field]
  secrets[flavor] = { owner, values: memoryValues }
  try {
    storage()?.setItem(STORAGE_KEYS[flavor], JSON.stringify({ owner, values: withoutMemoryOnly(draft) }))
  } catch {
    // storage full or disabled: the draft still lives in memory for this page
  }
  entries[flavor] = { owner, raw: readRaw(flavor), memory: secrets[flavor], draft }
  emit()
}

/** Forgets the draft, stored and in memory (after a successful registration, or on leaving the wizard). */
export function clearDraft(flavor: WizardFlavor): void {
  try {
    storage()?.removeItem(STORAGE_KEYS[flavor])
  } catch {
    // nothing stored
  }
  delete secrets[flavor]
  entries[flavor] = { owner: ownerOf(flavor), raw: readRaw(flavor), memory: undefined, draft: EMPTY_DRAFT }
  emit()
}

/** Pages of a wizard, by the start of their path. */
const WIZARD_PATH_PREFIX: Record<WizardFlavor, string> = { public: '/signup/', staff: '/provider/add-client/', company: '/client/add-company/' }

/** Is this path a page of the wizard (one of its steps)? */
export function isWizardPath(flavor: WizardFlavor, pathname: string): boolean {
  return pathname.startsWith(WIZARD_PATH_PREFIX[flavor]) || pathname === WIZARD_PATH_PREFIX[flavor].slice(0, -1)
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
export function isStepComplete(flavor: WizardFlavor, step: StepId, draft: SignupDraft): boolean {
  if (step === 'order') return false
  return v.safeParse(stepSchema(flavor, step), draft).success
}

/**
 * The step a visitor asking for `target` may see: `target` itself when every step before it is
 * complete, else the first incomplete one. A step cannot be skipped by typing its address.
 */
export function reachableStep(flavor: WizardFlavor, target: StepId, draft: SignupDraft = getDraft(flavor)): StepId {
  for (const step of STEP_ORDER[flavor]) {
    if (step === target) return target
    if (!isStepComplete(flavor, step, draft)) return step
  }
  return target
}

if (typeof window !== 'undefined') {
  // Signing out (or the session ending) takes the staff member's unfinished client, and a client's
  // unfinished company, with it.
  let signedIn = getSession() !== null
  subscribeSession(() => {
    const now = getSession() !== null
    if (signedIn && !now) {
      clearDraft('staff')
      clearDraft('company')
    }
    signedIn = now
  })
}
