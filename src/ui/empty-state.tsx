import type { ComponentType, ReactNode, SVGProps } from 'react'
import { cx } from 'styled-system/css'
import { emptyState } from 'styled-system/recipes'
import { ClockIcon, InboxIcon } from './icons.tsx'

export type EmptyStateProps = {
  title: ReactNode
  description?: ReactNode
  icon?: ComponentType<SVGProps<SVGSVGElement>>
  actions?: ReactNode
  /** Heading level of the title, to fit the page outline. */
  headingLevel?: 2 | 3
  className?: string
}

export function EmptyState({ title, description, icon: Icon = InboxIcon, actions, headingLevel = 2, className }: EmptyStateProps) {
  const classes = emptyState()
  const Heading = headingLevel === 2 ? 'h2' : 'h3'
  return (
    <div className={cx(classes.root, className)}>
      <Icon className={classes.icon} />
      <Heading className={classes.title}>{title}</Heading>
      {description && <p className={classes.description}>{description}</p>}
      {actions && <div className={classes.actions}>{actions}</div>}
    </div>
  )
}

/** Placeholder of a page that is not built yet. */
export function ComingSoon({ title, description = 'This page is coming soon.', actions }: { title: ReactNode; description?: ReactNode; actions?: ReactNode }) {
  return <EmptyState icon={ClockIcon} title={title} description={description} actions={actions} />
}
