import { describe, expect, it } from 'vitest'
import type { Session } from '~/lib/session'
import { roleIn } from './api'
import { clientPageArea, roleOpens } from './roles'

const session = (clientId: number | null) => ({ user: { clientId } }) as Pick<Session, 'user'>
const companies = [
  { clientId: 3, companyName: 'Sunshine Holdings LLC', role: 'owner' as const },
  { clientId: 4, companyName: 'Gulf Coast Ventures Inc', role: 'member' as const },
]

describe('the role of the session company', () => {
  it('is the role of the company the session is in, and unknown for staff or before the list loads', () => {
    expect(roleIn(companies, session(3))).toBe('owner')
    expect(roleIn(companies, session(4))).toBe('member')
    expect(roleIn(companies, session(9))).toBeNull()
    expect(roleIn(undefined, session(3))).toBeNull()
    expect(roleIn(companies, session(null))).toBeNull()
  })
})

describe('client pages by area', () => {
  it('maps each page to the area the server guards it with', () => {
    expect(clientPageArea('/client/documents')).toBe('documents')
    expect(clientPageArea('/client/document-progress/12')).toBe('documents')
    expect(clientPageArea('/client/requested-documents')).toBe('documents')
    expect(clientPageArea('/client/invoices/5')).toBe('billing')
    expect(clientPageArea('/client/addons')).toBe('billing')
    expect(clientPageArea('/client/team')).toBe('account')
    expect(clientPageArea('/client/dashboard')).toBe('shared')
    expect(clientPageArea('/client/documents-archive')).toBe('shared')
  })

  it('a member reaches documents, not billing or the account; billing the reverse; an owner all', () => {
    expect([roleOpens('member', 'documents'), roleOpens('member', 'billing'), roleOpens('member', 'account')]).toEqual([true, false, false])
    expect([roleOpens('billing', 'documents'), roleOpens('billing', 'billing'), roleOpens('billing', 'account')]).toEqual([false, true, false])
    expect([roleOpens('owner', 'documents'), roleOpens('owner', 'billing'), roleOpens('owner', 'account')]).toEqual([true, true, true])
    expect(roleOpens(null, 'account')).toBe(true)
  })
})
