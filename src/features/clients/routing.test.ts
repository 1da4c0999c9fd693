import * as v from 'valibot'
import { describe, expect, it } from 'vitest'
import { ClientProfileSearchSchema } from './routing'

describe('the client profile tab in the address', () => {
  it('is read in any case; anything else opens Basic', () => {
    const tab = (value: unknown) => v.parse(ClientProfileSearchSchema, { tab: value }).tab
    expect(tab('Documents')).toBe('documents')
    expect(tab('INVOICES')).toBe('invoices')
    expect(tab('documents')).toBe('documents')
    expect(tab('nonsense')).toBe('basic')
    expect(tab(undefined)).toBe('basic')
    expect(tab(3)).toBe('basic')
  })
})
