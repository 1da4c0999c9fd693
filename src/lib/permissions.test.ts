import { describe, expect, it } from 'vitest'
import { PERM, sessionHasPermission } from './permissions'
import type { Session } from './session'

const session = (roleId: number, permissions: string[]): Session => ({
  token: 't',
  remember: false,
  permissions,
  user: {
    id: 1,
    firstName: 'Casey',
    lastName: 'Nguyen',
    email: 'clerk@demo.test',
    role: 'Staff',
    clientId: null,
    agentId: 1,
    roleId,
    roleType: 'agent',
    companyName: null,
  },
})

describe('permission codes', () => {
  it('a user holds exactly the codes of their role', () => {
    const clerk = session(5, ['DCV'])
    expect(sessionHasPermission(clerk, PERM.DCV)).toBe(true)
    expect(sessionHasPermission(clerk, PERM.UCV)).toBe(false)
    expect(sessionHasPermission(clerk, PERM.RCV)).toBe(false)
  })

  it('super admin (role id 1) passes every check, even with no codes listed', () => {
    const admin = session(1, [])
    for (const code of Object.values(PERM)) expect(sessionHasPermission(admin, code)).toBe(true)
  })

  it('nobody signed in holds nothing', () => {
    expect(sessionHasPermission(null, PERM.DCV)).toBe(false)
  })
})
