import { cx } from 'styled-system/css'
import { lazyMenu, MenuOnDemand, menuTriggerClass } from '~/ui/menu-on-demand'
import { UserMenuFace, userMenuTrigger } from './user-menu-face'

const UserMenuPanel = lazyMenu(() => import('./user-menu-panel'))

/**
 * The top bar's user menu. Its trigger is on the first paint; the menu (and the menu code) is built
 * once the page is on screen (`ready`), or at once when the trigger is pressed before that.
 */
export function UserMenu({ ready }: { ready: boolean }) {
  return (
    <MenuOnDemand
      ready={ready}
      trigger={
        <button type="button" className={cx(menuTriggerClass, userMenuTrigger)}>
          <UserMenuFace />
        </button>
      }
    >
      {(open) => <UserMenuPanel defaultOpen={open} />}
    </MenuOnDemand>
  )
}
