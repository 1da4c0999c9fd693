import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ProgressBar, stepStatuses } from './progress-bar'
import type { StepId, WizardFlavor } from './steps'

function renderBar(flavor: WizardFlavor, current: StepId | 'done') {
  const root = createRootRoute({ component: () => <ProgressBar flavor={flavor} current={current} /> })
  const router = createRouter({ routeTree: root, history: createMemoryHistory({ initialEntries: ['/'] }) })
  render(<RouterProvider router={router} />)
}

describe('the wizard progress bar', () => {
  it('marks earlier steps completed, the current one active and later ones pending, then Done', () => {
    expect(stepStatuses('public', 'address')).toEqual([
      { step: 'company', status: 'completed' },
      { step: 'address', status: 'active' },
      { step: 'personal', status: 'pending' },
      { step: 'order', status: 'pending' },
      { step: 'done', status: 'pending' },
    ])
    expect(stepStatuses('staff', 'done').every((column) => column.status === 'completed')).toBe(true)
  })

  it('lists the public steps in their order, names the current step, and links back to completed ones', async () => {
    renderBar('public', 'personal')
    const items = within(await screen.findByRole('navigation', { name: 'Progress' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      // Completed columns show a check mark instead of their number.
      'Company Details, completed',
      'Choose Address, completed',
      '3Personal Information, current step',
      '4Order Summary, not started',
      '5Done, not started',
    ])
    expect(items[2]).toHaveAttribute('aria-current', 'step')
    expect(within(items[0]).getByRole('link')).toHaveAttribute('href', '/signup/company-details')
    expect(within(items[3]).queryByRole('link')).toBeNull()
  })

  it('follows the staff order and names the company step Company Information', async () => {
    renderBar('staff', 'personal')
    const items = within(await screen.findByRole('navigation', { name: 'Progress' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent?.replace(/^\d/, '').replace(/,.*$/, ''))).toEqual([
      'Personal Information',
      'Company Information',
      'Choose Address',
      'Order Summary',
      'Done',
    ])
  })

  it('a client adding a company has no Personal Information: three steps and Done, linking to the in-portal wizard', async () => {
    renderBar('company', 'order')
    const items = within(await screen.findByRole('navigation', { name: 'Progress' })).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      'Company Details, completed',
      'Choose Address, completed',
      '3Order Summary, current step',
      '4Done, not started',
    ])
    expect(within(items[0]).getByRole('link')).toHaveAttribute('href', '/client/add-company/company-details')
    expect(within(items[1]).getByRole('link')).toHaveAttribute('href', '/client/add-company/choose-address')
  })
})
