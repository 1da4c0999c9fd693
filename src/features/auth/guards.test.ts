import { isRedirect } from '@tanstack/react-router'
import { describe, expect, it } from 'vitest'
import type { Session } from '~/lib/session'
import { openDuringSecondFactorSetup, requireSecondFactorSetUp, secondFactorSetupRedirect } from './guards'

/**
 * The set-up guard: staff whose session says a second factor must be set up reach only their own
 * Account Settings (as the server answers only their own account's calls), and are sent to Security with
 * the page they were headed for; everyone else passes.
 */

const staff = (secondFactorSetupRequired?: boolean): Session => ({
  token: 't',
  permissions: [],
  remember: false,
  ...(secondFactorSetupRequired !== undefined && { secondFactorSetupRequired }),
  user: {
    id: 4,
    firstName: 'Casey',
    lastName: 'Nguyen',
    email: 'clerk@demo.test',
    role: 'Mailroom clerk',
    clientId: null,
    agentId: 1,
    roleId: 3,
    roleType: 'agent',
    companyName: null,
  },
})

const at = (href: string) => ({ href, pathname: href.split('?')[0] })

describe('the second factor set-up guard', () => {
  it('sends staff who must set one up from a staff page to Security, with the page to go on to', () => {
    expect(secondFactorSetupRedirect(staff(true), at('/provider/clients?page=2'))).toEqual({
      to: '/account-settings/security',
      search: { next: '/provider/clients?page=2' },
      replace: true,
    })
    expect(secondFactorSetupRedirect(staff(true), at('/notifications'))?.to).toBe('/account-settings/security')
    expect(secondFactorSetupRedirect(staff(true), at('/'))?.to).toBe('/account-settings/security')
  })

  it('lets them open their own Account Settings: Security itself, the password and the notification settings', () => {
    for (const path of ['/account-settings/security', '/account-settings/change-password', '/account-settings/notifications']) {
      expect(openDuringSecondFactorSetup(path)).toBe(true)
      expect(secondFactorSetupRedirect(staff(true), at(path))).toBeNull()
    }
    expect(openDuringSecondFactorSetup('/account-settings-x')).toBe(false)
  })

  it('lets everyone else through', () => {
    expect(secondFactorSetupRedirect(staff(), at('/provider/clients'))).toBeNull()
    expect(secondFactorSetupRedirect(staff(false), at('/provider/dashboard'))).toBeNull()
  })

  it('throws the router a redirect in beforeLoad', () => {
    let thrown: unknown
    try {
      requireSecondFactorSetUp(staff(true), at('/provider/dashboard') as never)
    } catch (error) {
      thrown = error
    }
    expect(isRedirect(thrown)).toBe(true)
    expect(() => requireSecondFactorSetUp(staff(), at('/provider/dashboard') as never)).not.toThrow()
  })
})
