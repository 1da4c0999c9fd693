import { NOTIFICATION_BELL_SIZE, NOTIFICATION_POLL_MS } from '@contract/notifications'
import { useQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect } from 'react'
import { css, cx } from 'styled-system/css'
import { useRequiredSession } from '~/lib/session'
import { Menu } from '~/ui/menu'
import { LOAD_FAILED_MESSAGE, notificationAudience, notificationListQueryOptions, registerNotificationMutations } from './api'
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

/**
 * The top bar's notification bell (SPEC.md sections 2, 4 and 9): the unread count, and in a menu the
 * latest 5 notifications and a 'View More' link to /notifications. Polled every 50 s. Choosing one
 * marks it read (optimistic) and opens its document-progress page or the documents list. A menu
 * rather than a popover: the user menu beside it already loads one, and arrows, type-ahead and Escape
 * come with it.
 * @noUseSignals (reads `details.value`, not a signal: keeps the signals runtime out of the layout)
 */
export function NotificationBell() {
  const { user } = useRequiredSession()
  const queryClient = useQueryClient()
  const query = useQuery({
    ...notificationListQueryOptions({ ...notificationAudience(user), limit: NOTIFICATION_BELL_SIZE, page: 1 }),
    refetchInterval: NOTIFICATION_POLL_MS,
  })
  useLoadFailureToast(query)

  // Calls queued offline in an earlier visit come back with the saved cache, without their functions:
  // the bell is on every signed-in page, so it gives them back and they are sent. The mail request's
  // code loads only when such a call is waiting.
  useEffect(() => {
    registerNotificationMutations(queryClient)
    const waiting = queryClient.getMutationCache().findAll({ predicate: (mutation) => mutation.state.isPaused && !mutation.options.mutationFn })
    if (waiting.length > 0) void import('~/features/document-requests/offline').then((queue) => queue.registerDocumentRequestMutations(queryClient))
  }, [queryClient])

  const openNotification = useOpenNotification()
  const unread = query.data?.unreadCount ?? 0
  const notifications = query.data?.data ?? []
  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications'

  const onSelect = ({ value }: { value: string }) => {
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
      </Menu.Content>
    </Menu.Root>
  )
}
