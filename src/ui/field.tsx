import { Field as ArkField, useField, useFieldContext } from '@ark-ui/react/field'
import { createContext, useContext, type ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { field as fieldRecipe } from 'styled-system/recipes'

const DescribedByContext = createContext<string | undefined>(undefined)

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
 * Controls of this kit (TextInput, Textarea, Select, SearchableSelect, PhoneInput, Checkbox) read it
 * from context; a custom control spreads `useFieldControlProps()`.
 */
export function Field({
  label,
  error,
  helperText,
  required = false,
  disabled = false,
  readOnly = false,
  id,
  className,
  children,
}: FieldProps) {
  const field = useField({ id, invalid: Boolean(error), required, disabled, readOnly })
  const classes = fieldRecipe()
  // Known here at render time, unlike Ark's own wiring which waits for the error element to mount.
  const describedBy = [helperText ? field.ids.helperText : null, error ? field.ids.errorText : null].filter(Boolean).join(' ') || undefined
  return (
    <DescribedByContext.Provider value={describedBy}>
      <ArkField.RootProvider value={field} className={cx(classes.root, className)}>
        <ArkField.Label className={classes.label}>
          {label}
          <ArkField.RequiredIndicator className={classes.requiredIndicator} />
        </ArkField.Label>
        {children}
        {helperText && <ArkField.HelperText className={classes.helperText}>{helperText}</ArkField.HelperText>}
        <ArkField.ErrorText className={classes.errorText}>{error}</ArkField.ErrorText>
      </ArkField.RootProvider>
    </DescribedByContext.Provider>
  )
}

/**
 * ARIA wiring of the surrounding Field for a control: id, aria-invalid, aria-required and an
 * aria-describedby naming both the helper text and the error text (aria-errormessage alone is still
 * missed by several screen readers). Empty outside a Field.
 */
export function useFieldControlProps() {
  const field = useFieldContext()
  const describedBy = useContext(DescribedByContext)
  if (!field) return {}
  return {
    id: field.ids.control,
    'aria-invalid': field.invalid || undefined,
    'aria-required': field.required || undefined,
    'aria-describedby': describedBy,
    disabled: field.disabled || undefined,
    readOnly: field.readOnly || undefined,
  }
}

export { useFieldContext }
