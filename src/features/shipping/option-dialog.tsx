import type { ShippingOption } from '@contract/shipping'
import { useId, useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { ApiError, errorMessage } from '~/lib/api-client'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Checkbox } from '~/ui/checkbox'
import { Dialog } from '~/ui/dialog'
import { Field } from '~/ui/field'
import { TextInput } from '~/ui/text-input'
import { notify } from '~/ui/toaster'
import { useSaveShippingOption } from './api'
import { shippingName } from './format'
import { OPTION_FIELDS, optionBodyOf, optionFormValues, type OptionField, type OptionFormValues } from './option-form'

const formGrid = css({ display: 'grid', gap: '4', gridTemplateColumns: { base: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } })
const fullWidth = css({ gridColumn: '1 / -1' })

/** A refusal's words: its title, and its explanation when that says more. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError) return error.details && error.details !== error.detail ? `${error.detail}. ${error.details}` : error.detail
  return errorMessage(error)
}

/**
 * "Add shipping option" / "Edit shipping option": carrier, speed, price, whether clients are offered it,
 * and its place in the list. It mounts fresh on each opening; a field the server refuses shows beside
 * the field, any other refusal (a carrier and speed already offered) above the buttons, and the
 * dialog stays open.
 */
export function ShippingOptionDialog({ option, options, onClose }: { option?: ShippingOption; options: readonly ShippingOption[]; onClose: () => void }) {
  const save = useSaveShippingOption()
  const formId = useId()
  const [values, setValues] = useState<OptionFormValues>(() => optionFormValues(option, options))
  const [errors, setErrors] = useState<Partial<Record<OptionField, string>>>({})
  const [refusal, setRefusal] = useState<string | null>(null)

  const change = <K extends OptionField>(field: K, value: OptionFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }))
    setErrors((current) => ({ ...current, [field]: undefined }))
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const result = optionBodyOf(values)
    setRefusal(null)
    if (!result.ok) return setErrors(result.errors)
    setErrors({})
    save.mutate(
      { id: option?.id, input: result.body },
      {
        onSuccess: (saved) => {
          notify.success(option ? `${shippingName(saved)} saved` : `${shippingName(saved)} added`)
          onClose()
        },
        onError: (error) => {
          const fieldIssues = error instanceof ApiError ? error.issues.filter((issue) => (OPTION_FIELDS as readonly string[]).includes(issue.path)) : []
          if (fieldIssues.length) {
            setErrors(Object.fromEntries(fieldIssues.map((issue) => [issue.path, issue.message.replace(`${issue.path}: `, '')])))
            return
          }
          setRefusal(refusalText(error))
        },
      },
    )
  }

  const title = option ? 'Edit shipping option' : 'Add shipping option'
  return (
    <Dialog.Open onClose={onClose} busy={save.isPending} size="md">
      <Dialog.Content>
        <Dialog.Header>{title}</Dialog.Header>
        <Dialog.Body>
          <form id={formId} noValidate onSubmit={submit}>
            <div className={formGrid}>
              <Field label="Carrier" required error={errors.carrier} helperText="USPS, UPS, FedEx, DHL… (the tracking link follows it)">
                <TextInput value={values.carrier} onChange={(event) => change('carrier', event.target.value)} maxLength={60} autoComplete="off" />
              </Field>
              <Field label="Speed" required error={errors.speed} helperText="e.g. Priority Mail (1–3 days)">
                <TextInput value={values.speed} onChange={(event) => change('speed', event.target.value)} maxLength={60} autoComplete="off" />
              </Field>
              <Field label="Price" required error={errors.price} helperText="Dollars, charged once per shipment">
                <TextInput value={values.price} onChange={(event) => change('price', event.target.value)} inputMode="decimal" autoComplete="off" />
              </Field>
              <Field label="Sort order" required error={errors.sortOrder} helperText="Lower comes first; the first active option is the default">
                <TextInput value={values.sortOrder} onChange={(event) => change('sortOrder', event.target.value)} inputMode="numeric" autoComplete="off" />
              </Field>
              <Checkbox
                className={fullWidth}
                label="Offered to clients"
                description="Turned off, it stays on past shipments but is no longer offered."
                checked={values.active}
                error={errors.active}
                onCheckedChange={(checked) => change('active', checked === true)}
              />
              {refusal && (
                <Alert status="danger" title="The shipping option was not saved" className={fullWidth}>
                  {refusal}
                </Alert>
              )}
            </div>
          </form>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={save.isPending}>
            Cancel
          </Button>
          <Button type="submit" form={formId} loading={save.isPending}>
            {option ? 'Save option' : 'Add option'}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Open>
  )
}
