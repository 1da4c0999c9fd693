import { useForm, valiForm } from '@modular-forms/react'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { Button } from './button.tsx'
import { FormField, FormValue, TextField } from './form-field.tsx'
import { REQUIRED_MESSAGE, requiredChoice, requiredText } from './forms.ts'
import { YesNo } from './radio-group.tsx'
import { Select } from './select.tsx'

const ProfileSchema = v.object({
  firstName: requiredText({ label: 'First Name', max: 50 }),
  country: requiredChoice(),
  notifyAttorney: v.boolean(),
})
type Profile = v.InferInput<typeof ProfileSchema>

function ProfileForm({ onSubmit }: { onSubmit: (values: Profile) => void }) {
  const [form, { Form }] = useForm<Profile>({
    validate: valiForm(ProfileSchema),
    initialValues: { firstName: '', notifyAttorney: false },
  })
  return (
    <Form onSubmit={(values) => onSubmit(values)}>
      <TextField of={form} name="firstName" label="First Name" required autoComplete="given-name" />
      <FormField of={form} name="country" label="Country" required>
        {(control) => (
          <Select
            options={[
              { value: '1', label: 'United States' },
              { value: '2', label: 'Canada' },
            ]}
            value={control.value ?? null}
            onValueChange={(value) => control.setValue(value ?? '')}
            portal={false}
          />
        )}
      </FormField>
      <FormValue of={form} name="notifyAttorney" type="boolean">
        {(control) => <YesNo label="Notify Attorney" value={control.value ?? false} onValueChange={control.setValue} error={control.error} />}
      </FormValue>
      <Button type="submit">Save</Button>
    </Form>
  )
}

describe('form fields', () => {
  it("shows 'This field is mandatory' on every empty required field and ties it to the control", async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<ProfileForm onSubmit={onSubmit} />)

    await user.click(screen.getByRole('button', { name: 'Save' }))

    const firstName = screen.getByRole('textbox', { name: /First Name/ })
    await waitFor(() => expect(firstName).toHaveAttribute('aria-invalid', 'true'))
    expect(screen.getAllByText(REQUIRED_MESSAGE)).toHaveLength(2)
    expect(REQUIRED_MESSAGE).toBe('This field is mandatory')
    await waitFor(() => expect(firstName).toHaveAccessibleDescription(REQUIRED_MESSAGE))
    expect(firstName).toHaveAttribute('aria-required', 'true')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('clears the message once the field is filled, and submits valid values', async () => {
    const user = userEvent.setup()
    const onSubmit = vi.fn()
    render(<ProfileForm onSubmit={onSubmit} />)
    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(screen.getAllByText(REQUIRED_MESSAGE)).toHaveLength(2))

    const firstName = screen.getByRole('textbox', { name: /First Name/ })
    await user.type(firstName, 'Ana')
    await waitFor(() => expect(screen.getAllByText(REQUIRED_MESSAGE)).toHaveLength(1))
    expect(firstName).not.toHaveAttribute('aria-invalid')
    expect(firstName).not.toHaveAccessibleDescription(REQUIRED_MESSAGE)
    expect(firstName).toHaveValue('Ana')

    await user.click(screen.getByRole('combobox', { name: /Country/ }))
    await user.click(screen.getByRole('option', { name: 'Canada' }))
    await user.click(screen.getByRole('radio', { name: 'Yes' }))
    await waitFor(() => expect(screen.queryByText(REQUIRED_MESSAGE)).not.toBeInTheDocument())

    await user.click(screen.getByRole('button', { name: 'Save' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ firstName: 'Ana', country: '2', notifyAttorney: true }))
  })

  it('says when a text is too long', async () => {
    const user = userEvent.setup()
    render(<ProfileForm onSubmit={vi.fn()} />)
    await user.type(screen.getByRole('textbox', { name: /First Name/ }), 'x'.repeat(51))
    await user.click(screen.getByRole('button', { name: 'Save' }))
    expect(await screen.findByText('First Name cannot exceed 50 characters')).toBeInTheDocument()
  })
})
