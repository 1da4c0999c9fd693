import { useState } from 'react'
import { css, cx } from 'styled-system/css'
import { input } from 'styled-system/recipes'
import { useFieldControlProps } from './field.tsx'
import { NativeSelect } from './native-select.tsx'
import { PHONE_COUNTRIES, type PhoneCountry } from './phone-countries.ts'

/** The phone input starts on the United States. */
export const DEFAULT_PHONE_COUNTRY = 'US'
const MAX_E164_DIGITS = 15

const byIso = new Map(PHONE_COUNTRIES.map((country) => [country.iso, country]))
const COUNTRY_OPTIONS = PHONE_COUNTRIES.map((country) => ({ value: country.iso, label: `+${country.dial} ${country.name}` }))

/** The country a stored number belongs to: the longest matching dial code, the US for +1. */
export function countryOfPhone(value: string, preferred = DEFAULT_PHONE_COUNTRY): PhoneCountry | undefined {
  if (!value.startsWith('+')) return undefined
  const digits = value.slice(1)
  const preferredCountry = byIso.get(preferred)
  if (preferredCountry && digits.startsWith(preferredCountry.dial)) return preferredCountry
  let best: PhoneCountry | undefined
  for (const country of PHONE_COUNTRIES) {
    if (digits.startsWith(country.dial) && (!best || country.dial.length > best.dial.length)) best = country
  }
  return best
}

/** '+1' and '3055550100' -> '+13055550100'; no digits -> ''. */
export function toE164(country: PhoneCountry, national: string): string {
  const digits = national.replace(/\D/g, '').slice(0, MAX_E164_DIGITS - country.dial.length)
  return digits ? `+${country.dial}${digits}` : ''
}

export type PhoneInputProps = {
  /** The number as '+' country code and digits, e.g. '+13055550100'; '' when empty. */
  value: string
  onValueChange: (value: string) => void
  defaultCountry?: string
  name?: string
  disabled?: boolean
  onBlur?: () => void
  className?: string
}

/**
 * A country calling-code select (the kit's NativeSelect: light, and the phone's own picker on mobile, in
 * the look of the other selects) and a national number input. Inside a Field the label names the number
 * input.
 */
export function PhoneInput({ value, onValueChange, defaultCountry = DEFAULT_PHONE_COUNTRY, name, disabled, onBlur, className }: PhoneInputProps) {
  const fieldProps = useFieldControlProps()
  const [iso, setIso] = useState(() => countryOfPhone(value, defaultCountry)?.iso ?? defaultCountry)
  let country = byIso.get(iso) ?? PHONE_COUNTRIES[0]
  // A number set from outside (a loaded profile) that belongs elsewhere moves the country select.
  if (value && !value.startsWith(`+${country.dial}`)) {
    const owner = countryOfPhone(value, defaultCountry)
    if (owner) {
      country = owner
      setIso(owner.iso)
    }
  }
  const national = value.startsWith(`+${country.dial}`) ? value.slice(country.dial.length + 1) : value.replace(/\D/g, '')

  return (
    // The number wraps under the country on a narrow screen rather than cutting the country's name.
    <div className={cx(css({ display: 'flex', flexWrap: 'wrap', gap: '2', width: '100%' }), className)}>
      <NativeSelect
        aria-label="Country code"
        fit
        fieldControl={false}
        options={COUNTRY_OPTIONS}
        value={country.iso}
        disabled={disabled || fieldProps.disabled}
        onValueChange={(next) => {
          const chosen = byIso.get(next) ?? PHONE_COUNTRIES[0]
          setIso(chosen.iso)
          onValueChange(toE164(chosen, national))
        }}
        onBlur={onBlur}
      />
      <input
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder={country.dial === '1' ? '3055550100' : 'Phone number'}
        className={cx(input(), css({ flex: '1 1 10rem', minW: '0', width: 'auto' }))}
        {...fieldProps}
        disabled={disabled || fieldProps.disabled}
        value={national}
        onChange={(event) => onValueChange(toE164(country, event.target.value))}
        onBlur={onBlur}
      />
      {name && <input type="hidden" name={name} value={value} />}
    </div>
  )
}
