import { useId, type ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { radioGroup } from 'styled-system/recipes'

export type RadioOption = { value: string; label: ReactNode; disabled?: boolean }

export type RadioGroupProps = {
  label: ReactNode
  options: RadioOption[]
  value?: string | null
  defaultValue?: string
  onValueChange?: (value: string) => void
  name?: string
  required?: boolean
  disabled?: boolean
  error?: string | null
  helperText?: ReactNode
  orientation?: 'horizontal' | 'vertical'
  className?: string
}

/**
 * A labelled radio group on native radio inputs: the browser gives arrow-key movement between options
 * and form semantics, with no script of its own to load.
 * @noUseSignals (plain props; a form binds it through FormValue, which reads the signals)
 */
export function RadioGroup(props: RadioGroupProps) {
  const { label, options, value, defaultValue, onValueChange, name, required, disabled, error, helperText, orientation = 'horizontal', className } = props
  const classes = radioGroup()
  const id = useId()
  const labelId = `${id}-label`
  const helperId = `${id}-helper`
  const errorId = `${id}-error`
  const describedBy = [helperText && helperId, error && errorId].filter(Boolean).join(' ') || undefined
  const controlled = value !== undefined
  return (
    <div
      role="radiogroup"
      aria-labelledby={labelId}
      aria-describedby={describedBy}
      aria-required={required || undefined}
      aria-invalid={error ? true : undefined}
      aria-orientation={orientation}
      className={cx(classes.root, className)}
    >
      <span id={labelId} className={classes.label}>
        {label}
        {required && (
          <span aria-hidden="true" className={classes.requiredIndicator}>
            *
          </span>
        )}
      </span>
      <div className={classes.items} style={{ flexDirection: orientation === 'vertical' ? 'column' : 'row' }}>
        {options.map((option) => {
          const optionDisabled = disabled || option.disabled
          return (
            <label key={option.value} className={classes.item} data-disabled={optionDisabled || undefined}>
              <input
                type="radio"
                name={name ?? id}
                value={option.value}
                disabled={optionDisabled}
                className={classes.itemControl}
                aria-invalid={error ? true : undefined}
                {...(controlled ? { checked: value === option.value } : { defaultChecked: defaultValue === option.value })}
                onChange={(event) => event.target.checked && onValueChange?.(option.value)}
              />
              <span className={classes.itemText}>{option.label}</span>
            </label>
          )
        })}
      </div>
      {helperText && (
        <span id={helperId} className={classes.helperText}>
          {helperText}
        </span>
      )}
      {error && (
        <span id={errorId} className={classes.errorText} aria-live="polite">
          {error}
        </span>
      )}
    </div>
  )
}

export type YesNoProps = Omit<RadioGroupProps, 'options' | 'value' | 'defaultValue' | 'onValueChange'> & {
  value?: boolean
  defaultValue?: boolean
  onValueChange?: (value: boolean) => void
}

/**
 * The yes/no question of the sign-up and profile forms (Notify Attorney, Hire Us); default No.
 * @noUseSignals (plain props)
 */
export function YesNo({ value, defaultValue = false, onValueChange, ...props }: YesNoProps) {
  return (
    <RadioGroup
      {...props}
      options={[
        { value: 'yes', label: 'Yes' },
        { value: 'no', label: 'No' },
      ]}
      value={value === undefined ? undefined : value ? 'yes' : 'no'}
      defaultValue={value === undefined ? (defaultValue ? 'yes' : 'no') : undefined}
      onValueChange={onValueChange && ((next) => onValueChange(next === 'yes'))}
    />
  )
}
