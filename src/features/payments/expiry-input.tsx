import { CARD_EXPIRY_MAX_LENGTH, formatCardExpiry } from '@contract/signup'
import { forwardRef, type ChangeEvent, type FormEvent } from 'react'
import { TextInput, type TextInputProps } from '~/ui/text-input'

export type ExpiryInputProps = Omit<TextInputProps, 'type' | 'maxLength' | 'inputMode' | 'value' | 'defaultValue'> & {
  value?: string
  /** The formatted value ("12/34"), for controls bound through FormField. */
  onValueChange?: (value: string) => void
}

/**
 * The card expiry: digits only, at most four, a slash inserted after the month
 * (MM/YY), at most 5 characters. Validate with CardExpirySchema ('Expiration date is required') and split
 * with parseCardExpiry. Inside a Field it takes the Field's label and error wiring; it also works with
 * modular-forms' element props, since the event's value is formatted before the handlers see it.
 */
export const ExpiryInput = forwardRef<HTMLInputElement, ExpiryInputProps>(function ExpiryInput(
  { value, onValueChange, onChange, onInput, placeholder = 'MM/YY', ...props },
  ref,
) {
  const format = (event: ChangeEvent<HTMLInputElement> | FormEvent<HTMLInputElement>) => {
    const target = event.currentTarget
    const formatted = formatCardExpiry(target.value)
    if (formatted !== target.value) target.value = formatted
    return formatted
  }
  return (
    <TextInput
      ref={ref}
      {...props}
      type="text"
      inputMode="numeric"
      autoComplete={props.autoComplete ?? 'cc-exp'}
      placeholder={placeholder}
      maxLength={CARD_EXPIRY_MAX_LENGTH}
      value={value === undefined ? undefined : formatCardExpiry(value)}
      onInput={(event) => {
        format(event)
        onInput?.(event)
      }}
      onChange={(event) => {
        const formatted = format(event)
        onChange?.(event)
        onValueChange?.(formatted)
      }}
    />
  )
})
