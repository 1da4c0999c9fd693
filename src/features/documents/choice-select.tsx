import type { SelectHTMLAttributes } from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes'
import { useFieldControlProps } from '~/ui/field'

const select = css({ cursor: 'pointer', pr: '2' })

export type ChoiceSelectProps = Omit<SelectHTMLAttributes<HTMLSelectElement>, 'value' | 'onChange'> & {
  options: { value: string; label: string }[]
  value: string | null
  onValueChange: (value: string) => void
  placeholder: string
}

/**
 * A public entry of this feature (the request form uses it too; it belongs in src/ui once the kit
 * has a native select). A native select with the kit's input look, inside a kit Field (it takes the Field's id and ARIA). The
 * platform's own picker suits the mailroom's tablets, and it costs these pages no select machine.
 */
export function ChoiceSelect({ options, value, onValueChange, placeholder, className, ...props }: ChoiceSelectProps) {
  const fieldProps = useFieldControlProps()
  return (
    <select className={cx(input(), select, className)} {...fieldProps} {...props} value={value ?? ''} onChange={(event) => onValueChange(event.target.value)}>
      <option value="" disabled>
        {placeholder}
      </option>
      {options.map((option) => (
        <option key={option.value} value={option.value}>
          {option.label}
        </option>
      ))}
    </select>
  )
}
