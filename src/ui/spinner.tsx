import { css, cx } from 'styled-system/css'
import { spinner, type SpinnerVariantProps } from 'styled-system/recipes'

/** Hides text visually while keeping it for assistive technology. */
export const visuallyHiddenClass = css({ srOnly: true })

export type SpinnerProps = SpinnerVariantProps & {
  /** Announced to screen readers; pass `null` when a surrounding element already says it is busy. */
  label?: string | null
  className?: string
}

export function Spinner({ label = 'Loading', className, ...variants }: SpinnerProps) {
  if (label === null) return <span aria-hidden="true" className={cx(spinner(variants), className)} />
  return (
    <span role="status" className={css({ display: 'inline-flex' })}>
      <span aria-hidden="true" className={cx(spinner(variants), className)} />
      <span className={visuallyHiddenClass}>{label}</span>
    </span>
  )
}
