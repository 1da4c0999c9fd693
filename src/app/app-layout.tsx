import { useRouterState } from '@tanstack/react-router'
import { lazy, Suspense, useCallback, useDeferredValue, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react'
import { css, cx } from 'styled-system/css'
import { Brand } from './brand'
import { Footer } from './footer'
import { InsideAppLayout } from './layout-context'
import { OfflineBanner } from './offline-banner'
import { framePageNodes, framePath, renderingFrame } from './page-frame'
import { afterPageShown, markPageShown } from './page-shown'
import { SIDEBAR_NAV_ID, SidebarNav } from './sidebar'
import { MOBILE_QUERY, useMediaQuery, useSidebarExpanded, useToggleShortcut } from './sidebar-state'
import { TopBar } from './top-bar'

// The drawer (a modal dialog) is for narrow screens only: desktops never load it, and a phone builds
// it when it is first opened (its code is fetched once the page is idle, so the first tap is quick).
const loadMobileDrawer = () => import('./mobile-drawer')
const MobileDrawer = lazy(() => loadMobileDrawer().then((m) => ({ default: m.MobileDrawer })))

const centered = css({ alignSelf: 'center' })
const shell = css({
  display: 'grid',
  gridTemplateColumns: { base: 'minmax(0, 1fr)', md: 'auto minmax(0, 1fr)' },
  minH: '100dvh',
  bg: 'bg.subtle',
})
const skipLink = css({
  position: 'absolute',
  left: '2',
  top: '2',
  zIndex: 'skipLink',
  px: '4',
  py: '2',
  borderRadius: 'md',
  bg: 'bg.surface',
  color: 'accent.text',
  fontWeight: 'semibold',
  boxShadow: 'md',
  transform: 'translateY(-200%)',
  _focus: { transform: 'translateY(0)' },
})
const aside = css({
  display: { base: 'none', md: 'flex' },
  flexDirection: 'column',
  gap: '6',
  position: 'sticky',
  top: '0',
  zIndex: 'sticky',
  h: '100dvh',
  w: '64',
  // 12 px at the sides: the longest label ('Requested Documents', bold when current) fits its item with room to spare.
  px: '3',
  py: '4',
  overflowY: 'auto',
  overflowX: 'hidden',
  bg: 'bg.surface',
  borderRightWidth: '1px',
  borderColor: 'border.default',
  transition: 'width 0.2s ease',
  '&[data-state=collapsed]': { w: '4.5rem', px: '3' },
})
const column = css({ display: 'flex', flexDirection: 'column', minW: '0', minH: '100dvh' })
// At least the viewport below the top bar (h 16 = 4rem): the footer starts below the fold, so a page
// whose content grows as its data arrives does not push a visible footer down. The page is a stacking
// context of its own: whatever a page positions (a table's scroll box, a sticky bar) stays under the
// top bar, the side menu and the dialogs.
const main = css({
  isolation: 'isolate',
  flex: '1',
  minH: 'calc(100dvh - 4rem)',
  w: '100%',
  maxW: '7xl',
  mx: 'auto',
  // 24 px gutters beside the open side menu up to 1280 px: room for a list's columns.
  px: { base: '4', md: '8', lgOnly: '6' },
  py: { base: '5', md: '8' },
  outline: 'none',
})

/**
 * The page inside the layout, rendered just after the layout when the app starts: the layout is one
 * short task, and React builds the page in a background render that yields to the browser every few
 * milliseconds, so the start is not one long task. Later pages render as usual (this stays mounted).
 * Over a page frame the frame's page stays on screen until then; a frame made at build time has its
 * page at once.
 */
function AfterFrame({ pathname, children }: { pathname: string; children: ReactNode }) {
  const frameShown = useDeferredValue(true, renderingFrame)
  useEffect(() => {
    if (frameShown) markPageShown()
  }, [frameShown])
  if (frameShown) return children
  return pathname.replace(/(.)\/$/, '$1') === framePath ? <FramePage /> : null
}

const framePage = css({ display: 'contents' })

/** The page part of the frame the app started over (app/page-frame), moved into the new layout as it is. */
function FramePage() {
  const ref = useRef<HTMLDivElement>(null)
  useLayoutEffect(() => {
    ref.current?.append(...framePageNodes)
  }, [])
  return <div ref={ref} className={framePage} inert aria-hidden="true" data-frame-page="" />
}

/**
 * The authenticated layout: sidebar, top bar, main content and footer. The sidebar
 * collapses to icons (Ctrl/Cmd+B or the top bar button; kept in a cookie for 7 days) and becomes a
 * drawer under 768 px.
 */
export function AppLayout({ children }: { children: ReactNode }) {
  const isMobile = useMediaQuery(MOBILE_QUERY)
  const [expanded, setExpanded] = useSidebarExpanded()
  const [drawerOpen, setDrawerOpen] = useState(false)
  const [drawerUsed, setDrawerUsed] = useState(false)
  if (drawerOpen && !drawerUsed) setDrawerUsed(true)
  const pathname = useRouterState({ select: (state) => state.location.pathname })

  const toggle = useCallback(() => {
    if (window.matchMedia(MOBILE_QUERY).matches) setDrawerOpen((open) => !open)
    else setExpanded((current) => !current)
  }, [setExpanded])
  useToggleShortcut(toggle)

  // The drawer belongs to narrow screens and to the page it was opened on.
  useEffect(() => {
    if (!isMobile) setDrawerOpen(false)
  }, [isMobile])
  useEffect(() => {
    setDrawerOpen(false)
  }, [pathname])
  useEffect(() => {
    if (!isMobile) return
    return afterPageShown(() => void loadMobileDrawer().catch(() => undefined), 3000)
  }, [isMobile])

  return (
    <InsideAppLayout.Provider value={true}>
      {/* The signed-in pages are not in Spanish yet (docs/spanish.md): marked English whatever the choice. */}
      <div className={shell} lang="en">
        <a href="#main-content" className={skipLink}>
          Skip to main content
        </a>
        {/* A landmark of its own, so the logo link is inside one (the top bar is the page's banner).
            Narrow screens hide it (the drawer takes its place), so it is not built there at all. */}
        {!isMobile && (
          <aside aria-label="Sidebar" className={aside} data-state={expanded ? 'expanded' : 'collapsed'}>
            <Brand compact={!expanded} className={cx(!expanded && centered)} />
            <SidebarNav id={SIDEBAR_NAV_ID} collapsed={!expanded} />
          </aside>
        )}
        <div className={column}>
          <TopBar isMobile={isMobile} sidebarExpanded={expanded} drawerOpen={drawerOpen} onToggleSidebar={toggle} />
          <OfflineBanner />
          <main id="main-content" tabIndex={-1} className={main}>
            <AfterFrame pathname={pathname}>{children}</AfterFrame>
          </main>
          <Footer />
        </div>
        {isMobile && drawerUsed && (
          <Suspense fallback={null}>
            <MobileDrawer open={drawerOpen} onOpenChange={setDrawerOpen} />
          </Suspense>
        )}
      </div>
    </InsideAppLayout.Provider>
  )
}
