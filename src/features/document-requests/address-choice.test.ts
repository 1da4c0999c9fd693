import type { Address } from '@contract/addresses'
import { describe, expect, it } from 'vitest'
import { fieldsOfSource, offersToSave, sourceOfValue, sourceOptions } from './address-choice'

const profile = { recipientName: 'Maria Lopez', address: '1 Main St', city: 'Miami', stateProvince: 'FL', zipcode: '33130', countryId: 1 }
const beach: Address = {
  id: 12,
  clientId: 3,
  label: 'Beach house',
  recipientName: 'Attn: Legal',
  address: '9 Ocean Dr',
  city: 'Key West',
  stateProvince: 'FL',
  zipcode: '33040',
  countryId: 2,
  countryName: 'Canada',
  createdAt: '2026-12-02T15:00:00.000Z',
  updatedAt: '2026-12-02T15:00:00.000Z',
}

describe('the mail request form’s address', () => {
  it('fills the fields from the profile, a saved address, or empty (in the profile’s country) for a new one', () => {
    expect(fieldsOfSource('profile', profile, [beach])).toEqual({ ...profile, countryId: '1' })
    expect(fieldsOfSource(12, profile, [beach])).toEqual({
      recipientName: 'Attn: Legal',
      address: '9 Ocean Dr',
      city: 'Key West',
      stateProvince: 'FL',
      zipcode: '33040',
      countryId: '2',
    })
    expect(fieldsOfSource('new', profile, [beach])).toEqual({ recipientName: '', address: '', city: '', stateProvince: '', zipcode: '', countryId: '1' })
    // A saved address deleted meanwhile falls back to the profile; no profile leaves the fields empty.
    expect(fieldsOfSource(99, profile, [beach]).address).toBe('1 Main St')
    expect(fieldsOfSource('profile', null, []).countryId).toBe('')
  })

  it('offers to save the address unless it is a saved address left as it is', () => {
    expect(offersToSave('profile', false)).toBe(true)
    expect(offersToSave('new', false)).toBe(true)
    expect(offersToSave(12, false)).toBe(false)
    expect(offersToSave(12, true)).toBe(true)
  })

  it('lists the profile address, the saved addresses by label and a new address', () => {
    expect(sourceOptions([beach])).toEqual([
      { value: 'profile', label: 'My profile address' },
      { value: '12', label: 'Beach house' },
      { value: 'new', label: 'A new address' },
    ])
    expect([sourceOfValue('12'), sourceOfValue('new'), sourceOfValue('profile'), sourceOfValue('junk')]).toEqual([12, 'new', 'profile', 'profile'])
  })
})
