import type { SelectHTMLAttributes } from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes'
import { useFieldControlProps } from './field'
import { ChevronDownIcon } from './icons'

const wrapper = css({ position: 'relative', width: '100%' })
// As wide as the chosen option's text, beside another control (a phone number's country code).
const fitWrapper = css({ position: 'relative', flex: '0 0 auto', maxW: '100%' })
const select = css({ appearance: 'none', cursor: 'pointer', pr: '9' })
const fitSelect = css({ fieldSizing: 'content', width: 'auto', minW: '24', maxW: '100%' })
const icon = css({ position: 'absolute', right: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted', pointerEvents: 'none' })

export type NativeSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  options: { value: string; label: string }[]
  /** The chosen value; '' or null shows the placeholder. */
  value: string | null
  onValueChange: (value: string) => void
  /** The first, empty option's words; without one, the select always holds one of `options`. */
  placeholder?: string
  /** The placeholder stays selectable, for an optional question. */
  allowEmpty?: boolean
  /** As wide as the chosen option's text rather than the whole row. */
  fit?: boolean
  /**
   * The control of its surrounding Field (its label, error and ARIA), the default. False for a second
   * control inside one (a phone number's country code), named by its own `aria-label`.
   */
  fieldControl?: boolean
}

/**
 * A native select with the kit's input look and a chevron, inside a kit Field (it takes the Field's id,
 * label, error and ARIA). It opens the device's own picker (which suits the mailroom's tablets), types
 * ahead, and keeps the Ark listbox machines off pages that must stay under their
 * script budget.
 */
export function NativeSelect({
  options,
  value,
  onValueChange,
  placeholder,
  allowEmpty = false,
  fit = false,
  fieldControl = true,
  className,
  ...props
}: NativeSelectProps) {
  const fieldProps = useFieldControlProps()
  return (
    <div className={fit ? fitWrapper : wrapper}>
      <select
        className={cx(input(), select, fit && fitSelect, className)}
        {...(fieldControl ? fieldProps : { disabled: fieldProps.disabled })}
        {...props}
        value={value ?? ''}
        onChange={(event) => onValueChange(event.target.value)}
      >
        {placeholder !== undefined && (
          <option value="" disabled={!allowEmpty}>
            {placeholder}
          </option>
        )}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <ChevronDownIcon className={icon} />
    </div>
  )
}
