import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import type { AppPath } from '~/lib/app-path'

export interface QuickLink {
  to: AppPath
  title: string
  description: string
}

const grid = css({
  display: 'grid',
  gridTemplateColumns: { base: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
  gap: '4',
  listStyle: 'none',
  p: '0',
  m: '0',
})
const card = css({
  display: 'flex',
  flexDirection: 'column',
  gap: '1',
  h: '100%',
  p: '5',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'lg',
  color: 'fg.default',
  textDecoration: 'none',
  transition: 'border-color 0.15s, box-shadow 0.15s',
  _hover: { borderColor: 'accent', boxShadow: 'sm' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '2px' },
})
const title = css({ fontWeight: 'semibold', fontSize: 'md', color: 'accent.text' })
const text = css({ fontSize: 'sm', color: 'fg.muted' })

/** The dashboard's shortcuts to the areas a user works in. */
export function QuickLinks({ links, label }: { links: QuickLink[]; label: string }) {
  return (
    <section aria-labelledby="quick-links-heading">
      <h2 id="quick-links-heading" className={css({ fontSize: 'lg', fontWeight: 'semibold', mb: '3' })}>
        {label}
      </h2>
      <ul className={grid}>
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to} className={card}>
              <span className={title}>{link.title}</span>
              <span className={text}>{link.description}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
