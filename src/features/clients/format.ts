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
