import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { PaymentMethodsPanel } from './billing-panels'
import { autopayQueryOptions, paymentMethodsQueryOptions } from './saved-cards'

afterEach(cleanup)

const visa = { id: 7, brand: 'visa', last4: '4242', expMonth: 4, expYear: 2029, isDefault: true }
const master = { id: 8, brand: 'mastercard', last4: '4444', expMonth: 11, expYear: 2030, isDefault: false }

function renderPanel(autopay: { enabled: boolean; paymentMethodId: number | null }, cards = [visa, master]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: Infinity } } })
  queryClient.setQueryData(paymentMethodsQueryOptions(3).queryKey, { data: cards })
  queryClient.setQueryData(autopayQueryOptions(3).queryKey, {
    ...autopay,
    paymentMethod: cards.find((card) => card.id === autopay.paymentMethodId) ?? null,
  })
  render(
    <QueryClientProvider client={queryClient}>
      <PaymentMethodsPanel clientId={3} />
    </QueryClientProvider>,
  )
}

describe('PaymentMethodsPanel', () => {
  it('lists the saved cards by brand, last four and expiry, the default and the auto-pay card marked, each with its own Remove', () => {
    renderPanel({ enabled: true, paymentMethodId: 8 })
    const items = screen.getAllByRole('listitem').map((item) => item.textContent)
    expect(items[0]).toContain('Visa ending in 4242, expires 04/29 (default)')
    expect(items[1]).toContain('Mastercard ending in 4444, expires 11/30 · used for auto-pay')
    expect(screen.getByRole('button', { name: 'Remove Visa ending in 4242' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Remove Mastercard ending in 4444' })).toBeTruthy()
    expect((screen.getByRole('checkbox', { name: 'Pay my invoices automatically' }) as HTMLInputElement).checked).toBe(true)
    expect((screen.getByRole('combobox', { name: 'Card to charge' }) as HTMLSelectElement).value).toBe('8')
  })

  it('offers no auto-pay switch until a card is saved', () => {
    renderPanel({ enabled: false, paymentMethodId: null }, [])
    expect(screen.getByText(/No saved cards yet/)).toBeTruthy()
    expect(screen.getByText('Save a card first to switch auto-pay on.')).toBeTruthy()
    expect(screen.queryByRole('checkbox')).toBeNull()
  })
})
