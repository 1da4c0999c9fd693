import type { HTMLAttributes, ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { badge } from 'styled-system/recipes'
import type { Tone } from './alert.tsx'

export type BadgeProps = HTMLAttributes<HTMLSpanElement> & { tone?: Tone }

export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return <span className={cx(badge({ tone }), className)} {...props} />
}

const dot = css({ w: '1.5', h: '1.5', borderRadius: 'full', bg: 'currentColor', flexShrink: 0 })

export type StatusBadgeProps = { tone: Tone; children: ReactNode; className?: string }

/** A status label (PAID, UNPAID, Read, Unread...): the text carries the meaning, the colour only repeats it. */
export function StatusBadge({ tone, children, className }: StatusBadgeProps) {
  return (
    <span className={cx(badge({ tone }), className)}>
      <span aria-hidden="true" className={dot} />
      {children}
    </span>
  )
}

export type { Tone }
