import { t } from '@lingui/core/macro'
import { forwardRef, useId, type ChangeEvent, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Field } from '~/ui/field'
import { TextInput } from '~/ui/text-input'

type AuthTextFieldProps = {
  label: string
  name: string
  value: string
  error?: string
  onChange: (event: ChangeEvent<HTMLInputElement>) => void
  type?: 'email' | 'password' | 'text'
  autoComplete?: string
  helperText?: ReactNode
  inputMode?: 'text' | 'numeric' | 'email'
}

/**
 * A labelled input in the kit's Field (label, required marker, error and aria wiring).
 * @noUseSignals (plain props; keeps the signals runtime off the first page)
 */
export const AuthTextField = forwardRef<HTMLInputElement, AuthTextFieldProps>(function AuthTextField(
  { label, name, value, error, onChange, type = 'text', autoComplete, helperText, inputMode },
  ref,
) {
  return (
    <Field label={label} error={error || null} required helperText={helperText}>
      <TextInput ref={ref} name={name} type={type} value={value} onChange={onChange} autoComplete={autoComplete} inputMode={inputMode} spellCheck={false} />
    </Field>
  )
})

const row = css({ display: 'flex', alignItems: 'flex-start', gap: '2.5', cursor: 'pointer' })
const box = css({
  flexShrink: 0,
  w: '4.5',
  h: '4.5',
  mt: '0.5',
  accentColor: 'accent',
  cursor: 'pointer',
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})
const labelText = css({ fontSize: 'sm', fontWeight: 'medium', color: 'fg.default' })
const hint = css({ fontSize: 'xs', color: 'fg.muted', mt: '1', mb: '0', pl: '7' })

/**
 * "Keep me signed in on this device": a native checkbox, so /login loads no component state machine
 * (first-route budget, docs/decisions/2026-11-21-first-route-budget.md). Keyboard and screen readers
 * get the browser's own control.
 */
export function RememberMeCheckbox({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  const id = useId()
  return (
    <div>
      <label className={row} htmlFor={id}>
        <input
          id={id}
          type="checkbox"
          name="remember"
          className={box}
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          aria-describedby={`${id}-hint`}
        />
        <span className={labelText}>{t`Keep me signed in on this device`}</span>
      </label>
      <p id={`${id}-hint`} className={hint}>
        {t`Stay signed in after closing the browser, and open the installed app offline. Not on a shared computer.`}
      </p>
    </div>
  )
}
