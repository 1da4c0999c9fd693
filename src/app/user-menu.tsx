import { lazy } from 'react'
import { MenuOnDemand } from '~/ui/menu-on-demand'
import { UserMenuFace, userMenuTrigger } from './user-menu-face'

const UserMenuPanel = lazy(() => import('./user-menu-panel'))

/**
 * The top bar's user menu. Its trigger is on the first paint; the menu (and the menu code) is built
 * once the page is on screen (`ready`), or at once when the trigger is pressed before that.
 */
export function UserMenu({ ready }: { ready: boolean }) {
  return (
    <MenuOnDemand ready={ready} triggerClassName={userMenuTrigger} face={<UserMenuFace />}>
      {(open) => <UserMenuPanel defaultOpen={open} />}
    </MenuOnDemand>
  )
}
