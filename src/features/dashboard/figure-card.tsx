import type { ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Card } from '~/ui/card'

const root = css({ display: 'flex', flexDirection: 'column', h: '100%' })
const body = css({ flex: '1', display: 'grid', gap: '2', alignContent: 'start' })
const figure = css({ fontSize: '3xl', fontWeight: 'bold', lineHeight: 'none', fontVariantNumeric: 'tabular-nums', m: '0' })
// The lines under the figure take at least two lines of card text, loading or loaded: a detail that
// wraps to a second line on a phone (a document's name) does not push the cards below it down.
const detail = css({ display: 'grid', gap: '2', alignContent: 'start', fontSize: 'sm', color: 'fg.muted', minH: '2lh' })
// Room for the main-action button a loaded card may show there ('Pay', 2.5rem) above the card's bottom
// padding, so the card does not grow when it comes.
const footer = css({
  display: 'flex',
  flexWrap: 'wrap',
  gap: '3',
  alignItems: 'center',
  fontSize: 'sm',
  minH: { base: 'calc(token(sizes.10) + token(spacing.4))', md: 'calc(token(sizes.10) + token(spacing.5))' },
})

export const dashboardGrid = css({
  display: 'grid',
  gap: '4',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', xl: 'repeat(4, minmax(0, 1fr))' },
  listStyle: 'none',
  p: '0',
  m: '0',
})
export const cardText = css({ fontSize: 'sm', color: 'fg.muted', m: '0' })
/** Where a figure or a line will be once the dashboard has loaded: the card keeps its size meanwhile. */
const placeholder = css({ display: 'block', h: '1em', w: '3ch', borderRadius: 'sm', bg: 'bg.subtle' })
const placeholderLine = css({ display: 'block', h: '1lh', w: '70%', borderRadius: 'sm', bg: 'bg.subtle', m: '0' })
export const cardLink = css({ color: 'fg.accent', textDecoration: 'underline', fontWeight: 'medium' })

/**
 * One dashboard card: a title, the figure that matters (its accessible name is the title and figure),
 * a line or two of detail (two lines' room either way), and links to the filtered list. Cards are independent, so a page can add
 * or drop one without touching the others. Without a figure yet (`loading`), the card shows its title
 * and links with placeholders of the figure's and a line's size, so nothing moves when the data comes.
 */
export function FigureCard({
  title,
  figure: value,
  children,
  actions,
  loading = false,
}: {
  title: string
  figure?: ReactNode
  children?: ReactNode
  actions?: ReactNode
  loading?: boolean
}) {
  return (
    <li>
      <Card.Root className={root} aria-label={title}>
        <Card.Header>
          <Card.Title>{title}</Card.Title>
        </Card.Header>
        <Card.Body className={body}>
          {loading ? (
            <>
              <p className={figure} aria-hidden="true">
                <span className={placeholder} />
              </p>
              <div className={detail}>
                <span className={cx(cardText, placeholderLine)} aria-hidden="true" />
              </div>
            </>
          ) : (
            <>
              <p className={figure} data-testid="figure">
                {value}
              </p>
              <div className={detail}>{children}</div>
            </>
          )}
        </Card.Body>
        {actions && <Card.Footer className={footer}>{actions}</Card.Footer>}
      </Card.Root>
    </li>
  )
}
