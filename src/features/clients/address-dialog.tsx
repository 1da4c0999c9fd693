import { setError, useForm } from '@modular-forms/react'
import { useQuery } from '@tanstack/react-query'
import { useId, useMemo } from 'react'
import { css } from 'styled-system/css'
import { ApiError } from '~/lib/api-client'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { FormField, TextField } from '~/ui/form-field'
import { NativeSelect } from '~/ui/native-select'
import { notify } from '~/ui/toaster'
import { profileCountriesQueryOptions } from './api'
import { AddressFormSchema, addressFormValues, addressInputOf, labelProblem, type AddressFormValues } from './address-form'
import { useSaveAddress, type Address } from './mail-api'
import { schemaValidator } from './profile-forms'

const formGrid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))' } })
const fullWidth = css({ gridColumn: '1 / -1' })

const FIELDS = ['label', 'recipientName', 'address', 'city', 'stateProvince', 'zipcode', 'countryId'] as const

/**
 * "Add address" / "Edit address" of the address book: a label and the mailing address. It mounts fresh
 * on each opening; a refusal (a label in use, a field the server refuses) shows beside the field and
 * keeps it open.
 */
export function AddressDialog({
  clientId,
  address,
  saved,
  defaultCountryId,
  onClose,
}: {
  clientId: number
  /** The address edited; none to add one. */
  address?: Address
  /** Every saved address, for the label check. */
  saved: readonly Address[]
  defaultCountryId?: number | null
  onClose: () => void
}) {
  const save = useSaveAddress(clientId)
  const countries = useQuery(profileCountriesQueryOptions())
  const countryOptions = useMemo(() => (countries.data ?? []).map((c) => ({ value: String(c.id), label: c.name })), [countries.data])
  const formId = useId()
  const [form, { Form }] = useForm<AddressFormValues>({
    validate: schemaValidator<AddressFormValues>(AddressFormSchema),
    revalidateOn: 'change',
    initialValues: addressFormValues(address, defaultCountryId),
  })

  async function submit(values: AddressFormValues) {
    const problem = labelProblem(values.label, saved, address?.id)
    if (problem) return setError(form, 'label', problem, { shouldFocus: true })
    try {
      await save.mutateAsync({ id: address?.id, input: addressInputOf(values) })
      notify.success(address ? 'Address updated' : 'Address saved')
      onClose()
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) return setError(form, 'label', error.details, { shouldFocus: true })
      const fieldIssues = error instanceof ApiError ? error.issues.filter((issue) => (FIELDS as readonly string[]).includes(issue.path)) : []
      if (fieldIssues.length) {
        for (const issue of fieldIssues) setError(form, issue.path as (typeof FIELDS)[number], issue.message.replace(`${issue.path}: `, ''))
        return
      }
      notify.error(error instanceof ApiError ? error.details : 'The address could not be saved. Please try again.')
    }
  }

  return (
    <Dialog.Open onClose={onClose} busy={save.isPending} size="lg">
      <Dialog.Content>
        <Dialog.Header>{address ? 'Edit address' : 'Add address'}</Dialog.Header>
        <Dialog.Body>
          <Form id={formId} noValidate onSubmit={submit}>
            <div className={formGrid}>
              <TextField
                of={form}
                name="label"
                label="Label"
                required
                helperText="A name to pick it by, e.g. Home or Office"
                autoComplete="off"
                className={fullWidth}
              />
              <TextField of={form} name="recipientName" label="Recipient Name" required autoComplete="name" className={fullWidth} />
              <TextField of={form} name="address" label="Address" required autoComplete="street-address" className={fullWidth} />
              <TextField of={form} name="city" label="City" required autoComplete="address-level2" />
              <TextField of={form} name="stateProvince" label="State" required autoComplete="address-level1" />
              <TextField of={form} name="zipcode" label="Postal/Zip Code" required autoComplete="postal-code" />
              <FormField of={form} name="countryId" label="Country" required>
                {(control) => (
                  <NativeSelect
                    options={countryOptions}
                    value={control.value || null}
                    onValueChange={control.setValue}
                    placeholder={countries.isPending ? 'Loading…' : 'Choose a country'}
                    autoComplete="country"
                  />
                )}
              </FormField>
            </div>
          </Form>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            Save address
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Open>
  )
}
