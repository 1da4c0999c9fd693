import { CardExpirySchema, parseCardExpiry } from '@contract/signup'
import { useForm, valiForm } from '@modular-forms/react'
import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import * as v from 'valibot'
import { describe, expect, it, vi } from 'vitest'
import { Button } from '~/ui/button'
import { FormField } from '~/ui/form-field'
import { ExpiryInput } from './expiry-input'

const PaymentSchema = v.object({ cardExpiry: CardExpirySchema })
type Payment = v.InferInput<typeof PaymentSchema>

/** The card expiry as the wizard and the Pay dialog bind it: a kit FormField around ExpiryInput. */
function PaymentForm({ onSubmit }: { onSubmit: (values: Payment) => void }) {
  const [form, { Form }] = useForm<Payment>({ validate: valiForm(PaymentSchema), initialValues: { cardExpiry: '' } })
  return (
    <Form onSubmit={(values) => onSubmit(values)}>
      <FormField of={form} name="cardExpiry" label="Expiration date" required>
        {(control) => <ExpiryInput value={control.value ?? ''} onValueChange={control.setValue} />}
      </FormField>
      <Button type="submit">Pay</Button>
    </Form>
  )
}

const setup = () => {
  const onSubmit = vi.fn()
  render(<PaymentForm onSubmit={onSubmit} />)
  return { onSubmit, input: screen.getByLabelText(/Expiration date/) as HTMLInputElement, user: userEvent.setup() }
}

describe('ExpiryInput', () => {
  it('keeps digits only, inserts the slash after the month and stops at MM/YY', async () => {
    const { input, user } = setup()
    expect(input).toHaveAttribute('maxLength', '5')
    expect(input).toHaveAttribute('inputMode', 'numeric')
    await user.type(input, '1')
    expect(input).toHaveValue('1')
    await user.type(input, '2')
    expect(input).toHaveValue('12')
    await user.type(input, 'a/3')
    expect(input).toHaveValue('12/3')
    await user.type(input, '4 5 6')
    expect(input).toHaveValue('12/34')
  })

  it('lets the slash be erased with the digit after it', async () => {
    const { input, user } = setup()
    await user.type(input, '083')
    expect(input).toHaveValue('08/3')
    await user.type(input, '{Backspace}')
    expect(input).toHaveValue('08')
    await user.type(input, '{Backspace}')
    expect(input).toHaveValue('0')
  })

  it('formats a pasted value', async () => {
    const { input, user } = setup()
    await user.click(input)
    await user.paste('0829')
    expect(input).toHaveValue('08/29')
  })

  it('requires a date: "Expiration date is required", and nothing is submitted', async () => {
    const { onSubmit, input, user } = setup()
    await user.click(screen.getByRole('button', { name: 'Pay' }))
    expect(await screen.findByText('Expiration date is required')).toBeInTheDocument()
    expect(input).toHaveAttribute('aria-invalid', 'true')
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('refuses a month that does not exist', async () => {
    const { onSubmit, input, user } = setup()
    await user.type(input, '1330')
    await user.click(screen.getByRole('button', { name: 'Pay' }))
    expect(await screen.findByText('Enter the expiration date as MM/YY')).toBeInTheDocument()
    expect(onSubmit).not.toHaveBeenCalled()
  })

  it('submits MM/YY, which splits on the slash into month and year', async () => {
    const { onSubmit, input, user } = setup()
    await user.type(input, '1234')
    await user.click(screen.getByRole('button', { name: 'Pay' }))
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ cardExpiry: '12/34' }))
    expect(parseCardExpiry('12/34')).toEqual({ exp_month: 12, exp_year: 2034 })
  })
})
