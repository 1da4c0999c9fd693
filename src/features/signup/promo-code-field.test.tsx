import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { PromoCodeField } from './promo-code-field'

/** The field with its applied code held as the order summary holds it, verified at once. */
function Harness({ applied }: { applied: string[] }) {
  const [code, setCode] = useState('')
  return (
    <PromoCodeField
      key={code}
      label="Coupon code"
      code={code}
      check={{ isPending: false, isSuccess: code !== '', error: null }}
      appliedText="10% off your first order"
      notValidMessage="Coupon code is not valid"
      onApply={(next) => {
        applied.push(next)
        setCode(next)
      }}
      onRemove={() => setCode('')}
    />
  )
}

describe('PromoCodeField', () => {
  it('shows and applies a code in upper case, as the order lines show it', async () => {
    const applied: string[] = []
    const user = userEvent.setup()
    render(<Harness applied={applied} />)
    const input = screen.getByLabelText('Coupon code')
    await user.type(input, 'welcome10')
    expect(input).toHaveProperty('value', 'WELCOME10')
    await user.click(screen.getByRole('button', { name: 'Apply' }))
    expect(applied).toEqual(['WELCOME10'])
    expect(screen.getByRole('status').textContent).toContain('WELCOME10: 10% off your first order')
  })

  it('shows a code kept in lower case by an older draft in upper case', () => {
    render(
      <PromoCodeField
        label="Coupon code"
        code="welcome10"
        check={{ isPending: false, isSuccess: true, error: null }}
        appliedText="applied"
        notValidMessage="Coupon code is not valid"
        onApply={() => {}}
        onRemove={() => {}}
      />,
    )
    expect(screen.getByRole('status').textContent).toContain('WELCOME10')
    expect(screen.getByRole('status').textContent).not.toContain('welcome10')
  })
})
