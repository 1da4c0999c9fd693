/** Display helpers of the client pages (dates come from ~/lib/dates). */

/** A stored phone number as people read it: '+13055550142' -> '(305) 555-0142'; others as stored. */
export function formatPhone(phone: string): string {
  const us = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(phone)
  return us ? `(${us[1]}) ${us[2]}-${us[3]}` : phone
}

/** Yes or No for a flag of the profile. */
export function yesNo(value: boolean): string {
  return value ? 'Yes' : 'No'
}

type ServiceLine = { active: boolean; service: { name: string; kind: string }; servicePackage: { name: string } | null }

/**
 * "Hire Us as Registered Agent": what the client bought when it holds a registered-agent service
 * ('Yes: Registered Agent Service (Annual)'), else the answer it gave.
 */
export function registeredAgentText(changeAgent: boolean, services: readonly ServiceLine[]): string {
  const bought = services.find((s) => s.active && s.service.kind === 'address' && /registered agent/i.test(s.service.name))
  if (bought) return `Yes: ${bought.service.name}${bought.servicePackage ? ` (${bought.servicePackage.name})` : ''}`
  return yesNo(changeAgent)
}
