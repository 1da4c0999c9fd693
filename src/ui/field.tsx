import { createContext, useContext, useId, type ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { field as fieldRecipe } from 'styled-system/recipes'
import { shownText } from '~/lib/i18n'

/** What a Field tells the control inside it. */
export type FieldContextValue = {
  ids: { control: string; label: string; helperText: string; errorText: string }
  invalid: boolean
  required: boolean
  disabled: boolean
  readOnly: boolean
  /** The helper and error texts shown, for the control's aria-describedby. */
  describedBy: string | undefined
}

const FieldContext = createContext<FieldContextValue | undefined>(undefined)

export type FieldProps = {
  label: ReactNode
  /** The error text; a non-empty value marks the control invalid. */
  error?: string | null
  helperText?: ReactNode
  required?: boolean
  disabled?: boolean
  readOnly?: boolean
  /** Id of the control; generated when omitted. */
  id?: string
  className?: string
  children: ReactNode
}

/**
 * The one wrapper around every form control: a label tied to the control, a required marker, helper
 * text, and an error text the control points to with aria-describedby while aria-invalid is set.
 * Controls of this kit (TextInput, Textarea, Select, SearchableSelect, PhoneInput) read it from
 * context; a custom control spreads `useFieldControlProps()`.
 *
 * Plain elements and React's useId: the sign-in and password pages use it, and a state machine for a
 * label and two texts is weight the first page does not need (docs/decisions/*first-route-budget*).
 */
export function Field({ label, error, helperText, required = false, disabled = false, readOnly = false, id, className, children }: FieldProps) {
  const uid = useId()
  const control = id ?? `field-${uid}`
  const ids = { control, label: `${control}-label`, helperText: `${control}-helper`, errorText: `${control}-error` }
  const invalid = Boolean(error)
  const describedBy = [helperText ? ids.helperText : null, invalid ? ids.errorText : null].filter(Boolean).join(' ') || undefined
  const classes = fieldRecipe()
  return (
    <FieldContext.Provider value={{ ids, invalid, required, disabled, readOnly, describedBy }}>
      <div className={cx(classes.root, className)}>
        <label id={ids.label} htmlFor={control} className={classes.label}>
          {label}
          {required && (
            <span aria-hidden="true" className={classes.requiredIndicator}>
              *
            </span>
          )}
        </label>
        {children}
        {helperText && (
          <span id={ids.helperText} className={classes.helperText}>
            {helperText}
          </span>
        )}
        {invalid && (
          <span id={ids.errorText} className={classes.errorText} aria-live="polite">
            {shownText(error!)}
          </span>
        )}
      </div>
    </FieldContext.Provider>
  )
}

/** The surrounding Field, or undefined outside one. */
export function useFieldContext(): FieldContextValue | undefined {
  return useContext(FieldContext)
}

/**
 * ARIA wiring of the surrounding Field for a control: id, aria-invalid, aria-required and an
 * aria-describedby naming both the helper text and the error text (aria-errormessage alone is still
 * missed by several screen readers). Empty outside a Field.
 */
export function useFieldControlProps() {
  const field = useContext(FieldContext)
  if (!field) return {}
  return {
    id: field.ids.control,
    'aria-invalid': field.invalid || undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': field.describedBy,
    disabled: field.disabled || undefined,
    readOnly: field.readOnly || undefined,
  }
}

/**
 * The props an Ark control (Select, Combobox) takes to join the surrounding Field: its label and
 * control ids and its states, which Ark would otherwise read from its own field context.
 */
export function useArkFieldProps<TIds extends string>(controlPart: TIds) {
  const field = useContext(FieldContext)
  if (!field) return {}
  return {
    ids: { label: field.ids.label, [controlPart]: field.ids.control } as { label: string } & Record<TIds, string>,
    invalid: field.invalid || undefined,
    required: field.required || undefined,
    disabled: field.disabled || undefined,
    readOnly: field.readOnly || undefined,
  }
}
