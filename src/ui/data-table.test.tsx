import { act, render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { DataTable, DETAILED_SKELETON_ROWS, pageWindow, type ColumnDef, type PaginationState } from './data-table.tsx'
import { Toaster } from './toaster-root.tsx'

type Invoice = { id: string; number: string; company: string; total: number; status: 1 | 2 | 3 }

const companies = ['Sunshine Holdings LLC', 'Gulf Coast Ventures Inc', 'Keys Marine Corp']

function invoices(count: number): Invoice[] {
  return Array.from({ length: count }, (_, i) => ({
    id: String(i + 1),
    number: `INV-${String(i + 1).padStart(4, '0')}`,
    company: companies[i % companies.length],
    total: 100 + i,
    status: ((i % 3) + 1) as 1 | 2 | 3,
  }))
}

const columns: ColumnDef<Invoice, any>[] = [
  { accessorKey: 'number', header: 'Invoice #' },
  { accessorKey: 'company', header: 'Company' },
  { accessorKey: 'total', header: 'Total', meta: { align: 'end' } },
]

function bodyRows() {
  const [, body] = screen.getAllByRole('rowgroup')
  return within(body).getAllByRole('row')
}

function firstCells() {
  return bodyRows().map((row) => within(row).getAllByRole('cell')[0].textContent)
}

function pageNumbers() {
  const nav = screen.getByRole('navigation', { name: 'Invoices pagination' })
  return within(nav)
    .getAllByRole('button', { name: /^Page \d+$/ })
    .map((button) => button.textContent)
}

describe('DataTable', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
  })
  afterEach(() => {
    vi.useRealTimers()
  })

  const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime })

  it('applies a column filter only after 500 ms without typing', async () => {
    const user = setup()
    render(<DataTable label="Invoices" data={invoices(9)} columns={columns} />)
    expect(bodyRows()).toHaveLength(9)

    await user.type(screen.getByRole('searchbox', { name: 'Filter by Company' }), 'gulf')
    act(() => vi.advanceTimersByTime(450))
    expect(bodyRows()).toHaveLength(9)

    act(() => vi.advanceTimersByTime(60))
    expect(bodyRows()).toHaveLength(3)
    for (const row of bodyRows()) expect(row).toHaveTextContent('Gulf Coast Ventures Inc')
  })

  it('restarts the wait on each key', async () => {
    const user = setup()
    render(<DataTable label="Invoices" data={invoices(9)} columns={columns} />)
    const filter = screen.getByRole('searchbox', { name: 'Filter by Invoice #' })
    await user.type(filter, '000')
    act(() => vi.advanceTimersByTime(400))
    await user.type(filter, '1')
    act(() => vi.advanceTimersByTime(400))
    expect(bodyRows()).toHaveLength(9)
    act(() => vi.advanceTimersByTime(100))
    expect(firstCells()).toEqual(['INV-0001'])
  })

  it("shows 'No results.' when nothing matches and when there is no data", async () => {
    const user = setup()
    const { rerender } = render(<DataTable label="Invoices" data={invoices(5)} columns={columns} />)
    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'no such company')
    act(() => vi.advanceTimersByTime(500))
    expect(bodyRows()).toHaveLength(1)
    expect(screen.getByText('No results.')).toBeInTheDocument()

    rerender(<DataTable label="Invoices" data={[]} columns={columns} searchable={false} />)
    expect(screen.getByText('No results.')).toBeInTheDocument()
  })

  it('draws new rows behind loading placeholders, but an empty list passed again never flashes them', () => {
    const { rerender, container } = render(<DataTable label="Invoices" data={[]} columns={columns} />)
    const skeletonsAdded = () => {
      const seen: Node[] = []
      const observer = new MutationObserver((records) => records.forEach((record) => seen.push(...record.addedNodes)))
      observer.observe(container, { childList: true, subtree: true })
      return () => {
        seen.push(...observer.takeRecords().flatMap((record) => [...record.addedNodes]))
        observer.disconnect()
        return seen.some((node) => node instanceof Element && (node.matches('[data-skeleton]') || node.querySelector('[data-skeleton]') !== null))
      }
    }

    let stop = skeletonsAdded()
    rerender(<DataTable label="Invoices" data={[]} columns={columns} />)
    expect(stop()).toBe(false)
    expect(screen.getByText('No results.')).toBeInTheDocument()

    stop = skeletonsAdded()
    rerender(<DataTable label="Invoices" data={invoices(3)} columns={columns} />)
    expect(stop()).toBe(true)
    expect(bodyRows()).toHaveLength(3)
    expect(firstCells()).toEqual(['INV-0001', 'INV-0002', 'INV-0003'])
  })

  it('offers 10/20/50/100 per page, defaults to the given size and pages with a window of five numbers', async () => {
    const user = setup()
    render(<DataTable label="Invoices" data={invoices(300)} columns={columns} defaultPageSize={10} />)
    expect(bodyRows()).toHaveLength(10)
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5'])
    expect(screen.getByRole('button', { name: 'Page 1' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('button', { name: 'First page' })).toBeDisabled()
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Page 5' }))
    expect(pageNumbers()).toEqual(['3', '4', '5', '6', '7'])
    expect(firstCells()[0]).toBe('INV-0041')

    await user.click(screen.getByRole('button', { name: 'Next page' }))
    expect(pageNumbers()).toEqual(['4', '5', '6', '7', '8'])
    expect(screen.getByRole('button', { name: 'Page 6' })).toHaveAttribute('aria-current', 'page')

    await user.click(screen.getByRole('button', { name: 'Last page' }))
    expect(pageNumbers()).toEqual(['26', '27', '28', '29', '30'])
    expect(firstCells()[0]).toBe('INV-0291')
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled()

    await user.click(screen.getByRole('button', { name: 'Previous page' }))
    expect(firstCells()[0]).toBe('INV-0281')
    await user.click(screen.getByRole('button', { name: 'First page' }))
    expect(firstCells()[0]).toBe('INV-0001')

    const perPage = screen.getByRole('combobox', { name: 'Per Page' })
    const options = screen.getAllByRole('option').map((option) => option.textContent)
    expect(options).toEqual(['10', '20', '50', '100'])
    await user.selectOptions(perPage, '50')
    expect(bodyRows()).toHaveLength(50)
    expect(pageNumbers()).toEqual(['1', '2', '3', '4', '5'])
    await user.click(screen.getByRole('button', { name: 'Last page' }))
    expect(pageNumbers()).toEqual(['2', '3', '4', '5', '6'])
  }, 15_000)

  it('while loading, holds a placeholder row per row of the page and keeps the toolbar as it will be loaded', () => {
    const toolbar = <button type="button">Refresh</button>
    const { rerender, container } = render(<DataTable label="Invoices" data={[]} columns={columns} loading defaultPageSize={10} toolbar={toolbar} />)
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true')
    expect(screen.getByRole('status')).toHaveTextContent('Loading')
    const placeholders = container.querySelectorAll('tbody tr[data-skeleton]')
    expect(placeholders).toHaveLength(10)
    // One cell per column, like a real row.
    expect(placeholders[0].querySelectorAll('td')).toHaveLength(columns.length)
    expect(screen.queryByText('No results.')).toBeNull()
    const toolbarOf = () => screen.getByRole('searchbox', { name: 'Search invoices' }).closest('[class*="toolbar"]')!
    const slotsLoading = toolbarOf().lastElementChild!.children.length

    rerender(<DataTable label="Invoices" data={invoices(3)} columns={columns} defaultPageSize={10} toolbar={toolbar} />)
    expect(container.querySelectorAll('tbody tr[data-skeleton]')).toHaveLength(0)
    expect(firstCells()).toEqual(['INV-0001', 'INV-0002', 'INV-0003'])
    expect(screen.queryByRole('status')).toBeNull()
    // The spinner's slot stays (empty) so the controls keep their place and the toolbar its height.
    expect(toolbarOf().lastElementChild!.children.length).toBe(slotsLoading)
  })

  it('keeps the pagination bar out of sight (not "No rows") while the first page loads, so a short list does not move it on screen', () => {
    const { rerender } = render(<DataTable label="Invoices" data={[]} columns={columns} loading defaultPageSize={10} />)
    const bar = () => screen.getByRole('navigation', { name: 'Invoices pagination', hidden: true }).parentElement!
    expect(bar().className).toContain('vis_hidden')
    rerender(<DataTable label="Invoices" data={invoices(3)} columns={columns} defaultPageSize={10} />)
    expect(bar().className).not.toContain('vis_hidden')
    expect(screen.getByText('Showing 1–3 of 3')).toBeVisible()
    // A refresh of a page already shown keeps its bar.
    rerender(<DataTable label="Invoices" data={invoices(3)} columns={columns} loading defaultPageSize={10} />)
    expect(bar().className).not.toContain('vis_hidden')
  })

  it("lays out a column's own placeholder invisibly in loading rows, and real rows replace the placeholders", () => {
    const withActions: ColumnDef<Invoice, any>[] = [
      ...columns,
      { id: 'actions', header: 'Actions', cell: () => <button type="button">Pay</button>, meta: { placeholder: <span>Pay now</span> } },
    ]
    const { container, rerender } = render(<DataTable label="Invoices" data={[]} columns={withActions} loading defaultPageSize={2} />)
    const reserved = container.querySelectorAll('tbody tr[data-skeleton] td:last-child [aria-hidden="true"]')
    expect(reserved).toHaveLength(2)
    expect(reserved[0]).toHaveTextContent('Pay now')
    // Row ids that look like the placeholders' positions must not reuse them.
    rerender(<DataTable label="Invoices" data={invoices(2)} columns={withActions} defaultPageSize={2} getRowId={(row) => String(Number(row.id) - 1)} />)
    expect(container.querySelectorAll('tbody tr[data-skeleton]')).toHaveLength(0)
    expect(screen.getAllByRole('button', { name: 'Pay' })).toHaveLength(2)
  })

  it('caps the placeholder rows of a large page and announces loading without a toolbar', () => {
    const { container } = render(<DataTable label="Invoices" data={[]} columns={columns} loading defaultPageSize={100} searchable={false} />)
    expect(container.querySelectorAll('tbody tr[data-skeleton]')).toHaveLength(50)
    expect(screen.getByRole('status')).toHaveTextContent('Loading')
    expect(screen.queryByRole('searchbox', { name: 'Search invoices' })).toBeNull()
  })

  it('gives the placeholder rows a screen shows a cell per column, and the rest one cell holding their height', () => {
    const withActions: ColumnDef<Invoice, any>[] = [
      ...columns,
      { id: 'actions', header: 'Actions', cell: () => <button type="button">Pay</button>, meta: { placeholder: <span>Pay now</span> } },
    ]
    const { container } = render(<DataTable label="Invoices" data={[]} columns={withActions} loading defaultPageSize={20} />)
    const rows = [...container.querySelectorAll('tbody tr[data-skeleton]')]
    expect(rows).toHaveLength(20)
    const cellCounts = rows.map((row) => row.querySelectorAll('td').length)
    expect(cellCounts).toEqual([...Array(DETAILED_SKELETON_ROWS).fill(withActions.length), ...Array(20 - DETAILED_SKELETON_ROWS).fill(1)])
    const spanning = rows[DETAILED_SKELETON_ROWS].querySelector('td')!
    expect(spanning).toHaveAttribute('colspan', String(withActions.length))
    // The column's own placeholder sets the row's height there too, unseen.
    expect(spanning).toHaveTextContent('Pay now')
    expect(spanning.firstElementChild).toHaveAttribute('aria-hidden', 'true')
  })

  it('draws a long first page in two steps, the rows a screen shows and then the rest, and never puts drawn rows back', async () => {
    const { rerender, container } = render(<DataTable label="Invoices" data={[]} columns={columns} loading defaultPageSize={20} />)
    const added: string[] = []
    const observer = new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) if (node instanceof HTMLTableRowElement) added.push(node.hasAttribute('data-skeleton') ? 'placeholder' : 'row')
    })
    observer.observe(container, { childList: true, subtree: true })
    rerender(<DataTable label="Invoices" data={invoices(20)} columns={columns} defaultPageSize={20} />)
    await waitFor(() => expect(container.querySelectorAll('tbody tr:not([data-skeleton])')).toHaveLength(20))
    const rest = 20 - DETAILED_SKELETON_ROWS
    await waitFor(() => expect(added).toHaveLength(20 + rest))
    expect(added).toEqual([...Array(DETAILED_SKELETON_ROWS).fill('row'), ...Array(rest).fill('placeholder'), ...Array(rest).fill('row')])
    expect(container.querySelectorAll('tbody tr[data-skeleton]')).toHaveLength(0)

    // Other rows later (the next page, a refresh) replace the drawn ones at once.
    added.length = 0
    const next = invoices(20).map((invoice) => ({ ...invoice, id: `next-${invoice.id}`, number: `NEXT-${invoice.number}` }))
    rerender(<DataTable label="Invoices" data={next} columns={columns} defaultPageSize={20} />)
    await waitFor(() => expect(firstCells()[19]).toBe('NEXT-INV-0020'))
    observer.disconnect()
    expect(added).not.toContain('placeholder')
    expect(container.querySelectorAll('tbody tr[data-skeleton]')).toHaveLength(0)
  })

  it('computes the page window at the edges', () => {
    expect(pageWindow(0, 3)).toEqual([0, 1, 2])
    expect(pageWindow(0, 10)).toEqual([0, 1, 2, 3, 4])
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7])
    expect(pageWindow(9, 10)).toEqual([5, 6, 7, 8, 9])
    expect(pageWindow(0, 0)).toEqual([])
  })

  it('sorts by a clicked header and says so with aria-sort', async () => {
    const user = setup()
    render(<DataTable label="Invoices" data={invoices(4)} columns={columns} />)
    const header = screen.getByRole('columnheader', { name: /Total/ })
    expect(header).toHaveAttribute('aria-sort', 'none')
    await user.click(within(header).getByRole('button'))
    expect(header).toHaveAttribute('aria-sort', 'ascending')
    expect(firstCells()).toEqual(['INV-0001', 'INV-0002', 'INV-0003', 'INV-0004'])
    await user.click(within(header).getByRole('button'))
    expect(header).toHaveAttribute('aria-sort', 'descending')
    expect(firstCells()).toEqual(['INV-0004', 'INV-0003', 'INV-0002', 'INV-0001'])
  })

  it('numbers rows across pages', async () => {
    const user = setup()
    render(<DataTable label="Invoices" data={invoices(25)} columns={columns} serialNumbers />)
    expect(firstCells().slice(0, 2)).toEqual(['1', '2'])
    await user.click(screen.getByRole('button', { name: 'Page 2' }))
    expect(firstCells()).toEqual(['21', '22', '23', '24', '25'])
  })

  describe('selection', () => {
    const canSelectRow = (invoice: Invoice) => (invoice.status === 1 ? 'You can only pay unpaid invoices' : true)

    it('reports selected rows and refuses rows the page may not select, with a message', async () => {
      const user = setup()
      const onSelectionChange = vi.fn()
      render(
        <>
          <Toaster />
          <DataTable
            label="Invoices"
            data={invoices(6)}
            columns={columns}
            selectable
            canSelectRow={canSelectRow}
            rowLabel={(invoice) => `invoice ${invoice.number}`}
            onSelectionChange={onSelectionChange}
          />
        </>,
      )

      await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-0002' }))
      expect(onSelectionChange).toHaveBeenLastCalledWith([expect.objectContaining({ number: 'INV-0002' })])
      expect(screen.getByRole('checkbox', { name: 'Select invoice INV-0002' })).toBeChecked()

      // INV-0001 has status 1 (paid).
      const paid = screen.getByRole('checkbox', { name: 'Select invoice INV-0001' })
      expect(paid).toHaveAccessibleDescription('You can only pay unpaid invoices')
      await user.click(paid)
      expect(paid).not.toBeChecked()
      expect(await screen.findByText('You can only pay unpaid invoices', { selector: '[data-title]' })).toBeInTheDocument()
      expect(onSelectionChange).toHaveBeenCalledTimes(1)

      await user.click(screen.getByRole('checkbox', { name: 'Select invoice INV-0002' }))
      expect(onSelectionChange).toHaveBeenLastCalledWith([])
    })

    it('selects every selectable row of the page with the header checkbox', async () => {
      const user = setup()
      const onSelectionChange = vi.fn()
      render(
        <DataTable
          label="Invoices"
          data={invoices(30)}
          columns={columns}
          selectable
          canSelectRow={canSelectRow}
          defaultPageSize={10}
          onSelectionChange={onSelectionChange}
        />,
      )
      const selectAll = screen.getByRole('checkbox', { name: 'Select all rows on this page' })
      await user.click(selectAll)
      const selected = onSelectionChange.mock.lastCall?.[0] as Invoice[]
      // Rows 1..10 of which 1, 4, 7, 10 are paid.
      expect(selected.map((invoice) => invoice.number)).toEqual(['INV-0002', 'INV-0003', 'INV-0005', 'INV-0006', 'INV-0008', 'INV-0009'])
      expect(selectAll).toBeChecked()

      await user.click(screen.getByRole('checkbox', { name: 'Select row 2' }))
      expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toBePartiallyChecked()
    })
  })

  it('in manual mode reports paging to the caller and shows the pages the server counts', async () => {
    const user = setup()
    const onPaginationChange = vi.fn<(next: PaginationState) => void>()
    const onGlobalFilterChange = vi.fn<(next: string) => void>()
    render(
      <DataTable
        label="Invoices"
        manual
        data={invoices(20)}
        rowCount={1000}
        columns={columns}
        pagination={{ pageIndex: 0, pageSize: 20 }}
        onPaginationChange={onPaginationChange}
        onGlobalFilterChange={onGlobalFilterChange}
      />,
    )
    expect(screen.getByText('Showing 1–20 of 1000')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Last page' }))
    expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 49, pageSize: 20 })

    await user.type(screen.getByRole('searchbox', { name: 'Search invoices' }), 'gulf')
    expect(onGlobalFilterChange).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(500))
    expect(onGlobalFilterChange).toHaveBeenCalledExactlyOnceWith('gulf')
    expect(onPaginationChange).toHaveBeenLastCalledWith({ pageIndex: 0, pageSize: 20 })
  })

  it('says "about" when the server estimates the total of a very large list', () => {
    render(
      <DataTable
        label="Documents"
        manual
        data={invoices(20)}
        rowCount={1234567}
        rowCountIsEstimate
        columns={columns}
        pagination={{ pageIndex: 0, pageSize: 20 }}
      />,
    )
    expect(screen.getByText('Showing 1–20 of about 1,234,567')).toBeInTheDocument()
  })
})
