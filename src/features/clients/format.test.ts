import { describe, expect, it } from 'vitest'
import { formatPhone, registeredAgentText, yesNo } from './format'

describe('client page formats', () => {
  it('shows US phone numbers the American way and others as stored', () => {
    expect(formatPhone('+13055550142')).toBe('(305) 555-0142')
    expect(formatPhone('+442071838750')).toBe('+442071838750')
  })

  it('says Yes or No for a flag', () => {
    expect(yesNo(true)).toBe('Yes')
    expect(yesNo(false)).toBe('No')
  })

  it('says which registered-agent package a client bought, whatever it answered to Hire Us', () => {
    const line = (name: string, kind: string, active = true) => ({ active, service: { name, kind }, servicePackage: { name: 'Annual' } })
    expect(registeredAgentText(false, [line('Registered Agent Service', 'address')])).toBe('Yes: Registered Agent Service (Annual)')
    expect(registeredAgentText(false, [line('Registered Agent + Mail Forwarding', 'address')])).toBe('Yes: Registered Agent + Mail Forwarding (Annual)')
    expect(registeredAgentText(false, [line('Registered Agent Service', 'address', false), line('Certificate of Status', 'addon')])).toBe('No')
    expect(registeredAgentText(true, [])).toBe('Yes')
  })
})
