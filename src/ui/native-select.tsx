import type { SelectHTMLAttributes } from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes'
import { useFieldControlProps } from './field'
import { ChevronDownIcon } from './icons'

const wrapper = css({ position: 'relative', width: '100%' })
const select = css({ appearance: 'none', cursor: 'pointer', pr: '9' })
const icon = css({ position: 'absolute', right: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted', pointerEvents: 'none' })

export type NativeSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  options: { value: string; label: string }[]
  /** The chosen value; '' or null shows the placeholder. */
  value: string | null
  onValueChange: (value: string) => void
  placeholder: string
  /** The placeholder stays selectable, for an optional question. */
  allowEmpty?: boolean
}

/**
 * A native select with the kit's input look, inside a kit Field (it takes the Field's id, label, error
 * and ARIA). It opens the device's own picker (which suits the mailroom's tablets), types ahead, and
 * keeps the Ark listbox machines (about 10 KB each) off pages that must stay under their script budget.
 */
export function NativeSelect({ options, value, onValueChange, placeholder, allowEmpty = false, className, ...props }: NativeSelectProps) {
  const fieldProps = useFieldControlProps()
  return (
    <div className={wrapper}>
      <select className={cx(input(), select, className)} {...fieldProps} {...props} value={value ?? ''} onChange={(event) => onValueChange(event.target.value)}>
        <option value="" disabled={!allowEmpty}>
          {placeholder}
        </option>
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
