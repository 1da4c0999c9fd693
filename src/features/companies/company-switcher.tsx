import { cx, css } from 'styled-system/css'
import { useRequiredSession, userKind } from '~/lib/session'
import { lazyMenu, MenuOnDemand, menuTriggerClass } from '~/ui/menu-on-demand'
import { useCompanies } from './api'
import { CompanyFace, companyTrigger } from './company-face'

const CompanyMenuPanel = lazyMenu(() => import('./company-menu-panel'))

const single = css({
  display: 'inline-flex',
  alignItems: 'center',
  px: '2',
  // It gives way first when the bar is narrow: the name truncates rather than widening the page.
  minW: '0',
  maxW: { base: '36', md: '64' },
  fontSize: 'sm',
  fontWeight: 'medium',
  color: 'fg.muted',
})
const nameText = css({ truncate: true })

/**
 * The top bar's company: the session's company by name, and for a person in several companies a menu
 * to switch to another (its code loads once the page is on screen, as the user menu's does).
 */
export function CompanySwitcher({ ready }: { ready: boolean }) {
  const { user } = useRequiredSession()
  const companies = useCompanies()
  if (userKind(user) !== 'client' || !user.companyName) return null
  if (!companies || companies.length < 2) {
    return (
      <span className={single} title={user.companyName}>
        <span className={nameText}>{user.companyName}</span>
      </span>
    )
  }
  return (
    <MenuOnDemand
      ready={ready}
      trigger={
        <button type="button" className={cx(menuTriggerClass, companyTrigger)}>
          <CompanyFace name={user.companyName} />
        </button>
      }
    >
      {(open) => <CompanyMenuPanel defaultOpen={open} companies={companies} />}
    </MenuOnDemand>
  )
}
