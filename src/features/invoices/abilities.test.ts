import { describe, expect, it } from 'vitest'
import type { PermCode } from '@contract/permissions'
import type { Session, SessionUser } from '~/lib/session'
import { invoiceAbilities } from './abilities'

const clientUser: SessionUser = {
  id: 7,
  firstName: 'Jordan',
  lastName: 'Avery',
  email: 'client@demo.test',
  role: 'Client',
  clientId: 3,
  agentId: null,
  roleId: 2,
  roleType: 'client',
  companyName: 'Sunshine Holdings LLC',
}
const staffUser: SessionUser = {
  ...clientUser,
  id: 8,
  email: 'manager@demo.test',
  role: 'Office manager',
  clientId: null,
  agentId: 1,
  roleId: 5,
  roleType: 'agent',
  companyName: null,
}
const session = (user: SessionUser, permissions: PermCode[] = []): Session => ({ token: 't', remember: false, user, permissions })

describe('who may select invoices', () => {
  it('gives a client row checkboxes and the Pay Now bar: paying is what a selection is for', () => {
    expect(invoiceAbilities(session(clientUser))).toEqual({ linkTarget: 'client', selectable: true, canPay: true })
  })

  it('gives staff no checkboxes, even with ICP or as super admin: they have no action on a selection', () => {
    expect(invoiceAbilities(session(staffUser, ['ICV', 'ICP']))).toEqual({ linkTarget: 'provider', selectable: false, canPay: false })
    expect(invoiceAbilities(session({ ...staffUser, roleId: 1 }))).toMatchObject({ selectable: false, canPay: false })
    expect(invoiceAbilities(session(staffUser, ['ICP']))).toEqual({ linkTarget: null, selectable: false, canPay: false })
  })
})
