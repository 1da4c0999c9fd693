import { Combobox, createListCollection } from '@ark-ui/react/combobox'
import { Portal } from '@ark-ui/react/portal'
import { useMemo, useRef, useState, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { select } from 'styled-system/recipes'
import { useDebouncedCallback } from '~/lib/debounce.ts'
import { useArkFieldProps, useFieldControlProps } from './field.tsx'
import { CheckIcon, ChevronDownIcon } from './icons.tsx'
import type { SelectOption } from './select.tsx'
import { Spinner, visuallyHiddenClass } from './spinner.tsx'

/** The searchable select filters 300 ms after the last key. */
export const SELECT_SEARCH_DEBOUNCE_MS = 300
export const NO_OPTIONS_TEXT = 'No results found.'

export type SearchableSelectProps = {
  /** All options (filtered here), or the first options shown before an `onSearch` answer. */
  options?: SelectOption[]
  /** Asks the caller (e.g. the API) for options matching the query; replaces local filtering. */
  onSearch?: (query: string) => Promise<SelectOption[]> | SelectOption[]
  value?: string | null
  defaultValue?: string
  onValueChange?: (value: string | null, option: SelectOption | null) => void
  /** Visible label; leave out inside a Field, which supplies it. */
  label?: ReactNode
  hideLabel?: boolean
  placeholder?: string
  name?: string
  disabled?: boolean
  emptyText?: string
  debounceMs?: number
  className?: string
}

function matches(option: SelectOption, query: string) {
  return option.label.toLowerCase().includes(query.trim().toLowerCase())
}

/**
 * A combobox: type to narrow the list (300 ms debounce), arrows and Enter to choose,
 * 'No results found.' when nothing matches. With `onSearch` the options come from the caller.
 */
export function SearchableSelect({
  options = [],
  onSearch,
  value,
  defaultValue,
  onValueChange,
  label,
  hideLabel = false,
  placeholder = 'Type to search…',
  name,
  disabled,
  emptyText = NO_OPTIONS_TEXT,
  debounceMs = SELECT_SEARCH_DEBOUNCE_MS,
  className,
}: SearchableSelectProps) {
  const classes = select()
  // Inside a Field: its label names the control and its states apply.
  const inField = useArkFieldProps('input')
  const { 'aria-describedby': describedBy } = useFieldControlProps()
  const [query, setQuery] = useState('')
  const [remote, setRemote] = useState<{ options: SelectOption[]; loading: boolean } | null>(null)
  const latestSearch = useRef(0)
  // Options once chosen stay known, so the input can show the label of a remote choice.
  const known = useRef(new Map<string, SelectOption>())
  for (const option of options) known.current.set(option.value, option)

  const search = useDebouncedCallback((next: string) => {
    setQuery(next)
    if (!onSearch) return
    const ticket = ++latestSearch.current
    setRemote((old) => ({ options: old?.options ?? options, loading: true }))
    Promise.resolve(onSearch(next)).then(
      (found) => {
        if (ticket !== latestSearch.current) return
        for (const option of found) known.current.set(option.value, option)
        setRemote({ options: found, loading: false })
      },
      () => {
        if (ticket === latestSearch.current) setRemote({ options: [], loading: false })
      },
    )
  }, debounceMs)

  const visible = onSearch ? (remote?.options ?? options) : options.filter((option) => matches(option, query))
  const loading = Boolean(onSearch && remote?.loading)
  // `visible` is a new array on each render; rebuild the collection only when its content changes.
  const contentKey = visible.map((option) => `${option.value}\u0000${option.label}\u0000${option.disabled ?? ''}`).join('\u0001')
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed on the options' content, not the array
  const collection = useMemo(() => createListCollection({ items: visible, isItemDisabled: (item) => Boolean(item.disabled) }), [contentKey])

  // The listbox holds options only (ARIA); the searching and empty messages sit beside it.
  const message = loading ? (
    <>
      <Spinner size="sm" label={null} /> Searching…
    </>
  ) : collection.items.length === 0 ? (
    emptyText
  ) : null
  const content = (
    <Combobox.Positioner className={classes.positioner}>
      <Combobox.Content className={cx(classes.content, hideWhenEmpty)}>
        {!loading &&
          collection.items.map((item) => (
            <Combobox.Item key={item.value} item={item} className={classes.item}>
              <Combobox.ItemText className={classes.itemText}>{item.label}</Combobox.ItemText>
              <Combobox.ItemIndicator className={classes.itemIndicator}>
                <CheckIcon />
              </Combobox.ItemIndicator>
            </Combobox.Item>
          ))}
      </Combobox.Content>
      <Combobox.Context>
        {(combobox) =>
          combobox.open &&
          message && (
            <div role="status" className={cx(classes.content, classes.empty)}>
              {message}
            </div>
          )
        }
      </Combobox.Context>
    </Combobox.Positioner>
  )

  return (
    <Combobox.Root<SelectOption>
      collection={collection}
      className={cx(classes.root, className)}
      value={value === undefined ? undefined : value === null ? [] : [value]}
      defaultValue={defaultValue === undefined ? undefined : [defaultValue]}
      onValueChange={(details) => {
        const chosen = details.value[0] ?? null
        onValueChange?.(chosen, chosen === null ? null : (details.items[0] ?? known.current.get(chosen) ?? null))
      }}
      onInputValueChange={(details) => {
        if (details.reason === 'input-change') search(details.inputValue)
      }}
      onOpenChange={(details) => {
        // Each opening starts from the whole list.
        if (!details.open) {
          search.cancel()
          setQuery('')
        }
      }}
      openOnClick
      name={name}
      {...inField}
      disabled={disabled ?? inField.disabled}
      positioning={{ sameWidth: true }}
    >
      {label && !inField.ids && <Combobox.Label className={hideLabel ? visuallyHiddenClass : classes.label}>{label}</Combobox.Label>}
      <Combobox.Control className={classes.control}>
        <Combobox.Input className={classes.input} placeholder={placeholder} aria-describedby={describedBy} />
        <Combobox.Trigger className={cx(classes.indicator, triggerPosition)} aria-label="Show options">
          <ChevronDownIcon />
        </Combobox.Trigger>
      </Combobox.Control>
      <Portal>{content}</Portal>
    </Combobox.Root>
  )
}

const hideWhenEmpty = css({ '&:empty': { display: 'none' } })
const triggerPosition = css({
  position: 'absolute',
  right: '2',
  h: '8',
  w: '8',
  justifyContent: 'center',
  alignItems: 'center',
  cursor: 'pointer',
  borderRadius: 'sm',
})
