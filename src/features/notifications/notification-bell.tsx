import { NOTIFICATION_BELL_SIZE, unreadText } from '@contract/notifications'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css, cx } from 'styled-system/css'
import { useRequiredSession } from '~/lib/session'
import { Menu } from '~/ui/menu'
import { errorMessage } from '~/lib/api-client'
import { turnOnPush, usePushState } from '~/lib/push'
import { PUSH_STATE_TEXT, useNotificationRefresh } from './alerts'
import { bellAudience, LOAD_FAILED_MESSAGE, notificationListQueryOptions, showError } from './api'
import { useLoadFailureToast } from './load-failure'
import { notificationLayout, NotificationText, useOpenNotification } from './notification-item'

const trigger = css({
  position: 'relative',
  justifyContent: 'center',
  w: '10',
  h: '10',
  color: 'fg.default',
  bg: 'transparent',
  _hover: { bg: 'bg.muted' },
})
const countBadge = css({
  position: 'absolute',
  top: '1',
  right: '1',
  minW: '4.5',
  h: '4.5',
  px: '1',
  borderRadius: 'full',
  bg: 'danger',
  color: 'fg.inverted',
  fontSize: '2xs',
  fontWeight: 'bold',
  lineHeight: '1.125rem',
  textAlign: 'center',
})
const content = css({ w: { base: 'calc(100vw - 1rem)', sm: '22rem' }, maxH: '70dvh', overflowY: 'auto' })
const entry = css({ alignItems: 'start', py: '2.5', whiteSpace: 'normal' })
const viewMore = css({ justifyContent: 'center', fontWeight: 'semibold', color: 'accent.text' })

function BellGlyph() {
  return (
    <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  )
}

const VIEW_MORE = 'view-more'
const TURN_ON_ALERTS = 'turn-on-alerts'
const alertsItem = css({ justifyContent: 'center', color: 'accent.text' })
const alertsNote = css({ whiteSpace: 'normal', fontSize: 'xs', color: 'fg.muted', py: '2' })

/**
 * The top bar's notification bell: the unread count, and in a menu the latest 5 notifications, a
 * 'View More' link to /notifications, and 'Turn on alerts' (web push) while this device has not been
 * asked. Polled every 50 s unless alerts are on. Choosing one
 * marks it read (optimistic) and opens its document-progress page or the documents list. A menu
 * rather than a popover: the user menu beside it already loads one, and arrows, type-ahead and Escape
 * come with it.
 * @noUseSignals (reads `details.value`, not a signal: keeps the signals runtime out of the layout)
 */
export function NotificationBell() {
  const { user } = useRequiredSession()
  const query = useQuery({
    ...notificationListQueryOptions({ ...bellAudience(user), limit: NOTIFICATION_BELL_SIZE, page: 1 }),
    ...useNotificationRefresh(),
  })
  const push = usePushState()
  useLoadFailureToast(query)

  const openNotification = useOpenNotification()
  const unread = query.data?.unreadCount ?? 0
  const notifications = query.data?.data ?? []
  const label = unread > 0 ? `Notifications, ${unreadText(unread)} unread` : 'Notifications'

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
    <Menu.Root onSelect={onSelect} positioning={{ placement: 'bottom-end', gutter: 6 }} lazyMount unmountOnExit>
      <Menu.Trigger className={trigger} aria-label={label}>
        <BellGlyph />
        {unread > 0 && (
          <span className={countBadge} aria-hidden="true">
            {unread > 9 ? '9+' : unread}
          </span>
        )}
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
