import { RadioGroup as ArkRadioGroup } from '@ark-ui/react/radio-group'
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
 * A labelled radio group; arrow keys move between options, as ARIA asks.
 * @noUseSignals (plain props; a form binds it through FormValue, which reads the signals)
 */
export function RadioGroup({ label, options, error, helperText, required, onValueChange, orientation = 'horizontal', className, ...props }: RadioGroupProps) {
  const classes = radioGroup()
  const id = useId()
  const helperId = `${id}-helper`
  const errorId = `${id}-error`
  const describedBy = [helperText && helperId, error && errorId].filter(Boolean).join(' ') || undefined
  return (
    <ArkRadioGroup.Root
      className={cx(classes.root, className)}
      orientation={orientation}
      required={required}
      invalid={Boolean(error)}
      aria-describedby={describedBy}
      onValueChange={onValueChange && ((details) => details.value !== null && onValueChange(details.value))}
      {...props}
    >
      <ArkRadioGroup.Label className={classes.label}>
        {label}
        {required && (
          <span aria-hidden="true" className={classes.requiredIndicator}>
            *
          </span>
        )}
      </ArkRadioGroup.Label>
      <div className={classes.items} style={{ flexDirection: orientation === 'vertical' ? 'column' : 'row' }}>
        {options.map((option) => (
          <ArkRadioGroup.Item key={option.value} value={option.value} disabled={option.disabled} className={classes.item}>
            <ArkRadioGroup.ItemControl className={classes.itemControl} />
            <ArkRadioGroup.ItemText className={classes.itemText}>{option.label}</ArkRadioGroup.ItemText>
            <ArkRadioGroup.ItemHiddenInput />
          </ArkRadioGroup.Item>
        ))}
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
    </ArkRadioGroup.Root>
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
