import type { Document } from '@contract/documents'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ArchiveActions } from './archive-download'
import { archiveRefusal } from './archive-selection'

const rows = [{ id: 1, sizeBytes: 10, status: 'active' } as Document]
const handlers = () => ({ onSelectAllMatching: vi.fn(), onClear: vi.fn(), onRefused: vi.fn() })

describe('the documents table’s selection actions', () => {
  it('offer "Select all N matching" beside the download of the ticked rows', async () => {
    const on = handlers()
    render(<ArchiveActions selection={{ kind: 'rows', documents: rows }} offer={{ count: 42, countIsEstimate: false }} refusal={null} {...on} />)
    expect(screen.getByRole('button', { name: 'Download 1 as ZIP' })).toBeEnabled()
    await userEvent.click(screen.getByRole('button', { name: 'Select all 42 matching' }))
    expect(on.onSelectAllMatching).toHaveBeenCalledOnce()
  })

  it('once chosen, download all matching or clear the choice', async () => {
    const on = handlers()
    render(<ArchiveActions selection={{ kind: 'matching', filter: { q: 'tax' }, count: 42, countIsEstimate: false }} offer={null} refusal={null} {...on} />)
    expect(screen.queryByRole('button', { name: /^Select all/ })).toBeNull()
    expect(screen.getByRole('button', { name: 'Download all 42 matching as ZIP' })).toBeEnabled()
    await userEvent.click(screen.getByRole('button', { name: 'Clear selection' }))
    expect(on.onClear).toHaveBeenCalledOnce()
  })

  it('turn the download off when more match than one ZIP holds', () => {
    const selection = { kind: 'matching', filter: { q: 'tax' }, count: 1_234, countIsEstimate: false } as const
    render(<ArchiveActions selection={selection} offer={null} refusal={archiveRefusal(selection)} {...handlers()} />)
    expect(screen.getByRole('button', { name: 'Download all 1,234 matching as ZIP' })).toBeDisabled()
  })

  it('show nothing with nothing selected', () => {
    const { container } = render(<ArchiveActions selection={null} offer={null} refusal={null} {...handlers()} />)
    expect(container).toBeEmptyDOMElement()
  })
})
