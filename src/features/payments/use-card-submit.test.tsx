import { act, renderHook } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { HOSTED_FIELDS_NOT_READY } from './card-form'
import type { HostedFieldsInstance } from './hosted-fields'
import { CARD_FORM_NOT_READY_TEXT, toBillingDetails, useCardSubmit } from './use-card-submit'

const options = { connectionNeeded: 'Paying needs an internet connection.', notChargedTitle: 'Your card was not charged' }
const billing = toBillingDetails({ zipCode: '33101-1234-99', firstName: 'Ana ', lastName: 'Ruiz', address: '1 Main St' })

/** Hosted fields as the processor's script would attach them: ready or not, tokenising as told. */
function fields({ ready = true, tokenize = () => Promise.resolve({ id: 'tok_1' }) }: { ready?: boolean; tokenize?: () => Promise<{ id: string }> } = {}) {
  const instance = {
    getState: () => ({ isReady: ready, fields: [] }),
    getPaymentToken: vi.fn(tokenize),
  } satisfies HostedFieldsInstance
  return instance
}

function setup() {
  const view = renderHook(() => useCardSubmit(options))
  const input = document.createElement('input')
  document.body.appendChild(input)
  view.result.current.expiry.ref.current = input
  return { ...view, input }
}

afterEach(() => {
  vi.unstubAllGlobals()
  act(() => void window.dispatchEvent(new Event('online')))
  document.body.innerHTML = ''
})

describe('useCardSubmit', () => {
  it('refuses a missing or expired expiry with the field message, focused', () => {
    const { result, input } = setup()
    let checked: string | null = 'x'
    act(() => {
      checked = result.current.checkExpiry()
    })
    expect(checked).toBeNull()
    expect(result.current.expiry.error).toBe('Expiration date is required')
    expect(document.activeElement).toBe(input)

    act(() => result.current.expiry.onValueChange('01/20'))
    // Typing clears the message until the next check.
    expect(result.current.expiry.error).toBe('')
    act(() => void result.current.checkExpiry())
    expect(result.current.expiry.error).toBe('This card has expired')
  })

  it('with a wrong expiry, shows the card number and CVV problems too, all together', () => {
    const { result } = setup()
    const instance = {
      // Neither field was left yet, so the processor's state carries no error text of its own.
      getState: () => ({
        isReady: true,
        fields: [
          { type: 'credit_card_number', error: '', isEmpty: false, isValid: false },
          { type: 'cvv', error: '', isEmpty: true, isValid: false },
        ],
      }),
      getPaymentToken: vi.fn(() => Promise.resolve({ id: 'tok_1' })),
    } satisfies HostedFieldsInstance
    act(() => result.current.card.attach(instance))
    act(() => void result.current.checkExpiry())
    expect(result.current.expiry.error).toBe('Expiration date is required')
    expect(result.current.card.getSnapshot()).toMatchObject({ cardError: 'Card number is not valid', cvvError: 'CVV is required' })
    expect(instance.getPaymentToken).not.toHaveBeenCalled()
    // The card number's frame reports its blur afterwards: the untouched CVV keeps its message.
    act(() =>
      result.current.card.update({
        isReady: true,
        fields: [
          { type: 'credit_card_number', error: 'Card number is not valid', isEmpty: false, isValid: false },
          { type: 'cvv', error: '', isEmpty: true, isValid: false },
        ],
      }),
    )
    expect(result.current.card.getSnapshot()).toMatchObject({ cardError: 'Card number is not valid', cvvError: 'CVV is required' })
  })

  it('answers the checked MM/YY and asks the fields for a token with the expiry and billing details', async () => {
    const { result } = setup()
    const instance = fields()
    act(() => result.current.card.attach(instance))
    act(() => result.current.expiry.onValueChange('12/39'))
    let checked: string | null = null
    act(() => {
      checked = result.current.checkExpiry()
    })
    expect(checked).toBe('12/39')
    await expect(result.current.requestToken('12/39', billing)).resolves.toEqual({ token: 'tok_1' })
    expect(instance.getPaymentToken).toHaveBeenCalledWith({
      exp_month: 12,
      exp_year: 2039,
      postal_code: '33101-1234',
      name: 'Ana  Ruiz',
      address1: '1 Main St',
    })
  })

  it('says the card form is not ready when the fields have not loaded', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { result } = setup()
    await expect(result.current.requestToken('12/39', billing)).resolves.toEqual({
      token: null,
      failure: { title: 'The card form is not ready', text: CARD_FORM_NOT_READY_TEXT },
    })
    expect(errors).toHaveBeenCalledWith(HOSTED_FIELDS_NOT_READY)
    errors.mockClear()
  })

  it('leaves a refused card to the fields (no failure of its own)', async () => {
    const { result } = setup()
    act(() => result.current.card.attach(fields({ tokenize: () => Promise.reject({ messages: [{ field: 'cvv', message: 'CVV is invalid' }] }) })))
    let answer: unknown
    await act(async () => {
      answer = await result.current.requestToken('12/39', billing)
    })
    expect(answer).toEqual({ token: null, failure: null })
    expect(result.current.card.getSnapshot().cvvError).toBe('CVV is invalid')
  })

  it('asks for no token offline, and says why', async () => {
    const { result } = setup()
    const instance = fields()
    act(() => result.current.card.attach(instance))
    vi.stubGlobal('navigator', { ...navigator, onLine: false })
    act(() => void window.dispatchEvent(new Event('offline')))
    expect(result.current.online).toBe(false)
    await expect(result.current.requestToken('12/39', billing)).resolves.toEqual({
      token: null,
      failure: { title: 'Your card was not charged', text: 'Paying needs an internet connection.' },
    })
    expect(instance.getPaymentToken).not.toHaveBeenCalled()
  })

  it('runs one submission at a time and says when one is on its way', async () => {
    const { result } = setup()
    let finish = () => {}
    const task = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    let first: Promise<void> = Promise.resolve()
    act(() => {
      first = result.current.run(task)
    })
    expect(result.current.submitting).toBe(true)
    await act(async () => {
      await result.current.run(task)
    })
    expect(task).toHaveBeenCalledTimes(1)
    await act(async () => {
      finish()
      await first
    })
    expect(result.current.submitting).toBe(false)
  })

  it('frees the form after a failed submission', async () => {
    const { result } = setup()
    await act(async () => {
      await result.current.run(() => Promise.reject(new Error('boom'))).catch(() => {})
    })
    expect(result.current.submitting).toBe(false)
    const task = vi.fn(() => Promise.resolve())
    await act(() => result.current.run(task))
    expect(task).toHaveBeenCalledOnce()
  })
})
