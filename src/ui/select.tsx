import { Portal } from '@ark-ui/react/portal'
import { Select as ArkSelect, createListCollection } from '@ark-ui/react/select'
import { useMemo, type ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { select } from 'styled-system/recipes'
import { useArkFieldProps, useFieldControlProps } from './field.tsx'
import { CheckIcon, ChevronDownIcon } from './icons.tsx'
import { visuallyHiddenClass } from './spinner.tsx'

export type SelectOption = { value: string; label: string; disabled?: boolean }

export type SelectProps = {
  options: SelectOption[]
  value?: string | null
  defaultValue?: string
  onValueChange?: (value: string | null) => void
  placeholder?: string
  /** Visible label; leave out inside a Field, which supplies it. */
  label?: ReactNode
  /** Keep the label for screen readers only. */
  hideLabel?: boolean
  name?: string
  disabled?: boolean
  className?: string
  /** Render the list in a portal (default); turn off inside scroll-locked containers if needed. */
  portal?: boolean
}

/** A single-choice listbox (Ark Select) with type-ahead and full keyboard use. */
export function Select({
  options,
  value,
  defaultValue,
  onValueChange,
  placeholder = 'Select…',
  label,
  hideLabel = false,
  name,
  disabled,
  className,
  portal = true,
}: SelectProps) {
  const classes = select()
  // Inside a Field: its label names the control and its states apply.
  const inField = useArkFieldProps('hiddenSelect')
  const { 'aria-describedby': describedBy } = useFieldControlProps()
  const collection = useMemo(() => createListCollection({ items: options, isItemDisabled: (item) => Boolean(item.disabled) }), [options])
  const content = (
    <ArkSelect.Positioner className={classes.positioner}>
      <ArkSelect.Content className={classes.content}>
        {collection.items.map((item) => (
          <ArkSelect.Item key={item.value} item={item} className={classes.item}>
            <ArkSelect.ItemText className={classes.itemText}>{item.label}</ArkSelect.ItemText>
            <ArkSelect.ItemIndicator className={classes.itemIndicator}>
              <CheckIcon />
            </ArkSelect.ItemIndicator>
          </ArkSelect.Item>
        ))}
      </ArkSelect.Content>
    </ArkSelect.Positioner>
  )
  return (
    <ArkSelect.Root<SelectOption>
      collection={collection}
      className={cx(classes.root, className)}
      value={value === undefined ? undefined : value === null ? [] : [value]}
      defaultValue={defaultValue === undefined ? undefined : [defaultValue]}
      onValueChange={onValueChange && ((details) => onValueChange(details.value[0] ?? null))}
      name={name}
      {...inField}
      disabled={disabled ?? inField.disabled}
      positioning={{ sameWidth: true }}
    >
      {label && !inField.ids && <ArkSelect.Label className={hideLabel ? visuallyHiddenClass : classes.label}>{label}</ArkSelect.Label>}
      <ArkSelect.Control className={classes.control}>
        <ArkSelect.Trigger className={classes.trigger} aria-describedby={describedBy}>
          <ArkSelect.ValueText className={classes.valueText} placeholder={placeholder} />
          <ArkSelect.Indicator className={classes.indicator}>
            <ChevronDownIcon />
          </ArkSelect.Indicator>
        </ArkSelect.Trigger>
      </ArkSelect.Control>
      {portal ? <Portal>{content}</Portal> : content}
      <ArkSelect.HiddenSelect />
    </ArkSelect.Root>
  )
}
