import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearSession, setSession, type Session } from '~/lib/session'
import { clearDraft, getDraft, isWizardPath, reachableStep, saveDraft } from './draft'
import { EMPTY_DRAFT, type SignupDraft } from './schemas'

const company: Partial<SignupDraft> = { companyName: 'Coral Reef LLC', businessEntityType: '3', notifyLawSuit: 'no', hireUs: 'yes' }
const address: Partial<SignupDraft> = { companyAddress: { serviceId: '1', servicePackageId: '2' } }
const personal: Partial<SignupDraft> = {
  firstName: 'Marta',
  lastName: 'Reyes',
  mobile: '+13055550142',
  country: '1',
  city: 'Miami Beach',
  state: 'FL',
  zipCode: '33139',
  address: '12 Ocean Dr',
  email: 'marta@example.test',
  password: 'Coral-reef-2026!',
  confirmPassword: 'Coral-reef-2026!',
}

function staffSession(userId: number): Session {
  return {
    token: 'token',
    remember: false,
    permissions: [],
    user: {
      id: userId,
      firstName: 'Alex',
      lastName: 'Admin',
      email: `staff${userId}@demo.test`,
      role: 'Super Admin',
      clientId: null,
      agentId: 1,
      roleId: 1,
      roleType: 'agent',
      companyName: null,
    },
  }
}

beforeEach(() => {
  sessionStorage.clear()
  clearDraft('public')
  clearDraft('staff')
})
afterEach(() => clearSession())

describe('the wizard form data', () => {
  it('is kept in session storage, without the card, so a reload finds it', () => {
    saveDraft('public', { ...company, ...address })
    const stored = JSON.parse(sessionStorage.getItem('signup-form') ?? 'null')
    expect(stored.values).toMatchObject({ companyName: 'Coral Reef LLC', companyAddress: { servicePackageId: '2' } })
    expect(Object.keys(stored.values)).not.toContain('cardExpiry')
    expect(getDraft('public').companyName).toBe('Coral Reef LLC')
  })

  it('is cleared after success', () => {
    saveDraft('public', company)
    clearDraft('public')
    expect(sessionStorage.getItem('signup-form')).toBeNull()
    expect(getDraft('public')).toEqual(EMPTY_DRAFT)
  })

  it('reads a tampered store leniently rather than failing', () => {
    sessionStorage.setItem('signup-form', '{"owner":null,"values":{"companyName":42,"notifyLawSuit":"maybe","addonServices":"x"}}')
    const draft = getDraft('public')
    expect(draft.companyName).toBe('')
    expect(draft.notifyLawSuit).toBe('no')
    expect(draft.addonServices).toEqual([])
  })

  it("keeps a staff member's unfinished client from another user of the tab, and drops it on signing out", () => {
    setSession(staffSession(7))
    saveDraft('staff', company)
    expect(getDraft('staff').companyName).toBe('Coral Reef LLC')
    setSession(staffSession(8))
    expect(getDraft('staff').companyName).toBe('')
    setSession(staffSession(7))
    expect(getDraft('staff').companyName).toBe('Coral Reef LLC')
    clearSession()
    expect(sessionStorage.getItem('add-client-form')).toBeNull()
  })
})

describe('passwords in the draft', () => {
  it('are kept in memory only: session storage never holds them, for either wizard', () => {
    saveDraft('public', { ...company, ...address, ...personal })
    setSession(staffSession(7))
    saveDraft('staff', personal)
    for (const key of ['signup-form', 'add-client-form']) {
      const text = sessionStorage.getItem(key) ?? ''
      expect(text).toContain('marta@example.test')
      expect(text).not.toContain('Coral-reef-2026!')
    }
    expect(getDraft('public')).toMatchObject({ password: 'Coral-reef-2026!', confirmPassword: 'Coral-reef-2026!', email: 'marta@example.test' })
    expect(reachableStep('public', 'order')).toBe('order')
  })

  it('are typed again after a reload: the rest of Personal Information stays, the step is incomplete', async () => {
    saveDraft('public', { ...company, ...address, ...personal })
    vi.resetModules()
    const fresh = await import('./draft')
    expect(fresh.getDraft('public')).toMatchObject({ email: 'marta@example.test', password: '', confirmPassword: '' })
    expect(fresh.reachableStep('public', 'order')).toBe('personal')
  })

  it('are not asked by the staff wizard: its Personal Information is complete without them', () => {
    setSession(staffSession(7))
    saveDraft('staff', { ...personal, password: '', confirmPassword: '', ...company, ...address })
    expect(getDraft('staff').password).toBe('')
    expect(reachableStep('staff', 'order')).toBe('order')
    // The public sign-up still needs them.
    saveDraft('public', { ...personal, password: '', confirmPassword: '', ...company, ...address })
    expect(reachableStep('public', 'order')).toBe('personal')
  })

  it('go with the draft when it is cleared (leaving the wizard)', () => {
    saveDraft('public', { ...company, ...personal })
    clearDraft('public')
    expect(getDraft('public').password).toBe('')
    expect(sessionStorage.getItem('signup-form')).toBeNull()
    expect(isWizardPath('public', '/signup/order-summary')).toBe(true)
    expect(isWizardPath('public', '/login')).toBe(false)
    expect(isWizardPath('staff', '/provider/add-client/choose-address')).toBe(true)
    expect(isWizardPath('staff', '/provider/clients')).toBe(false)
  })
})

describe('a step typed into the address', () => {
  it('opens only when every earlier step is complete (public order)', () => {
    expect(reachableStep('public', 'order')).toBe('company')
    expect(reachableStep('public', 'company')).toBe('company')
    saveDraft('public', company)
    expect(reachableStep('public', 'personal')).toBe('address')
    saveDraft('public', address)
    expect(reachableStep('public', 'order')).toBe('personal')
    saveDraft('public', personal)
    expect(reachableStep('public', 'order')).toBe('order')
  })

  it('follows the staff order: personal, company, address, order', () => {
    setSession(staffSession(7))
    expect(reachableStep('staff', 'company')).toBe('personal')
    saveDraft('staff', personal)
    expect(reachableStep('staff', 'address')).toBe('company')
    saveDraft('staff', { ...company, ...address })
    expect(reachableStep('staff', 'order')).toBe('order')
  })

  it('counts a step with a broken answer as not done (attorney e-mail missing, passwords differ)', () => {
    saveDraft('public', { ...company, notifyLawSuit: 'yes', attorneyEmail: '', ...address, ...personal })
    expect(reachableStep('public', 'address')).toBe('company')
    saveDraft('public', { attorneyEmail: 'law@example.test', confirmPassword: 'something-else' })
    expect(reachableStep('public', 'order')).toBe('personal')
  })
})
