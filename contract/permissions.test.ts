import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { isPermCode, PERM, PERMISSION_CODES, PERMISSION_GROUPS, PERMISSIONS, PermCodeSchema, permissionsByGroup } from './permissions'

describe('permission codes', () => {
  it('lists every code once, each labelled, described and in a known group', () => {
    expect(new Set(PERMISSION_CODES).size).toBe(PERMISSION_CODES.length)
    for (const code of PERMISSION_CODES) {
      expect(code).toMatch(/^[A-Z]{3,4}$/)
      expect(PERMISSIONS[code].label).not.toBe('')
      expect(PERMISSIONS[code].description).not.toBe('')
      expect(Object.keys(PERMISSION_GROUPS)).toContain(PERMISSIONS[code].group)
      expect(PERM[code]).toBe(code)
    }
  })

  it('groups every code exactly once, in the order of the group headings', () => {
    const grouped = permissionsByGroup()
    expect(grouped.flatMap((g) => g.codes).sort()).toEqual([...PERMISSION_CODES].sort())
    expect(grouped.slice(0, 5).map((g) => g.heading)).toEqual(['Users', 'Roles', 'Documents', 'Clients', 'Invoices'])
    expect(grouped[0].codes).toEqual(['UCV', 'UCC', 'UCE'])
  })

  it('accepts only known codes', () => {
    expect(isPermCode('DCV')).toBe(true)
    expect(isPermCode('XYZ')).toBe(false)
    expect(isPermCode('toString')).toBe(false)
    expect(v.is(PermCodeSchema, 'RCE')).toBe(true)
    expect(v.is(PermCodeSchema, 'rce')).toBe(false)
  })
})
