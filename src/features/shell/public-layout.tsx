import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Brand } from './brand'
import { Footer } from './footer'
import { OfflineBanner } from './offline-banner'

const shell = css({ display: 'flex', flexDirection: 'column', minH: '100dvh', bg: 'bg.subtle' })
const header = css({ display: 'flex', alignItems: 'center', px: { base: '4', md: '8' }, h: '16', bg: 'bg.surface', borderBottomWidth: '1px', borderColor: 'border.default' })
const main = css({ flex: '1', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', px: '4', py: { base: '6', md: '12' }, outline: 'none' })

/** The frame of the public pages (sign in, password reset, sign-up): the brand, the page, the footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className={shell}>
      <header className={header}>
        <Brand />
      </header>
      <OfflineBanner />
      <main id="main-content" tabIndex={-1} className={main}>
        {children}
      </main>
      <Footer />
    </div>
  )
}

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
