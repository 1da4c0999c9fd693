import type { Address } from '@contract/addresses'
import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { AddressFormSchema, addressFormValues, addressInputOf, addressLine, labelProblem } from './address-form'

const office: Address = {
  id: 7,
  clientId: 3,
  label: 'Office',
  recipientName: 'Maria Lopez',
  address: '200 S Biscayne Blvd',
  city: 'Miami',
  stateProvince: 'FL',
  zipcode: '33131',
  countryId: 1,
  countryName: 'United States',
  createdAt: '2026-12-02T15:00:00.000Z',
  updatedAt: '2026-12-02T15:00:00.000Z',
}

describe('the address book form', () => {
  it('starts from the address edited, or empty in the given country', () => {
    expect(addressFormValues(office)).toEqual({
      label: 'Office',
      recipientName: 'Maria Lopez',
      address: '200 S Biscayne Blvd',
      city: 'Miami',
      stateProvince: 'FL',
      zipcode: '33131',
      countryId: '1',
    })
    expect(addressFormValues(undefined, 4)).toEqual({ label: '', recipientName: '', address: '', city: '', stateProvince: '', zipcode: '', countryId: '4' })
    expect(addressFormValues(undefined, null).countryId).toBe('')
  })

  it('sends trimmed text and the country as a number', () => {
    expect(addressInputOf({ ...addressFormValues(office), label: '  Head office ', countryId: '2' })).toMatchObject({ label: 'Head office', countryId: 2 })
  })

  it('asks for every field and keeps the server’s lengths', () => {
    const result = v.safeParse(AddressFormSchema, { ...addressFormValues(office), city: ' ', zipcode: '12345-67890', label: 'x'.repeat(51) })
    const messages = Object.fromEntries((result.issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]))
    expect(messages).toEqual({
      city: 'This field is mandatory',
      zipcode: 'Postal/Zip Code cannot exceed 10 characters',
      label: 'Label cannot exceed 50 characters',
    })
  })
})

describe('labelProblem', () => {
  const saved = [office, { ...office, id: 8, label: 'Home' }]

  it('refuses a label another saved address has, whatever its case', () => {
    expect(labelProblem(' office ', saved)).toBe('An address named “office” is already saved. Choose another label.')
    expect(labelProblem('HOME', saved)).toBe('An address named “HOME” is already saved. Choose another label.')
  })

  it('lets an address keep its own label (in any case) when edited', () => {
    expect(labelProblem('OFFICE', saved, 7)).toBeNull()
    expect(labelProblem('Home', saved, 7)).not.toBeNull()
  })

  it('asks for a label of at most 50 characters', () => {
    expect(labelProblem('  ', saved)).toBe('This field is mandatory')
    expect(labelProblem('x'.repeat(51), saved)).toBe('Label cannot exceed 50 characters')
    expect(labelProblem('Beach house', saved)).toBeNull()
  })
})

describe('addressLine', () => {
  it('puts an address on one line, leaving out what is empty', () => {
    expect(addressLine(office)).toBe('200 S Biscayne Blvd, Miami, FL 33131, United States')
    expect(addressLine({ ...office, stateProvince: '', countryName: null })).toBe('200 S Biscayne Blvd, Miami, 33131')
  })
})
