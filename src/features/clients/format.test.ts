import { describe, expect, it } from 'vitest'
import { formatPhone, yesNo } from './format'

describe('client page formats', () => {
  it('shows US phone numbers the American way and others as stored', () => {
    expect(formatPhone('+13055550142')).toBe('(305) 555-0142')
    expect(formatPhone('+442071838750')).toBe('+442071838750')
  })

  it('says Yes or No for a flag', () => {
    expect(yesNo(true)).toBe('Yes')
    expect(yesNo(false)).toBe('No')
  })
})
