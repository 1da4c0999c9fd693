import type { FieldValues, FormErrors, ValidateForm } from '@modular-forms/react'
import * as v from 'valibot'
import { REQUIRED_MESSAGE, requiredChoice, requiredPhone, requiredText } from '~/ui/forms'

/**
 * The profile dialogs' form schemas. The inputs give strings; the dialogs turn them
 * into the PUT body, which the server checks again with the contract's UpdateClientSchema.
 */
export const PersonalInfoFormSchema = v.object({
  firstName: requiredText({ label: 'First Name', max: 50 }),
  lastName: requiredText({ label: 'Last Name', max: 50 }),
  phone: requiredPhone(),
  country: requiredChoice(),
  stateProvince: requiredText({ label: 'State', max: 100 }),
  city: requiredText({ label: 'City', max: 100 }),
  address: requiredText({ label: 'Address', max: 255 }),
  zipcode: requiredText({ label: 'Postal/Zip Code', max: 10 }),
})
export type PersonalInfoValues = v.InferInput<typeof PersonalInfoFormSchema>

export const ATTORNEY_EMAIL_MESSAGE = 'Enter the attorney e-mail to notify'

export const CompanyInfoFormSchema = v.pipe(
  v.object({
    companyName: requiredText({ label: 'Company Name', max: 200 }),
    businessType: requiredChoice(),
    notifyAttorney: v.picklist(['yes', 'no'], REQUIRED_MESSAGE),
    attorneyEmail: v.pipe(v.string(), v.trim()),
    changeAgent: v.picklist(['yes', 'no'], REQUIRED_MESSAGE),
    useAgentAddress: v.picklist(['yes', 'no'], REQUIRED_MESSAGE),
  }),
  v.forward(
    v.partialCheck([['notifyAttorney'], ['attorneyEmail']], (input) => input.notifyAttorney === 'no' || input.attorneyEmail.trim() !== '', REQUIRED_MESSAGE),
    ['attorneyEmail'],
  ),
  v.forward(
    v.partialCheck(
      [['notifyAttorney'], ['attorneyEmail']],
      (input) => input.notifyAttorney === 'no' || input.attorneyEmail.trim() === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(input.attorneyEmail.trim()),
      ATTORNEY_EMAIL_MESSAGE,
    ),
    ['attorneyEmail'],
  ),
)
export type CompanyInfoValues = v.InferInput<typeof CompanyInfoFormSchema>

/**
 * A modular-forms validator that runs every rule of the schema and keeps each field's first message,
 * so 'This field is mandatory' shows before any other.
 */
export function schemaValidator<TValues extends FieldValues>(schema: v.GenericSchema): ValidateForm<TValues> {
  return async (values) => {
    const result = await v.safeParseAsync(schema, values)
    const errors: Record<string, string> = {}
    for (const issue of result.issues ?? []) {
      const path = v.getDotPath(issue)
      if (path && !(path in errors)) errors[path] = issue.message
    }
    return errors as FormErrors<TValues>
  }
}
