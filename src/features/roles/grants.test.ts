import { describe, expect, it } from 'vitest'
import type { Session } from '~/lib/session'
import { canGrantRole } from './grants'

const session = (roleId: number, permissions: string[]): Session => ({
  token: 't',
  remember: false,
  permissions,
  user: {
    id: 7,
    firstName: 'Morgan',
    lastName: 'Lee',
    email: 'manager@demo.test',
    role: 'Office manager',
    clientId: null,
    agentId: 1,
    roleId,
    roleType: 'agent',
    companyName: null,
  },
})

describe('which roles a user may give', () => {
  it('only roles whose every code the user holds', () => {
    const manager = session(4, ['UCV', 'UCC', 'DCV'])
    expect(canGrantRole(manager, { superAdmin: false, permCodes: ['DCV'] })).toBe(true)
    expect(canGrantRole(manager, { superAdmin: false, permCodes: [] })).toBe(true)
    expect(canGrantRole(manager, { superAdmin: false, permCodes: ['DCV', 'RCC'] })).toBe(false)
  })

  it('the super admin role only from a super admin, who may give any role', () => {
    const manager = session(4, ['UCV', 'UCC', 'UCE', 'RCV', 'RCC', 'RCE', 'DCV', 'DCD', 'PCE', 'ICV', 'ICP'])
    expect(canGrantRole(manager, { superAdmin: true, permCodes: [] })).toBe(false)
    const admin = session(1, [])
    expect(canGrantRole(admin, { superAdmin: true, permCodes: [] })).toBe(true)
    expect(canGrantRole(admin, { superAdmin: false, permCodes: ['RCC', 'DCD'] })).toBe(true)
    expect(canGrantRole(null, { superAdmin: false, permCodes: [] })).toBe(false)
  })
})
