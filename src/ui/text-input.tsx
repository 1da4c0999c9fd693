import { forwardRef, type InputHTMLAttributes, type TextareaHTMLAttributes } from 'react'
import { cx } from 'styled-system/css'
import { input, type InputVariantProps } from 'styled-system/recipes'
import { useFieldControlProps } from './field.tsx'

export type TextInputProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> & Pick<InputVariantProps, 'size'>

/** A text input; inside a Field it takes the Field's id, label and error wiring. */
export const TextInput = forwardRef<HTMLInputElement, TextInputProps>(function TextInput({ size, className, type = 'text', ...props }, ref) {
  const fieldProps = useFieldControlProps()
  return <input ref={ref} type={type} className={cx(input({ size }), className)} {...fieldProps} {...props} />
})

export type TextareaProps = TextareaHTMLAttributes<HTMLTextAreaElement>

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaProps>(function Textarea({ className, rows = 4, ...props }, ref) {
  const fieldProps = useFieldControlProps()
  return <textarea ref={ref} rows={rows} className={cx(input({ multiline: true }), className)} {...fieldProps} {...props} />
})
