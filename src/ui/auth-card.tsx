import type { ReactNode } from 'react'
import { css } from 'styled-system/css'

const card = css({
  w: '100%',
  maxW: '28rem',
  bg: 'bg.surface',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'xl',
  boxShadow: 'sm',
  p: { base: '6', md: '8' },
})
const title = css({ fontSize: '2xl', fontWeight: 'bold', lineHeight: 'tight', m: '0' })
const intro = css({ mt: '2', mb: '6', color: 'fg.muted', fontSize: 'sm' })

/** A narrow card holding one public form (sign in, forgot password, reset). */
export function AuthCard({ heading, intro: text, children, wide = false }: { heading: string; intro?: ReactNode; children: ReactNode; wide?: boolean }) {
  return (
    <section className={card} style={wide ? { maxWidth: '48rem' } : undefined} aria-labelledby="auth-card-title">
      <h1 id="auth-card-title" className={title}>
        {heading}
      </h1>
      {text ? <p className={intro}>{text}</p> : <div className={css({ h: '6' })} />}
      {children}
    </section>
  )
}
