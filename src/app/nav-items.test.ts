import { describe, expect, it } from 'vitest'
import type { Session } from '~/lib/session'
import { displayName } from './display-name'
import type { TeamRole } from '@contract/team'
import { navItemsFor } from './nav-items'

const agent = (roleId: number, permissions: string[], firstName = 'Morgan'): Session => ({
  token: 't',
  remember: false,
  permissions,
  user: {
    id: 2,
    firstName,
    lastName: 'Bell',
    email: 'manager@demo.test',
    role: 'Office manager',
    clientId: null,
    agentId: 1,
    roleId,
    roleType: 'agent',
    companyName: null,
  },
})
const client: Session = {
  token: 't',
  remember: false,
  permissions: [],
  user: {
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
  },
}
const labels = (session: Session) => navItemsFor(session).map((item) => item.label)

describe('sidebar menus', () => {
  it('clients get their menu', () => {
    expect(labels(client)).toEqual(['Dashboard', 'Documents List', 'Invoices', 'Add-Ons', 'Requested Documents', 'Support'])
  })

  it('a client sees what their role in the session company reaches: an owner everything, a member no billing, billing no documents', () => {
    const all = ['Dashboard', 'Documents List', 'Invoices', 'Add-Ons', 'Requested Documents', 'Support']
    const forRole = (role: TeamRole | null) => navItemsFor(client, role).map((item) => item.label)
    expect(forRole('owner')).toEqual(all)
    expect(forRole('member')).toEqual(['Dashboard', 'Documents List', 'Requested Documents', 'Support'])
    expect(forRole('billing')).toEqual(['Dashboard', 'Invoices', 'Add-Ons', 'Support'])
    // Not known yet (the companies list is loading): nothing is hidden, the server decides.
    expect(forRole(null)).toEqual(all)
  })

  it('agents see Mail actions only with DCV, Users only with UCV, Roles only with RCV, Shipping options only with SHE and the support inbox only with SPV', () => {
    const base = ['Dashboard', 'Clients', 'Requested Documents', 'Upload Documents']
    expect(labels(agent(5, ['DCV']))).toEqual([...base, 'Mail actions'])
    expect(labels(agent(5, ['UCV']))).toEqual([...base, 'Users'])
    expect(labels(agent(5, ['RCV']))).toEqual([...base, 'Roles'])
    expect(labels(agent(5, ['SHE']))).toEqual([...base, 'Shipping options'])
    expect(labels(agent(5, ['SPV']))).toEqual([...base, 'Support'])
    expect(labels(agent(1, []))).toEqual([...base, 'Mail actions', 'Users', 'Roles', 'Shipping options', 'Support'])
  })
})

describe('display name', () => {
  it('clients: first and last name, else e-mail', () => {
    expect(displayName(client.user)).toBe('Jordan Avery')
    expect(displayName({ ...client.user, firstName: '', lastName: ' ' })).toBe('client@demo.test')
  })

  it('agents: first name, else e-mail', () => {
    expect(displayName(agent(5, []).user)).toBe('Morgan')
    expect(displayName(agent(5, [], '').user)).toBe('manager@demo.test')
  })
})
