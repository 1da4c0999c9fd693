import type { Client } from '@contract/clients'
import { setValue, useForm } from '@modular-forms/react'
import { useQuery } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import { css } from 'styled-system/css'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { FormField, FormValue, TextField } from '~/ui/form-field'
import { NativeSelect } from '~/ui/native-select'
import { PhoneInput } from '~/ui/phone-input'
import { YesNo } from '~/ui/radio-group'
import { notify } from '~/ui/toaster'
import { profileCountriesQueryOptions, profileEntityTypesQueryOptions, updateBodyOf, useUpdateClient } from './api'
import { CompanyInfoFormSchema, PersonalInfoFormSchema, schemaValidator, type CompanyInfoValues, type PersonalInfoValues } from './profile-forms'

/** The profile toasts. */
export const PROFILE_MESSAGES = {
  personalSaved: 'Profile updated successfully',
  personalFailed: 'Failed to update profile.',
  companySaved: 'Company info updated successfully',
  companyFailed: 'Failed to update company info.',
} as const

const formGrid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } })
const fullWidth = css({ gridColumn: '1 / -1' })
const stack = css({ display: 'grid', gap: '4' })

type DialogProps = { client: Client; onClose: () => void }

/**
 * "Edit personal info": name, phone (US by default), country, state, city, address and postal code.
 * The dialog mounts fresh on each opening, so Cancel leaves nothing behind (values or errors). Submit
 * saves the whole profile, closes and shows the fresh profile; a refusal keeps it open.
 */
export function EditPersonalInfoDialog({ client, onClose }: DialogProps) {
  const update = useUpdateClient(client.id)
  const countries = useQuery(profileCountriesQueryOptions())
  const countryOptions = useMemo(() => (countries.data ?? []).map((c) => ({ value: String(c.id), label: c.name })), [countries.data])
  const formId = useId()
  const [form, { Form }] = useForm<PersonalInfoValues>({
    validate: schemaValidator<PersonalInfoValues>(PersonalInfoFormSchema),
    revalidateOn: 'change',
    initialValues: {
      firstName: client.firstName,
      lastName: client.lastName,
      phone: client.phone,
      country: client.country ? String(client.country) : '',
      stateProvince: client.stateProvince,
      city: client.city,
      address: client.address,
      zipcode: client.zipcode,
    },
  })

  async function save(values: PersonalInfoValues) {
    try {
      await update.mutateAsync({ ...updateBodyOf(client), ...values, country: Number(values.country) })
      notify.success(PROFILE_MESSAGES.personalSaved)
      onClose()
    } catch {
      notify.error(PROFILE_MESSAGES.personalFailed)
    }
  }

  return (
    <ProfileDialog title="Edit personal info" formId={formId} saving={update.isPending} onClose={onClose}>
      <Form id={formId} noValidate onSubmit={save}>
        <div className={formGrid}>
          <TextField of={form} name="firstName" label="First Name" required autoComplete="given-name" />
          <TextField of={form} name="lastName" label="Last Name" required autoComplete="family-name" />
          <FormField of={form} name="phone" label="Phone" required className={fullWidth}>
            {(control) => <PhoneInput value={control.value ?? ''} onValueChange={control.setValue} />}
          </FormField>
          <FormField of={form} name="country" label="Country" required>
            {(control) => <NativeSelect options={countryOptions} value={control.value ?? ''} onValueChange={control.setValue} placeholder="Choose a country" />}
          </FormField>
          <TextField of={form} name="stateProvince" label="State" required autoComplete="address-level1" />
          <TextField of={form} name="city" label="City" required autoComplete="address-level2" />
          <TextField of={form} name="zipcode" label="Postal/Zip Code" required autoComplete="postal-code" />
          <TextField of={form} name="address" label="Address" required autoComplete="street-address" className={fullWidth} />
        </div>
      </Form>
    </ProfileDialog>
  )
}

const yes = (value: boolean): 'yes' | 'no' => (value ? 'yes' : 'no')

/**
 * "Edit company info": company name, business entity type, Notify Attorney (the attorney e-mail shows
 * and is required on Yes, and is cleared on No), change agent, use agent address.
 */
export function EditCompanyInfoDialog({ client, onClose }: DialogProps) {
  const update = useUpdateClient(client.id)
  const entityTypes = useQuery(profileEntityTypesQueryOptions())
  const typeOptions = useMemo(() => (entityTypes.data ?? []).map((t) => ({ value: String(t.id), label: t.name })), [entityTypes.data])
  const formId = useId()
  const [form, { Form }] = useForm<CompanyInfoValues>({
    validate: schemaValidator<CompanyInfoValues>(CompanyInfoFormSchema),
    revalidateOn: 'change',
    initialValues: {
      companyName: client.companyName,
      businessType: client.businessType ? String(client.businessType) : '',
      notifyAttorney: yes(client.notifyAttorney),
      attorneyEmail: client.notifyAttorney ? (client.attorneyEmail ?? '') : '',
      changeAgent: yes(client.changeAgent),
      useAgentAddress: yes(client.useAgentAddress),
    },
  })

  async function save(values: CompanyInfoValues) {
    const notifyAttorney = values.notifyAttorney === 'yes'
    try {
      await update.mutateAsync({
        ...updateBodyOf(client),
        companyName: values.companyName,
        businessType: Number(values.businessType),
        notifyAttorney,
        attorneyEmail: notifyAttorney ? values.attorneyEmail.trim() : null,
        changeAgent: values.changeAgent === 'yes',
        useAgentAddress: values.useAgentAddress === 'yes',
      })
      notify.success(PROFILE_MESSAGES.companySaved)
      onClose()
    } catch {
      notify.error(PROFILE_MESSAGES.companyFailed)
    }
  }

  return (
    <ProfileDialog title="Edit company info" formId={formId} saving={update.isPending} onClose={onClose}>
      <Form id={formId} noValidate onSubmit={save}>
        <div className={stack}>
          <TextField of={form} name="companyName" label="Company Name" required autoComplete="organization" />
          <FormField of={form} name="businessType" label="Business Entity Type" required>
            {(control) => (
              <NativeSelect options={typeOptions} value={control.value ?? ''} onValueChange={control.setValue} placeholder="Choose the kind of entity" />
            )}
          </FormField>
          <FormValue of={form} name="notifyAttorney">
            {(control) => (
              <div className={stack}>
                <YesNo
                  label="Notify Attorney"
                  helperText="Should we e-mail your attorney when a lawsuit is served on the company?"
                  value={control.value === 'yes'}
                  onValueChange={(answer) => {
                    control.setValue(answer ? 'yes' : 'no')
                    // 'No' clears the attorney e-mail.
                    if (!answer) setValue(form, 'attorneyEmail', '')
                  }}
                  error={control.error}
                />
                {control.value === 'yes' && <TextField of={form} name="attorneyEmail" label="Attorney E-mail" type="email" required autoComplete="off" />}
              </div>
            )}
          </FormValue>
          <FormValue of={form} name="changeAgent">
            {(control) => (
              <YesNo
                label="Hire Us as Registered Agent"
                helperText="Yes: we are the company's registered agent of record in Florida."
                value={control.value === 'yes'}
                onValueChange={(answer) => control.setValue(answer ? 'yes' : 'no')}
                error={control.error}
              />
            )}
          </FormValue>
          <FormValue of={form} name="useAgentAddress">
            {(control) => (
              <YesNo
                label="Use Agent Address"
                helperText="Yes: the company uses our address as its address of record."
                value={control.value === 'yes'}
                onValueChange={(answer) => control.setValue(answer ? 'yes' : 'no')}
                error={control.error}
              />
            )}
          </FormValue>
        </div>
      </Form>
    </ProfileDialog>
  )
}

function ProfileDialog({
  title,
  formId,
  saving,
  onClose,
  children,
}: {
  title: string
  formId: string
  saving: boolean
  onClose: () => void
  children: React.ReactNode
}) {
  return (
    <Dialog.Open onClose={onClose} busy={saving} size="lg">
      <Dialog.Content>
        <Dialog.Header>{title}</Dialog.Header>
        <Dialog.Body>{children}</Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={saving}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={saving}>
            Save
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Open>
  )
}
