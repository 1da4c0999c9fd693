import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { cx } from 'styled-system/css'
import { button, type ButtonVariantProps } from 'styled-system/recipes'
import { Spinner } from './spinner.tsx'

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> &
  ButtonVariantProps & {
    /** Shows a spinner, keeps the label, sets aria-busy and blocks further clicks. */
    loading?: boolean
  }

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { loading = false, disabled, className, children, type = 'button', onClick, ...rest },
  ref,
) {
  const [variants, props] = button.splitVariantProps(rest)
  return (
    <button
      ref={ref}
      type={type}
      className={cx(button(variants), className)}
      disabled={disabled}
      aria-busy={loading || undefined}
      // aria-disabled rather than disabled while loading keeps focus on the button.
      aria-disabled={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {loading && <Spinner size="sm" label={null} />}
      {children}
    </button>
  )
})

export type IconButtonProps = Omit<ButtonProps, 'aria-label' | 'iconOnly'> & { 'aria-label': string }

/** A square button holding only an icon: the aria-label is required. */
export const IconButton = forwardRef<HTMLButtonElement, IconButtonProps>(function IconButton(props, ref) {
  return <Button ref={ref} variant="ghost" {...props} iconOnly />
})
