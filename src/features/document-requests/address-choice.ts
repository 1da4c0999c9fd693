import type { Address } from '~/features/clients'
import type { MailingAddress } from './request-api'

/**
 * Where the mail request form's address comes from: the client's profile, one of its saved addresses
 * (by id), or a new one typed in. Choosing fills the fields, which stay editable; "Save this address"
 * is offered unless the fields are a saved address as it is.
 */
export type AddressSource = 'profile' | 'new' | number

/** The address fields of the form, as its inputs hold them. */
export type MailingFields = {
  recipientName: string
  address: string
  city: string
  stateProvince: string
  zipcode: string
  countryId: string
}

const country = (id: number | null | undefined) => (id != null ? String(id) : '')

/** The fields a source fills in. A new address starts empty, in the profile's country. */
export function fieldsOfSource(source: AddressSource, profile: MailingAddress | null, saved: readonly Address[]): MailingFields {
  const chosen = typeof source === 'number' ? saved.find((address) => address.id === source) : undefined
  if (chosen) {
    const { recipientName, address, city, stateProvince, zipcode, countryId } = chosen
    return { recipientName, address, city, stateProvince, zipcode, countryId: country(countryId) }
  }
  if (source === 'new') return { recipientName: '', address: '', city: '', stateProvince: '', zipcode: '', countryId: country(profile?.countryId) }
  return {
    recipientName: profile?.recipientName ?? '',
    address: profile?.address ?? '',
    city: profile?.city ?? '',
    stateProvince: profile?.stateProvince ?? '',
    zipcode: profile?.zipcode ?? '',
    countryId: country(profile?.countryId),
  }
}

/** Whether to offer "Save this address": not for a saved address left as it is. */
export function offersToSave(source: AddressSource, edited: boolean): boolean {
  return typeof source !== 'number' || edited
}

/** The "Send to" choices: the profile address, each saved address by label, a new address. */
export function sourceOptions(saved: readonly Address[]): { value: string; label: string }[] {
  return [
    { value: 'profile', label: 'My profile address' },
    ...saved.map((address) => ({ value: String(address.id), label: address.label })),
    { value: 'new', label: 'A new address' },
  ]
}

export function sourceOfValue(value: string): AddressSource {
  if (value === 'new' || value === 'profile') return value
  const id = Number(value)
  return Number.isSafeInteger(id) && id > 0 ? id : 'profile'
}
