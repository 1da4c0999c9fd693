import { Link } from '@tanstack/react-router'
import { lazy, Suspense, type ReactElement } from 'react'
import { css, cx } from 'styled-system/css'
import { useRequiredSession, userKind } from '~/lib/session'
import { usePublicConfig } from '~/lib/public-config'
import { ExternalIcon, FaqsIcon } from '~/ui/shell-icons'
import { useCompanyRole } from '~/features/companies/api'
import { navItemsFor } from './nav-items'
import { renderingFrame } from './page-frame'

export const SIDEBAR_NAV_ID = 'sidebar-navigation'

// The tooltip's code loads only once the sidebar is collapsed; until then the links show without it.
const Tooltip = lazy(() => import('~/ui/tooltip').then((m) => ({ default: m.Tooltip })))

/** A collapsed link's label beside it, on hover and focus. */
function Labelled({ label, collapsed, children }: { label: string; collapsed: boolean; children: ReactElement }) {
  if (!collapsed) return children
  return (
    <Suspense fallback={children}>
      <Tooltip content={label} placement="right">
        {children}
      </Tooltip>
    </Suspense>
  )
}

const list = css({ display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none', p: '0', m: '0' })

const link = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  minH: '10',
  px: '2.5',
  borderRadius: 'md',
  color: 'fg.default',
  fontSize: 'sm',
  fontWeight: 'medium',
  textDecoration: 'none',
  whiteSpace: 'nowrap',
  transition: 'background 0.15s',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '-2px' },
  '&[aria-current=page]': { bg: 'accent.subtle', color: 'accent.text', fontWeight: 'semibold' },
  '& svg': { flexShrink: 0 },
})

// Collapsed: icons only, centred. The label stays in the link for screen readers and shows in the
// kit's tooltip on hover or keyboard focus (after 700 ms), outside the sidebar so nothing clips it.
const collapsedLink = css({ justifyContent: 'center', px: '0' })
const srOnly = css({ srOnly: true })

/**
 * The sidebar's menu: the client or provider menu, with the FAQs link for clients.
 * Collapsed, it shows icons only; each label stays readable to screen readers and shows in a tooltip
 * on hover and keyboard focus.
 */
export function SidebarNav({ id, collapsed = false, onNavigate }: { id?: string; collapsed?: boolean; onNavigate?: () => void }) {
  const session = useRequiredSession()
  // A page frame is the same for every user of the area: its menu fills in when the app renders.
  const role = useCompanyRole()
  const items = renderingFrame ? [] : navItemsFor(session, role)
  const config = usePublicConfig()
  const faqsUrl = userKind(session.user) === 'client' ? config.data?.faqsUrl : undefined

  return (
    <nav aria-label="Main" id={id}>
      <ul className={list}>
        {items.map((item) => (
          <li key={item.to}>
            <Labelled label={item.label} collapsed={collapsed}>
              <Link to={item.to} className={cx(link, collapsed && collapsedLink)} activeOptions={{ exact: false, includeSearch: false }} onClick={onNavigate}>
                <item.icon size={20} />
                <span className={collapsed ? srOnly : undefined}>{item.label}</span>
              </Link>
            </Labelled>
          </li>
        ))}
        {faqsUrl && (
          <li>
            <Labelled label="FAQs" collapsed={collapsed}>
              <a href={faqsUrl} target="_blank" rel="noopener noreferrer" className={cx(link, collapsed && collapsedLink)} onClick={onNavigate}>
                <FaqsIcon />
                <span className={collapsed ? srOnly : undefined}>FAQs</span>
                {!collapsed && <ExternalIcon size={14} className={css({ color: 'fg.muted' })} />}
                <span className={srOnly}> (opens in a new tab)</span>
              </a>
            </Labelled>
          </li>
        )}
      </ul>
    </nav>
  )
}
