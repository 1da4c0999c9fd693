import type { ShippingOption } from '@contract/shipping'
import { describe, expect, it } from 'vitest'
import { defaultShippingOption, shippingName, shippingOptionLabel } from './format'
import { optionBodyOf, optionFormValues } from './option-form'

const option = (id: number, patch: Partial<ShippingOption> = {}): ShippingOption => ({
  id,
  carrier: 'USPS',
  speed: `Speed ${id}`,
  price: 5,
  active: true,
  sortOrder: id * 10,
  ...patch,
})

describe('the shipping option form', () => {
  it('makes the body of the values typed: trimmed text, dollars with $ and commas, a whole sort order', () => {
    expect(optionBodyOf({ carrier: ' UPS ', speed: 'Ground', price: '$1,200.50', active: false, sortOrder: '30' })).toEqual({
      ok: true,
      body: { carrier: 'UPS', speed: 'Ground', price: 1200.5, active: false, sortOrder: 30 },
    })
  })

  it('says what is wrong beside each field, with the contract’s words', () => {
    const result = optionBodyOf({ carrier: '', speed: 'x'.repeat(61), price: '12.345', active: true, sortOrder: '1.5' })
    expect(result).toEqual({
      ok: false,
      errors: {
        carrier: 'This field is mandatory',
        speed: 'Speed cannot exceed 60 characters',
        price: 'Price must be in whole cents',
        sortOrder: 'Sort order must be a whole number',
      },
    })
    expect(optionBodyOf({ carrier: 'UPS', speed: 'Ground', price: '', active: true, sortOrder: '' })).toMatchObject({
      ok: false,
      errors: { price: 'This field is mandatory', sortOrder: 'This field is mandatory' },
    })
    expect(optionBodyOf({ carrier: 'UPS', speed: 'Ground', price: 'ten', active: true, sortOrder: '1' })).toMatchObject({
      ok: false,
      errors: { price: 'Price must be a number of dollars' },
    })
    expect(optionBodyOf({ carrier: 'UPS', speed: 'Ground', price: '-1', active: true, sortOrder: '1' })).toMatchObject({
      ok: false,
      errors: { price: 'Price cannot be negative' },
    })
  })

  it('starts from the option edited, or an empty one placed after the last', () => {
    expect(optionFormValues(option(2, { price: 12 }), [])).toEqual({ carrier: 'USPS', speed: 'Speed 2', price: '12.00', active: true, sortOrder: '20' })
    expect(optionFormValues(undefined, [option(1), option(4)])).toEqual({ carrier: '', speed: '', price: '', active: true, sortOrder: '50' })
  })
})

describe('shipping choices', () => {
  it('read as carrier, speed and price in the app’s money format', () => {
    expect(shippingOptionLabel({ carrier: 'FedEx', speed: 'Standard Overnight', price: 1045 })).toBe('FedEx Standard Overnight — $1,045.00')
    expect(shippingName({ carrier: 'UPS', speed: null })).toBe('UPS')
  })

  it('start with the option chosen while it is offered, else the first active one, else none', () => {
    const options = [option(1, { active: false }), option(2), option(3)]
    expect(defaultShippingOption(options)?.id).toBe(2)
    expect(defaultShippingOption(options, 3)?.id).toBe(3)
    expect(defaultShippingOption(options, 1)?.id).toBe(2)
    expect(defaultShippingOption([option(1, { active: false })])).toBeNull()
  })
})
