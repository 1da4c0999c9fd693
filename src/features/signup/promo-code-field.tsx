import { PROMO_CODE_PATTERN } from '@contract/catalogue'
import { useState, type ReactNode } from 'react'
import { css } from 'styled-system/css'
import { ApiError, errorMessage } from '~/lib/api-client'
import { Button } from '~/ui/button'
import { Field } from '~/ui/field'
import { SuccessIcon } from '~/ui/icons'
import { visuallyHiddenClass } from '~/ui/spinner'
import { TextInput } from '~/ui/text-input'

const row = css({ display: 'flex', gap: '2', alignItems: 'flex-start' })
const applied = css({ display: 'flex', alignItems: 'center', gap: '2', flexWrap: 'wrap', fontSize: 'sm', color: 'fg.success', fontWeight: 'medium' })

export type PromoCodeFieldProps = {
  label: string
  /** The code applied (kept with the draft), '' when none. */
  code: string
  /** The server's verification of `code`. */
  check: { isPending: boolean; isSuccess: boolean; error: unknown }
  /** What a valid code gives, shown once verified. */
  appliedText: ReactNode
  /** SPEC: the clear message for a code that does not exist, has expired or is switched off. */
  notValidMessage: string
  onApply: (code: string) => void
  onRemove: () => void
  helperText?: ReactNode
  disabled?: boolean
}

/** The readable refusal of a verification call: unknown codes share one message, limits say when to retry. */
function checkError(error: unknown, notValidMessage: string): string {
  if (error instanceof ApiError && error.status === 404) return notValidMessage
  if (error instanceof ApiError && error.status === 429) return error.details || error.detail
  return errorMessage(error, 'The code could not be checked. Please try again.')
}

/**
 * A coupon or affiliate code: typed, applied with the button (or Enter), verified by the server, shown as
 * applied with a way to remove it, or refused with a clear message. Codes are upper case (the server
 * matches them regardless of case): the field shows them so as they are typed, as the order lines do.
 */
export function PromoCodeField({ label, code, check, appliedText, notValidMessage, onApply, onRemove, helperText, disabled }: PromoCodeFieldProps) {
  const [text, setText] = useState(code.toUpperCase())
  const [localError, setLocalError] = useState('')
  const verifying = code !== '' && check.isPending
  const verified = code !== '' && check.isSuccess
  // A refused code's message stays until the person edits it.
  const error = localError || (code !== '' && text.trim() === code.toUpperCase() && check.error ? checkError(check.error, notValidMessage) : '')

  const apply = () => {
    const next = text.trim().toUpperCase()
    if (!next) return setLocalError(`Enter the ${label.toLowerCase()}`)
    if (!PROMO_CODE_PATTERN.test(next)) return setLocalError(notValidMessage)
    setLocalError('')
    onApply(next)
  }

  if (verified) {
    return (
      <div className={css({ display: 'grid', gap: '1' })}>
        <span className={css({ fontSize: 'sm', fontWeight: 'semibold' })}>{label}</span>
        <div className={applied} role="status">
          <SuccessIcon aria-hidden="true" />
          <span>
            <strong>{code.toUpperCase()}</strong>: {appliedText}
          </span>
          <Button
            variant="link"
            size="sm"
            disabled={disabled}
            onClick={() => {
              setText('')
              onRemove()
            }}
          >
            Remove<span className={visuallyHiddenClass}> {label.toLowerCase()}</span>
          </Button>
        </div>
      </div>
    )
  }

  return (
    <Field label={label} error={error} helperText={helperText} disabled={disabled}>
      <div className={row}>
        <TextInput
          value={text}
          maxLength={40}
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => {
            setText(event.target.value.toUpperCase())
            if (localError) setLocalError('')
          }}
          onKeyDown={(event) => {
            // Enter applies the code instead of submitting the order.
            if (event.key === 'Enter') {
              event.preventDefault()
              apply()
            }
          }}
        />
        <Button variant="outline" onClick={apply} loading={verifying} disabled={disabled}>
          Apply
        </Button>
      </div>
    </Field>
  )
}
