import type { ReactNode } from 'react'
import { css } from 'styled-system/css'
import { Brand } from './brand'
import { LanguageSwitch } from './language-switch'
import { Footer } from './footer'
import { OfflineBanner } from './offline-banner'

const shell = css({ display: 'flex', flexDirection: 'column', minH: '100dvh', bg: 'bg.subtle' })
const header = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: '4',
  px: { base: '4', md: '8' },
  h: '16',
  bg: 'bg.surface',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
})
const main = css({ flex: '1', display: 'flex', justifyContent: 'center', alignItems: 'flex-start', px: '4', py: { base: '6', md: '12' }, outline: 'none' })

/** The frame of the public pages (sign in, password reset, sign-up): the brand, the page, the footer. */
export function PublicLayout({ children }: { children: ReactNode }) {
  return (
    <div className={shell}>
      <header className={header}>
        <Brand />
        <LanguageSwitch />
      </header>
      <OfflineBanner />
      <main id="main-content" tabIndex={-1} className={main}>
        {children}
      </main>
      <Footer />
    </div>
  )
}
