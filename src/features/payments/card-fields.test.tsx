import type { HostedFieldsConfig } from '@contract/payments'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { act, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { CardFields } from './card-fields'
import { CardForm, HOSTED_FIELDS_NOT_READY } from './card-form'
import type { HostedFieldsConfiguration, HostedFieldsState } from './hosted-fields'

/**
 * The processor's hosted-fields library is outside the project: a stand-in library is installed on
 * window as the sandbox's fields.js would install itself, and records what the card form asks of it.
 */
const config: HostedFieldsConfig = { provider: 'sandbox', scriptUrl: '/api/payments/sandbox/fields.js', frameOrigin: 'http://localhost' }

function installLibrary(options: { tokenize?: () => Promise<{ id: string }> } = {}) {
  let state: HostedFieldsState = { isReady: false, fields: [] }
  let callback: (state: HostedFieldsState) => void = () => {}
  const calls = { initialize: [] as HostedFieldsConfiguration[], tokenize: [] as unknown[], destroyed: 0 }
  window.SandboxPay = {
    HostedFields: {
      initializeFields(configuration, cb) {
        calls.initialize.push(configuration)
        callback = cb
        state = {
          isReady: false,
          fields: configuration.fields.map((f) => ({ selector: f.selector, type: f.input.type, error: '' })),
        }
        // A real library puts an iframe here; a marker element stands in for it (happy-dom loads no frames).
        for (const f of configuration.fields) {
          const frame = document.createElement('span')
          frame.dataset.hostedFrame = f.input.type
          document.querySelector(f.selector)?.appendChild(frame)
        }
        return {
          getState: () => state,
          getPaymentToken: (details) => {
            calls.tokenize.push(details)
            return options.tokenize ? options.tokenize() : Promise.resolve({ id: 'sbx_tok_test' })
          },
          destroy: () => void calls.destroyed++,
        }
      },
    },
  }
  const emit = (next: Partial<HostedFieldsState> & { errors?: [string, string] }) => {
    state = {
      isReady: next.isReady ?? state.isReady,
      fields: state.fields.map((f, i) => ({ ...f, error: next.errors?.[i] ?? f.error })),
    }
    act(() => callback(state))
  }
  return { calls, emit }
}

function renderCard(form = new CardForm()) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  const view = render(
    <QueryClientProvider client={queryClient}>
      <CardFields form={form} config={config} />
    </QueryClientProvider>,
  )
  return { form, ...view }
}

const details = { exp_month: 12, exp_year: 2034, postal_code: '33132', name: 'Ada Lovelace', address1: '100 Biscayne Blvd' }

afterEach(() => {
  delete window.SandboxPay
})

describe('CardFields and getPaymentToken', () => {
  it('logs "Hosted fields not ready" and sends nothing when no card fields are on the page', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await new CardForm().getPaymentToken(details)).toBeNull()
    expect(errors).toHaveBeenCalledWith(HOSTED_FIELDS_NOT_READY)
    errors.mockClear()
  })

  it('logs "Hosted fields not ready" and asks the processor for nothing while its fields are loading', async () => {
    const { calls } = installLibrary()
    const { form } = renderCard()
    await waitFor(() => expect(calls.initialize).toHaveLength(1))
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await form.getPaymentToken(details)).toBeNull()
    expect(errors).toHaveBeenCalledWith('Hosted fields not ready')
    errors.mockClear()
    expect(calls.tokenize).toHaveLength(0)
  })

  it('puts the card number and CVV frames in their labelled fields and answers the token once ready', async () => {
    const { calls, emit } = installLibrary()
    const { form } = renderCard()
    await waitFor(() => expect(calls.initialize).toHaveLength(1))
    const [number, cvv] = calls.initialize[0].fields
    expect(number.input.type).toBe('credit_card_number')
    expect(cvv.input.type).toBe('cvv')
    expect(screen.getByRole('group', { name: 'Card number' }).querySelector('[data-hosted-frame="credit_card_number"]')).not.toBeNull()
    expect(screen.getByRole('group', { name: 'CVV' }).querySelector('[data-hosted-frame="cvv"]')).not.toBeNull()
    // Both are required, and marked so like the expiration date.
    for (const name of ['Card number', 'CVV']) {
      const labelId = screen.getByRole('group', { name }).getAttribute('aria-labelledby')!
      expect(document.getElementById(labelId)!.parentElement!.textContent).toBe(`${name}*`)
    }
    emit({ isReady: true })
    expect(await form.getPaymentToken(details)).toBe('sbx_tok_test')
    expect(calls.tokenize).toEqual([details])
  })

  it('shows cardError and cvvError under their fields as the processor reports them', async () => {
    const { calls, emit } = installLibrary()
    renderCard()
    await waitFor(() => expect(calls.initialize).toHaveLength(1))
    emit({ isReady: true, errors: ['Card number is not valid', 'CVV is required'] })
    const number = screen.getByRole('group', { name: 'Card number' })
    const cvv = screen.getByRole('group', { name: 'CVV' })
    expect(number).toHaveAccessibleDescription('Card number is not valid')
    expect(cvv).toHaveAccessibleDescription('CVV is required')
    emit({ errors: ['', ''] })
    expect(screen.queryByText('Card number is not valid')).not.toBeInTheDocument()
  })

  it('answers null and shows the reasons when the processor refuses the card details', async () => {
    const refusal = Object.assign(new Error('refused'), {
      messages: [
        { code: 'invalid_field', field: 'cvv', message: 'CVV is not valid' },
        { code: 'invalid_field', field: 'expiry', message: 'Your card has expired' },
      ],
    })
    const { calls, emit } = installLibrary({ tokenize: () => Promise.reject(refusal) })
    const { form } = renderCard()
    await waitFor(() => expect(calls.initialize).toHaveLength(1))
    emit({ isReady: true })
    let token: string | null = 'unset'
    await act(async () => {
      token = await form.getPaymentToken(details)
    })
    expect(token).toBeNull()
    expect(screen.getByRole('group', { name: 'CVV' })).toHaveAccessibleDescription('CVV is not valid')
    expect(screen.getByText('Your card has expired').closest('[role="alert"]')).not.toBeNull()
  })

  it('removes the frames when the form goes away, and is no longer ready', async () => {
    const { calls, emit } = installLibrary()
    const { form, unmount } = renderCard()
    await waitFor(() => expect(calls.initialize).toHaveLength(1))
    emit({ isReady: true })
    const host = screen.getByRole('group', { name: 'Card number' })
    unmount()
    expect(calls.destroyed).toBe(1)
    expect(host.childElementCount).toBe(0)
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {})
    expect(await form.getPaymentToken(details)).toBeNull()
    expect(errors).toHaveBeenCalledWith('Hosted fields not ready')
    errors.mockClear()
  })
})
