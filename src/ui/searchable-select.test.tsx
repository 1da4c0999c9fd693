import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { Field } from './field.tsx'
import { SearchableSelect } from './searchable-select.tsx'
import type { SelectOption } from './select.tsx'

const entityTypes: SelectOption[] = [
  { value: '1', label: 'Florida Limited Liability Company' },
  { value: '2', label: 'Florida Profit Corporation' },
  { value: '3', label: 'Florida Not For Profit Corporation' },
  { value: '4', label: 'Foreign Limited Liability Company' },
]

function optionNames() {
  return screen.queryAllByRole('option').map((option) => option.textContent)
}

describe('SearchableSelect', () => {
  beforeEach(() => {
    vi.useFakeTimers({ shouldAdvanceTime: true })
  })
  afterEach(() => {
    vi.useRealTimers()
  })
  const setup = () => userEvent.setup({ advanceTimers: vi.advanceTimersByTime })

  it('narrows the options 300 ms after the last key', async () => {
    const user = setup()
    render(<SearchableSelect label="Business entity type" options={entityTypes} />)
    const input = screen.getByRole('combobox', { name: 'Business entity type' })
    await user.click(input)
    expect(optionNames()).toHaveLength(4)

    await user.type(input, 'profit')
    act(() => vi.advanceTimersByTime(250))
    expect(optionNames()).toHaveLength(4)

    act(() => vi.advanceTimersByTime(60))
    expect(optionNames()).toEqual(['Florida Profit Corporation', 'Florida Not For Profit Corporation'])
  })

  it("says 'No results found.' when nothing matches", async () => {
    const user = setup()
    render(<SearchableSelect label="Business entity type" options={entityTypes} />)
    await user.type(screen.getByRole('combobox', { name: 'Business entity type' }), 'partnership')
    act(() => vi.advanceTimersByTime(300))
    expect(optionNames()).toEqual([])
    expect(screen.getByRole('status')).toHaveTextContent('No results found.')
  })

  it('chooses an option with the keyboard and reports it', async () => {
    const user = setup()
    const onValueChange = vi.fn()
    function Form() {
      const [value, setValue] = useState<string | null>(null)
      return (
        <Field label="Business entity type" required>
          <SearchableSelect
            options={entityTypes}
            value={value}
            onValueChange={(next, option) => {
              setValue(next)
              onValueChange(next, option)
            }}
          />
        </Field>
      )
    }
    render(<Form />)
    const input = screen.getByRole('combobox', { name: /Business entity type/ })
    await user.type(input, 'foreign')
    act(() => vi.advanceTimersByTime(300))
    await user.keyboard('{ArrowDown}{Enter}')
    expect(onValueChange).toHaveBeenCalledWith('4', entityTypes[3])
    expect(input).toHaveValue('Foreign Limited Liability Company')
  })

  it('asks onSearch once per pause and shows its answer', async () => {
    const user = setup()
    const onSearch = vi.fn(async (query: string) => entityTypes.filter((option) => option.label.toLowerCase().startsWith(query.toLowerCase())))
    render(<SearchableSelect label="Business entity type" options={[]} onSearch={onSearch} />)
    await user.type(screen.getByRole('combobox', { name: 'Business entity type' }), 'fore')
    expect(onSearch).not.toHaveBeenCalled()
    await act(async () => {
      vi.advanceTimersByTime(300)
    })
    expect(onSearch).toHaveBeenCalledExactlyOnceWith('fore')
    expect(await screen.findByRole('option', { name: 'Foreign Limited Liability Company' })).toBeInTheDocument()
    expect(optionNames()).toHaveLength(1)

    await user.type(screen.getByRole('combobox'), 'x')
    await act(async () => {
      vi.advanceTimersByTime(300)
    })
    expect(onSearch).toHaveBeenLastCalledWith('forex')
    expect(await screen.findByText('No results found.')).toBeInTheDocument()
  })
})
