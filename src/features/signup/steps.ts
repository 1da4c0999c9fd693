/**
 * The three wizards, built from the same four steps:
 * - public sign-up under /signup/: Company Details, Choose Address, Personal Information, Order Summary;
 * - staff add-client under /provider/add-client/: Personal Information, Company Information, Choose
 *   Address, Order Summary;
 * - a signed-in client adding a company to their own login under /client/add-company/ (the sign-up
 *   opened while signed in as a client goes there): Company Details, Choose Address, Order Summary. There
 *   is no Personal Information: the login is theirs, and the new company's contact and address on file
 *   are those of the company the session is in (changed later in its profile).
 * The progress bar adds a last column, "Done", reached on success.
 */
export type WizardFlavor = 'public' | 'staff' | 'company'
export type StepId = 'company' | 'address' | 'personal' | 'order'

export const STEP_PATHS = {
  public: {
    company: '/signup/company-details',
    address: '/signup/choose-address',
    personal: '/signup/personal-information',
    order: '/signup/order-summary',
  },
  staff: {
    company: '/provider/add-client/company-information',
    address: '/provider/add-client/choose-address',
    personal: '/provider/add-client/personal-information',
    order: '/provider/add-client/order-summary',
  },
  company: {
    company: '/client/add-company/company-details',
    address: '/client/add-company/choose-address',
    // Not a step of this wizard (see STEP_ORDER): what its fields would fix is the company's profile.
    personal: '/client/add-company/company-details',
    order: '/client/add-company/order-summary',
  },
} as const

export type StepPath = (typeof STEP_PATHS)[WizardFlavor][StepId]

export const STEP_ORDER: Record<WizardFlavor, readonly StepId[]> = {
  public: ['company', 'address', 'personal', 'order'],
  staff: ['personal', 'company', 'address', 'order'],
  company: ['company', 'address', 'order'],
}

const STEP_TITLES: Record<WizardFlavor, Record<StepId, string>> = {
  public: { company: 'Company Details', address: 'Choose Address', personal: 'Personal Information', order: 'Order Summary' },
  staff: { company: 'Company Information', address: 'Choose Address', personal: 'Personal Information', order: 'Order Summary' },
  company: { company: 'Company Details', address: 'Choose Address', personal: 'Personal Information', order: 'Order Summary' },
}

export const DONE_TITLE = 'Done'

/** The wizard's heading: the client's own sign-up, staff adding a client, or a client adding a company. */
export const WIZARD_TITLES: Record<WizardFlavor, string> = { public: 'Setup Your Company', staff: 'Add Client', company: 'Add a Company' }

export function stepTitle(flavor: WizardFlavor, step: StepId): string {
  return STEP_TITLES[flavor][step]
}

export function stepPath(flavor: WizardFlavor, step: StepId): StepPath {
  return STEP_PATHS[flavor][step]
}

export function stepIndex(flavor: WizardFlavor, step: StepId): number {
  return STEP_ORDER[flavor].indexOf(step)
}

/** The step before and after `step`, or null at either end. */
export function neighbours(flavor: WizardFlavor, step: StepId): { previous: StepId | null; next: StepId | null } {
  const order = STEP_ORDER[flavor]
  const index = order.indexOf(step)
  return { previous: order[index - 1] ?? null, next: order[index + 1] ?? null }
}
