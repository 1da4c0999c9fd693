import type { ReactNode } from 'react'
import { cx } from 'styled-system/css'
import { alert } from 'styled-system/recipes'
import { DangerIcon, InfoIcon, SuccessIcon, WarningIcon } from './icons.tsx'

export type Tone = 'success' | 'warning' | 'danger' | 'neutral' | 'info'

export type AlertProps = {
  status?: Tone
  title?: ReactNode
  children?: ReactNode
  /** Extra content on the right, e.g. a Retry button. */
  action?: ReactNode
  className?: string
}

const icons = { info: InfoIcon, neutral: InfoIcon, success: SuccessIcon, warning: WarningIcon, danger: DangerIcon }

/** An inline message. Danger and warning are announced at once (role alert), others politely (role status). */
export function Alert({ status = 'info', title, children, action, className }: AlertProps) {
  const classes = alert({ status })
  const Icon = icons[status]
  return (
    <div role={status === 'danger' || status === 'warning' ? 'alert' : 'status'} className={cx(classes.root, className)}>
      <Icon className={classes.icon} />
      <div className={classes.content}>
        {title && <p className={classes.title}>{title}</p>}
        {children && <div className={classes.description}>{children}</div>}
      </div>
      {action}
    </div>
  )
}
