import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { Field } from './field'
import { PhoneInput } from './phone-input'

function Phone({ initial = '' }: { initial?: string }) {
  const [value, setValue] = useState(initial)
  return (
    <Field label="Phone" required>
      <PhoneInput value={value} onValueChange={setValue} name="phone" />
    </Field>
  )
}

describe('PhoneInput', () => {
  it("draws the country code as the kit's select: no native arrow, the kit's chevron beside it", () => {
    render(<Phone />)
    const country = screen.getByRole('combobox', { name: 'Country code' })
    expect(country.className).toMatch(/\bap_none\b/)
    expect(country.parentElement!.querySelector('svg')).not.toBeNull()
  })

  it('leaves the field’s label, required mark and ARIA to the number; the country code has its own name', () => {
    render(<Phone />)
    const number = screen.getByRole('textbox', { name: /Phone/ })
    expect(number).toHaveAttribute('type', 'tel')
    expect(number).toHaveAttribute('aria-required', 'true')
    const country = screen.getByRole('combobox', { name: 'Country code' })
    expect(country).not.toHaveAttribute('id')
    expect(country).not.toHaveAttribute('aria-required')
  })

  it('keeps the number as +<code><digits> when the country changes', async () => {
    render(<Phone initial="+13055550100" />)
    const country = screen.getByRole('combobox', { name: 'Country code' })
    expect(country).toHaveValue('US')
    await userEvent.selectOptions(country, 'GB')
    expect(document.querySelector<HTMLInputElement>('input[name="phone"]')!.value).toBe('+443055550100')
  })
})
