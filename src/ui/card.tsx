import { ark } from '@ark-ui/react/factory'
import type { ReactNode } from 'react'
import { createStyleContext } from './style-context.tsx'
import { card } from 'styled-system/recipes'

const { withProvider, withContext } = createStyleContext(card)

/** A bordered surface: Card.Root > Card.Header (Card.Title, Card.Description) > Card.Body > Card.Footer. */
const Root = withProvider(ark.section, 'root')
const Header = withContext(ark.div, 'header')
const Title = withContext(ark.h2, 'title')
const Description = withContext(ark.p, 'description')
const Body = withContext(ark.div, 'body')
const Footer = withContext(ark.div, 'footer')

export const Card = { Root, Header, Title, Description, Body, Footer }

export type PanelProps = {
  title?: ReactNode
  description?: ReactNode
  /** Buttons shown at the bottom right. */
  footer?: ReactNode
  children: ReactNode
  className?: string
}

/** A Card with the usual title, description, body and footer in one element. */
export function Panel({ title, description, footer, children, className }: PanelProps) {
  return (
    <Root className={className}>
      {(title || description) && (
        <Header>
          {title && <Title>{title}</Title>}
          {description && <Description>{description}</Description>}
        </Header>
      )}
      <Body>{children}</Body>
      {footer && <Footer>{footer}</Footer>}
    </Root>
  )
}
