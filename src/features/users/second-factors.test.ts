import { describe, expect, it } from 'vitest'
import type { Session } from '~/lib/session'
import { mayResetSecondFactors, secondFactorsText } from './second-factors'

/** A staff user's two-step sign-in on their page, and who is offered its reset (as the server allows it). */

const session = (id: number, roleId: number): Session => ({
  token: 't',
  permissions: ['UCV', 'UCE'],
  remember: false,
  user: { id, firstName: 'A', lastName: 'B', email: 'a@demo.test', role: 'r', clientId: null, agentId: 1, roleId, roleType: 'agent', companyName: null },
})
const SUPER_ADMIN = 1

describe("a staff user's two-step sign-in", () => {
  it('names what they have', () => {
    expect(secondFactorsText([])).toBe('Not set up')
    expect(secondFactorsText(['totp'])).toBe('Authenticator app')
    expect(secondFactorsText(['passkey'])).toBe('Passkeys')
    expect(secondFactorsText(['totp', 'passkey'])).toBe('Authenticator app and passkeys')
  })

  it('can be reset by a super admin, for someone else, who has a second factor', () => {
    expect(mayResetSecondFactors(session(1, SUPER_ADMIN), { id: 9, secondFactors: ['totp'] })).toBe(true)
    expect(mayResetSecondFactors(session(1, SUPER_ADMIN), { id: 9, secondFactors: ['passkey'] })).toBe(true)
    // Nothing to reset.
    expect(mayResetSecondFactors(session(1, SUPER_ADMIN), { id: 9, secondFactors: [] })).toBe(false)
    // Their own is turned off on the Security page, with a code.
    expect(mayResetSecondFactors(session(9, SUPER_ADMIN), { id: 9, secondFactors: ['totp'] })).toBe(false)
    // Any other staff member, even one who may edit users.
    expect(mayResetSecondFactors(session(1, 5), { id: 9, secondFactors: ['totp'] })).toBe(false)
    expect(mayResetSecondFactors(null, { id: 9, secondFactors: ['totp'] })).toBe(false)
  })
})
