import { INVOICE_STATUS_LABELS, type Invoice } from '@contract/invoices'
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router'
import { render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import type { ReactNode } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { Toaster } from '~/ui/toaster-root'
import { InvoicesTable, type InvoiceLinkTarget } from './invoices-table'
import { DEFAULT_INVOICE_LIST_STATE } from './list-params'

const client = {
  id: 4,
  companyName: 'Sunshine Holdings LLC',
  firstName: 'Dana',
  lastName: 'Reyes',
  address: '100 Biscayne Blvd',
  city: 'Miami',
  stateProvince: 'FL',
  zipcode: '33132',
  country: 'United States',
}

const invoices: Invoice[] = [
  {
    id: 11,
    invoiceId: 'INV-2026-000011',
    invoiceDate: '2026-05-01T16:00:00Z',
    dueDate: '2026-05-31T16:00:00Z',
    paidDate: '2026-05-02T16:00:00Z',
    total: 399,
    status: 1,
    client,
  },
  {
    id: 12,
    invoiceId: 'INV-2026-000012',
    invoiceDate: '2026-06-01T16:00:00Z',
    dueDate: '2026-07-01T16:00:00Z',
    paidDate: null,
    total: 78.5,
    status: 2,
    client,
  },
  {
    id: 13,
    invoiceId: 'INV-2026-000013',
    invoiceDate: '2026-04-01T16:00:00Z',
    dueDate: '2026-05-01T16:00:00Z',
    paidDate: null,
    total: 1049,
    status: 3,
    client,
  },
  { id: 14, invoiceId: 'INV-2026-000014', invoiceDate: '2026-03-01T16:00:00Z', dueDate: '2026-04-01T16:00:00Z', paidDate: null, total: 10, status: 9, client },
]

/** Renders inside a router, as the pages are (the Action links need one). */
async function renderTable(linkTarget: InvoiceLinkTarget, selectable: boolean, onSelectionChange = vi.fn()) {
  const ui: ReactNode = (
    <>
      <Toaster />
      <InvoicesTable
        invoices={invoices}
        total={invoices.length}
        state={DEFAULT_INVOICE_LIST_STATE}
        onStateChange={() => undefined}
        labels={INVOICE_STATUS_LABELS}
        linkTarget={linkTarget}
        selectable={selectable}
        rowSelection={{}}
        onRowSelectionChange={() => undefined}
        onSelectionChange={onSelectionChange}
        loading={false}
      />
    </>
  )
  const router = createRouter({ routeTree: createRootRoute({ component: () => ui }), history: createMemoryHistory({ initialEntries: ['/'] }) })
  render(<RouterProvider router={router} />)
  await screen.findByRole('table', { name: 'Invoices' })
  // The rows are drawn just after the rest of the table.
  await screen.findByRole('row', { name: /INV-2026-000011/ })
  return onSelectionChange
}

function rowOf(number: string) {
  return screen.getByRole('row', { name: new RegExp(number) })
}

describe('InvoicesTable', () => {
  it('shows dates as Do MMMM, YYYY, N/A for the due date of a paid invoice, money and status labels', async () => {
    await renderTable('client', true)
    const paid = within(rowOf('INV-2026-000011'))
    expect(paid.getByText('1st May, 2026')).toBeInTheDocument()
    expect(paid.getByText('N/A')).toBeInTheDocument()
    expect(paid.getByText('2nd May, 2026')).toBeInTheDocument()
    expect(paid.getByText('$399.00')).toBeInTheDocument()
    expect(paid.getByText('PAID')).toBeInTheDocument()
    expect(within(rowOf('INV-2026-000012')).getByText('UNPAID')).toBeInTheDocument()
    expect(within(rowOf('INV-2026-000012')).getByText('$78.50')).toBeInTheDocument()
    expect(within(rowOf('INV-2026-000013')).getByText('OVERDUE')).toBeInTheDocument()
    expect(within(rowOf('INV-2026-000013')).getByText('$1,049.00')).toBeInTheDocument()
    expect(within(rowOf('INV-2026-000014')).getByText('Unknown')).toBeInTheDocument()
  })

  it('links clients to their invoice route', async () => {
    await renderTable('client', true)
    expect(screen.getByRole('link', { name: 'View invoice INV-2026-000012' })).toHaveAttribute('href', '/client/invoices/12')
  })

  it('links agents with ICV to the provider route', async () => {
    await renderTable('provider', false)
    expect(screen.getByRole('link', { name: 'View invoice INV-2026-000012' })).toHaveAttribute('href', '/provider/invoices/12')
    expect(screen.queryAllByRole('checkbox')).toHaveLength(0)
  })

  it('leaves the Action column out for an agent without ICV', async () => {
    await renderTable(null, false)
    expect(screen.queryByRole('columnheader', { name: 'Action' })).not.toBeInTheDocument()
    expect(screen.queryAllByRole('link')).toHaveLength(0)
  })

  it("refuses a paid invoice (and an unknown status) with 'You can only pay unpaid invoices'", async () => {
    const user = userEvent.setup()
    const onSelectionChange = await renderTable('client', true)
    const paid = screen.getByRole('checkbox', { name: 'Select invoice INV-2026-000011' })
    expect(paid).toHaveAccessibleDescription('You can only pay unpaid invoices')
    expect(screen.getByRole('checkbox', { name: 'Select invoice INV-2026-000014' })).toHaveAccessibleDescription('You can only pay unpaid invoices')
    await user.click(paid)
    expect(await screen.findByText('You can only pay unpaid invoices', { selector: '[data-title]' })).toBeInTheDocument()
    expect(paid).not.toBeChecked()
    expect(onSelectionChange).not.toHaveBeenCalled()

    await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-2026-000013' }))
    expect(onSelectionChange).toHaveBeenLastCalledWith([expect.objectContaining({ id: 13 })])
  })
})
