import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes'
import { useFieldControlProps } from '~/ui/field'
import { ChevronDownIcon } from '~/ui/icons'

const wrapper = css({ position: 'relative', width: '100%' })
const select = css({ appearance: 'none', cursor: 'pointer', pr: '9' })
const icon = css({ position: 'absolute', right: '3', top: '50%', transform: 'translateY(-50%)', color: 'fg.muted', pointerEvents: 'none' })

export type NativeSelectProps = {
  options: { value: string; label: string }[]
  value: string
  onValueChange: (value: string) => void
  placeholder: string
  /** The placeholder stays selectable, for an optional question. */
  allowEmpty?: boolean
  name?: string
}

/**
 * A native select inside the kit's Field (label, error and ARIA from the Field). The wizard uses it for
 * the entity type and the country: it opens the device's own picker, types ahead, and keeps the Ark
 * listbox machines (about 10 KB each) off the wizard's routes, which must stay under their script budget.
 */
export function NativeSelect({ options, value, onValueChange, placeholder, allowEmpty = false, name }: NativeSelectProps) {
  const fieldProps = useFieldControlProps()
  return (
    <div className={wrapper}>
      <select className={cx(input(), select)} {...fieldProps} name={name} value={value} onChange={(event) => onValueChange(event.target.value)}>
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
