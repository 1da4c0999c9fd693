import { NOTIFICATION_BELL_SIZE } from '@contract/notifications'
import { useQuery } from '@tanstack/react-query'
import { cx } from 'styled-system/css'
import { useRequiredSession } from '~/lib/session'
import { lazyMenu, MenuOnDemand, menuTriggerClass } from '~/ui/menu-on-demand'
import { usePushState } from '~/lib/push'
import { useNotificationRefresh } from './alerts'
import { bellAudience, notificationListQueryOptions } from './api'
import { BellFace, bellLabel, bellTrigger } from './bell-face'
import { useLoadFailureToast } from './load-failure'

const BellMenu = lazyMenu(() => import('./bell-menu'))

/**
 * The top bar's notification bell: the unread count on the first paint, polled every 50 s unless
 * alerts are on; its menu (BellMenu, the latest notifications) is built once the page is on screen
 * (`ready`), or at once when the bell is pressed before that. The device's alerts are watched from
 * `ready` on.
 */
export function NotificationBell({ ready }: { ready: boolean }) {
  const { user } = useRequiredSession()
  const query = useQuery({
    ...notificationListQueryOptions({ ...bellAudience(user), limit: NOTIFICATION_BELL_SIZE, page: 1 }),
    ...useNotificationRefresh(ready),
  })
  const push = usePushState()
  useLoadFailureToast(query)
  const unread = query.data?.unreadCount ?? 0
  return (
    <MenuOnDemand
      ready={ready}
      trigger={
        <button type="button" className={cx(menuTriggerClass, bellTrigger)} aria-label={bellLabel(unread)}>
          <BellFace unread={unread} />
        </button>
      }
    >
      {(open) => <BellMenu defaultOpen={open} query={query} push={push} />}
    </MenuOnDemand>
  )
}
