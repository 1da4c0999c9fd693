import { act, render, screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { notify } from './toaster.tsx'
import { Toaster } from './toaster-root.tsx'

describe('notify', () => {
  it('dismisses the "Payment failed" of a declined card when the retry succeeds', async () => {
    render(<Toaster />)
    act(() => notify.payment('Payment failed', false))
    expect(await screen.findByText('Payment failed')).toBeTruthy()
    act(() => notify.payment('Payment successful', true))
    expect(await screen.findByText('Payment successful')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('Payment failed')).toBeNull())
  })

  it('shows the same message raised twice once, and two different ones apart', async () => {
    render(<Toaster />)
    act(() => {
      notify.error('You can only pay unpaid invoices')
      notify.error('You can only pay unpaid invoices')
      notify.error('The PDF could not be downloaded. Please try again.')
    })
    expect(await screen.findByText('The PDF could not be downloaded. Please try again.')).toBeTruthy()
    expect(screen.getAllByText('You can only pay unpaid invoices')).toHaveLength(1)
    act(() => notify.error('You can only pay unpaid invoices'))
    await waitFor(() => expect(screen.getAllByText('You can only pay unpaid invoices')).toHaveLength(1))
  })

  it('dismisses earlier error toasts when a submit succeeds', async () => {
    render(<Toaster />)
    act(() => notify.error('Your card was declined'))
    expect(await screen.findByText('Your card was declined')).toBeTruthy()
    act(() => {
      notify.dismissErrors()
      notify.success('Client registered successfully')
    })
    expect(await screen.findByText('Client registered successfully')).toBeTruthy()
    await waitFor(() => expect(screen.queryByText('Your card was declined')).toBeNull())
  })
})
