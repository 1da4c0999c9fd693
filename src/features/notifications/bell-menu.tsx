import type { NotificationPage } from '@contract/notifications'
import type { UseQueryResult } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { Menu } from '~/ui/menu'
import { errorMessage } from '~/lib/api-client'
import { turnOnPush, type PushState } from '~/lib/push'
import { PUSH_STATE_TEXT } from './alerts'
import { LOAD_FAILED_MESSAGE, showError } from './api'
import { BellFace, bellLabel, bellTrigger } from './bell-face'
import { notificationLayout, NotificationText, useOpenNotification } from './notification-item'

const content = css({ w: { base: 'calc(100vw - 1rem)', sm: '22rem' }, maxH: '70dvh', overflowY: 'auto' })
const entry = css({ alignItems: 'start', py: '2.5', whiteSpace: 'normal' })
const viewMore = css({ justifyContent: 'center', fontWeight: 'semibold', color: 'accent.text' })

const VIEW_MORE = 'view-more'
const TURN_ON_ALERTS = 'turn-on-alerts'
const alertsItem = css({ justifyContent: 'center', color: 'accent.text' })
const alertsNote = css({ whiteSpace: 'normal', fontSize: 'xs', color: 'fg.muted', py: '2' })

/**
 * The bell's menu (see NotificationBell): the latest 5 notifications, a 'View More' link to
 * /notifications, and 'Turn on alerts' (web push) while this device has not been asked. Choosing one
 * marks it read (optimistic) and opens its document-progress page or the documents list. A menu
 * rather than a popover: arrows, type-ahead and Escape come with it.
 * @noUseSignals (reads `details.value`, not a signal: keeps the signals runtime out of the layout)
 */
export default function BellMenu({ defaultOpen, query, push }: { defaultOpen: boolean; query: UseQueryResult<NotificationPage>; push: PushState }) {
  const openNotification = useOpenNotification()
  const unread = query.data?.unreadCount ?? 0
  const notifications = query.data?.data ?? []

  const onSelect = ({ value }: { value: string }) => {
    if (value === TURN_ON_ALERTS) {
      // Asked here, after the click, never on page load.
      void turnOnPush().then(
        (state) => state === 'blocked' && showError(PUSH_STATE_TEXT.blocked),
        (error: unknown) => showError(errorMessage(error, 'Alerts could not be turned on. Please try again.')),
      )
      return
    }
    const chosen = notifications.find((notification) => `notification-${notification.id}` === value)
    if (chosen) openNotification(chosen)
  }

  return (
    <Menu.Root onSelect={onSelect} positioning={{ placement: 'bottom-end', gutter: 6 }} defaultOpen={defaultOpen} lazyMount unmountOnExit>
      <Menu.Trigger className={bellTrigger} aria-label={bellLabel(unread)}>
        <BellFace unread={unread} />
      </Menu.Trigger>
      <Menu.Content className={content}>
        <Menu.ItemGroup>
          <Menu.ItemGroupLabel>Latest notifications</Menu.ItemGroupLabel>
          {query.isPending ? (
            <Menu.Item value="loading" disabled>
              Loading notifications…
            </Menu.Item>
          ) : notifications.length === 0 ? (
            <Menu.Item value="empty" disabled>
              {query.isError ? LOAD_FAILED_MESSAGE : 'You have no notifications yet.'}
            </Menu.Item>
          ) : (
            notifications.map((notification) => (
              <Menu.Item key={notification.id} value={`notification-${notification.id}`} className={cx(notificationLayout, entry)}>
                <NotificationText notification={notification} />
              </Menu.Item>
            ))
          )}
        </Menu.ItemGroup>
        <Menu.Separator />
        <Menu.Item value={VIEW_MORE} asChild className={viewMore}>
          <Link to="/notifications">View More</Link>
        </Menu.Item>
        {push === 'not-asked' && (
          <Menu.Item value={TURN_ON_ALERTS} className={alertsItem}>
            Turn on alerts
          </Menu.Item>
        )}
        {(push === 'blocked' || push === 'needs-home-screen') && (
          <Menu.Item value="alerts-note" disabled className={alertsNote}>
            {PUSH_STATE_TEXT[push]}
          </Menu.Item>
        )}
      </Menu.Content>
    </Menu.Root>
  )
}
