import { ADDRESS_LABEL_MAX, MAILING_ADDRESS_LIMITS, type Address, type AddressInput } from '@contract/addresses'
import * as v from 'valibot'
import { REQUIRED_MESSAGE, requiredChoice, requiredText, tooLongMessage } from '~/ui/forms'

/**
 * The address book's form: its schema (the inputs give strings; the server checks the body again with
 * the contract's AddressInputSchema), the values of an address, and the label rule the server applies
 * (unique per client whatever its case), so a clash shows beside the field before anything is sent.
 */

export const AddressFormSchema = v.object({
  label: requiredText({ label: 'Label', max: ADDRESS_LABEL_MAX }),
  recipientName: requiredText({ label: 'Recipient Name', max: MAILING_ADDRESS_LIMITS.recipientName }),
  address: requiredText({ label: 'Address', max: MAILING_ADDRESS_LIMITS.address }),
  city: requiredText({ label: 'City', max: MAILING_ADDRESS_LIMITS.city }),
  stateProvince: requiredText({ label: 'State', max: MAILING_ADDRESS_LIMITS.stateProvince }),
  zipcode: requiredText({ label: 'Postal/Zip Code', max: MAILING_ADDRESS_LIMITS.zipcode }),
  countryId: requiredChoice(),
})
export type AddressFormValues = v.InferInput<typeof AddressFormSchema>

/** The form's starting values: the address edited, or empty fields (the country given, if any). */
export function addressFormValues(address?: Address, countryId?: number | null): AddressFormValues {
  if (!address) return { label: '', recipientName: '', address: '', city: '', stateProvince: '', zipcode: '', countryId: countryId ? String(countryId) : '' }
  return {
    label: address.label,
    recipientName: address.recipientName,
    address: address.address,
    city: address.city,
    stateProvince: address.stateProvince,
    zipcode: address.zipcode,
    countryId: String(address.countryId),
  }
}

/** The POST/PUT body of valid form values. */
export function addressInputOf(values: AddressFormValues): AddressInput {
  const parsed = v.parse(AddressFormSchema, values)
  return { ...parsed, countryId: Number(parsed.countryId) }
}

export const labelInUseMessage = (label: string) => `An address named “${label}” is already saved. Choose another label.`

/**
 * What is wrong with a label for a new or edited address (`exceptId`: the address being edited), or
 * null: required, at most ADDRESS_LABEL_MAX characters, not the label of another saved address (case aside).
 */
export function labelProblem(label: string, saved: readonly Pick<Address, 'id' | 'label'>[], exceptId?: number): string | null {
  const trimmed = label.trim()
  if (!trimmed) return REQUIRED_MESSAGE
  if (trimmed.length > ADDRESS_LABEL_MAX) return tooLongMessage('Label', ADDRESS_LABEL_MAX)
  const lower = trimmed.toLowerCase()
  if (saved.some((address) => address.id !== exceptId && address.label.toLowerCase() === lower)) return labelInUseMessage(trimmed)
  return null
}

/** An address on one line: '9 Ocean Dr, Key West, FL 33040, United States'. */
export function addressLine(address: Pick<Address, 'address' | 'city' | 'stateProvince' | 'zipcode' | 'countryName'>): string {
  const cityLine = [address.city, [address.stateProvince, address.zipcode].filter(Boolean).join(' ')].filter(Boolean).join(', ')
  return [address.address, cityLine, address.countryName].filter(Boolean).join(', ')
}
