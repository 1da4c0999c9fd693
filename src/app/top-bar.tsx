import { lazy, Suspense, useEffect, useState } from 'react'
import { css } from 'styled-system/css'
import { IconButton } from '~/ui/button'
import { Brand } from './brand'
import { afterPageShown } from './page-shown'
import { MenuIcon, SidebarIcon } from '~/ui/shell-icons'
import { NotificationBell } from '~/features/notifications'
import { CompanySwitcher } from '~/features/companies/company-switcher'
import { SIDEBAR_NAV_ID } from './sidebar'
import { UserMenu } from './user-menu'

// The count of changes not sent yet loads after the first page is on screen, with the outbox's code.
// A load that fails (the connection dropped at that moment) shows nothing rather than the page's error.
const OutboxIndicator = lazy(() =>
  import('~/features/outbox/outbox-indicator').then((module) => ({ default: module.OutboxIndicator })).catch(() => ({ default: () => null })),
)

/** True once the page is on screen (page-shown) and the browser then had an idle moment. */
function usePageShown(): boolean {
  const [shown, setShown] = useState(false)
  useEffect(() => afterPageShown(() => setShown(true)), [])
  return shown
}

// What differs on phones is chosen by the style sheet, so that a page frame, made once for every
// screen, is the app's top bar as it is.
const onPhones = css({ display: { base: 'contents', md: 'none' } })
const onWiderScreens = css({ display: { base: 'none', md: 'contents' } })

const bar = css({
  position: 'sticky',
  top: '0',
  zIndex: 'sticky',
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  h: '16',
  px: { base: '2', md: '4' },
  bg: 'bg.surface',
  borderBottomWidth: '1px',
  borderColor: 'border.default',
})

export interface TopBarProps {
  isMobile: boolean
  sidebarExpanded: boolean
  drawerOpen: boolean
  onToggleSidebar: () => void
}

/** The top bar: the sidebar toggle (Ctrl/Cmd+B), the company (and its switcher), the notification bell's place and the user menu. */
export function TopBar({ isMobile, sidebarExpanded, drawerOpen, onToggleSidebar }: TopBarProps) {
  const label = isMobile ? 'Open menu' : sidebarExpanded ? 'Collapse sidebar' : 'Expand sidebar'
  const pageShown = usePageShown()
  return (
    <header className={bar}>
      <IconButton
        aria-label={label}
        title={`${label} (Ctrl+B)`}
        aria-expanded={isMobile ? drawerOpen : sidebarExpanded}
        aria-controls={isMobile ? undefined : SIDEBAR_NAV_ID}
        aria-keyshortcuts="Control+B Meta+B"
        onClick={onToggleSidebar}
      >
        <span className={onPhones}>
          <MenuIcon />
        </span>
        <span className={onWiderScreens}>
          <SidebarIcon />
        </span>
      </IconButton>
      <span className={onPhones}>
        <Brand compact />
      </span>
      <CompanySwitcher ready={pageShown} />
      <div className={css({ flex: '1' })} />
      {pageShown && (
        <Suspense fallback={null}>
          <OutboxIndicator />
        </Suspense>
      )}
      <NotificationBell ready={pageShown} />
      <UserMenu ready={pageShown} />
    </header>
  )
}
