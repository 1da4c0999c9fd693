import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { useRequiredSession, userKind } from '~/lib/session'
import { usePublicConfig } from './api'
import { ExternalIcon, FaqsIcon } from '~/ui/shell-icons'
import { navItemsFor } from './nav-items'

export const SIDEBAR_NAV_ID = 'sidebar-navigation'

const list = css({ display: 'flex', flexDirection: 'column', gap: '1', listStyle: 'none', p: '0', m: '0' })

const link = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  minH: '10',
  px: '3',
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

// Collapsed: icons only. The label stays in the link for screen readers and shows beside it on hover
// or keyboard focus (CSS only; no tooltip machinery on every signed-in page).
const collapsedLink = css({
  position: 'relative',
  justifyContent: 'center',
  px: '0',
  '&::after': {
    content: 'attr(data-label)',
    position: 'absolute',
    left: 'calc(100% + 0.75rem)',
    top: '50%',
    transform: 'translateY(-50%)',
    px: '2',
    py: '1',
    borderRadius: 'sm',
    bg: 'bg.tooltip',
    color: 'fg.inverted',
    fontSize: 'xs',
    fontWeight: 'medium',
    whiteSpace: 'nowrap',
    pointerEvents: 'none',
    opacity: 0,
    visibility: 'hidden',
    zIndex: 'tooltip',
    transition: 'opacity 0.15s',
  },
  '&:hover::after, &:focus-visible::after': { opacity: 1, visibility: 'visible', transitionDelay: '0.3s' },
})
const srOnly = css({ srOnly: true })

/**
 * The sidebar's menu (SPEC.md section 2): the client or provider menu, with the FAQs link for clients.
 * Collapsed, it shows icons only; each label stays readable to screen readers and shows on hover/focus.
 */
export function SidebarNav({ id, collapsed = false, onNavigate }: { id?: string; collapsed?: boolean; onNavigate?: () => void }) {
  const session = useRequiredSession()
  const items = navItemsFor(session)
  const config = usePublicConfig()
  const faqsUrl = userKind(session.user) === 'client' ? config.data?.faqsUrl : undefined

  return (
    <nav aria-label="Main" id={id}>
      <ul className={list}>
        {items.map((item) => (
          <li key={item.to}>
            <Link
              to={item.to}
              className={cx(link, collapsed && collapsedLink)}
              data-label={collapsed ? item.label : undefined}
              activeOptions={{ exact: false, includeSearch: false }}
              onClick={onNavigate}
            >
              <item.icon size={20} />
              <span className={collapsed ? srOnly : undefined}>{item.label}</span>
            </Link>
          </li>
        ))}
        {faqsUrl && (
          <li>
            <a
              href={faqsUrl}
              target="_blank"
              rel="noopener noreferrer"
              className={cx(link, collapsed && collapsedLink)}
              data-label={collapsed ? 'FAQs' : undefined}
              onClick={onNavigate}
            >
              <FaqsIcon />
              <span className={collapsed ? srOnly : undefined}>FAQs</span>
              {!collapsed && <ExternalIcon size={14} className={css({ color: 'fg.muted' })} />}
              <span className={srOnly}> (opens in a new tab)</span>
            </a>
          </li>
        )}
      </ul>
    </nav>
  )
}
