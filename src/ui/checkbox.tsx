import { Checkbox as ArkCheckbox, type CheckboxCheckedChangeDetails } from '@ark-ui/react/checkbox'
import { useId, useLayoutEffect, useRef, type MouseEventHandler, type ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { checkbox, field as fieldRecipe } from 'styled-system/recipes'
import { CheckIcon, MinusIcon } from './icons.tsx'
import { visuallyHiddenClass } from './spinner.tsx'

export type CheckedState = boolean | 'indeterminate'

export type CheckboxProps = {
  /** Always give a label; `hideLabel` keeps it for screen readers only (e.g. row selection). */
  label: ReactNode
  hideLabel?: boolean
  checked?: CheckedState
  defaultChecked?: CheckedState
  onCheckedChange?: (checked: CheckedState) => void
  disabled?: boolean
  required?: boolean
  readOnly?: boolean
  name?: string
  value?: string
  error?: string | null
  className?: string
  /** Extra text the checkbox points to with aria-describedby (e.g. why it is disabled). */
  description?: string
  /** Also fires on a read-only checkbox, e.g. to say why it cannot change. */
  onClick?: MouseEventHandler<HTMLInputElement>
}

export function Checkbox({ label, hideLabel = false, error, description, className, onCheckedChange, onClick, ...props }: CheckboxProps) {
  const classes = checkbox()
  const id = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  // Ark leaves the native input's `indeterminate` unset when the state starts or lands there in some
  // orders; screen readers read the input, so keep it true to the state.
  const indeterminate = props.checked === 'indeterminate'
  useLayoutEffect(() => {
    if (inputRef.current) inputRef.current.indeterminate = indeterminate
  })
  const errorId = `${id}-error`
  const descriptionId = `${id}-description`
  const describedBy = [description && descriptionId, error && errorId].filter(Boolean).join(' ') || undefined
  return (
    <ArkCheckbox.Root
      className={cx(classes.root, className)}
      invalid={Boolean(error)}
      onCheckedChange={onCheckedChange && ((details: CheckboxCheckedChangeDetails) => onCheckedChange(details.checked))}
      {...props}
    >
      <ArkCheckbox.Control className={classes.control}>
        <ArkCheckbox.Indicator className={classes.indicator}>
          <CheckIcon size="100%" strokeWidth={3} />
        </ArkCheckbox.Indicator>
        <ArkCheckbox.Indicator indeterminate className={classes.indicator}>
          <MinusIcon size="100%" strokeWidth={3} />
        </ArkCheckbox.Indicator>
      </ArkCheckbox.Control>
      <ArkCheckbox.Label className={hideLabel ? visuallyHiddenClass : classes.label}>{label}</ArkCheckbox.Label>
      <ArkCheckbox.HiddenInput ref={inputRef} aria-describedby={describedBy} onClick={onClick} />
      {description && (
        <span id={descriptionId} className={visuallyHiddenClass}>
          {description}
        </span>
      )}
      {error && (
        <span id={errorId} className={fieldRecipe().errorText}>
          {error}
        </span>
      )}
    </ArkCheckbox.Root>
  )
}
