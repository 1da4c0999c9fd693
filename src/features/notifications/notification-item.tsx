import type { Notification } from '@contract/notifications'
import { useNavigate } from '@tanstack/react-router'
import { useCallback } from 'react'
import { css, cx } from 'styled-system/css'
import { formatDateTime, formatRelativeTime } from '~/lib/dates'
import { useRequiredSession, userKind } from '~/lib/session'
import { canMarkRead, notificationTarget, useMarkNotificationRead } from './api'

/**
 * Opening a notification: an unread one the user owns becomes read at once
 * (optimistic; queued while offline), then its page opens.
 */
export function useOpenNotification(onOpened?: () => void) {
  const { user } = useRequiredSession()
  const navigate = useNavigate()
  const markRead = useMarkNotificationRead()
  return useCallback(
    (notification: Notification) => {
      if (!notification.isRead && canMarkRead(notification, user)) {
        markRead(notification)
      }
      onOpened?.()
      void navigate(notificationTarget(notification, user))
    },
    [user, navigate, onOpened, markRead],
  )
}

/** Dot column and text column, for the list's buttons and the bell's menu entries alike. */
export const notificationLayout = css({
  display: 'grid',
  gridTemplateColumns: '0.625rem minmax(0, 1fr)',
  columnGap: '3',
  alignItems: 'start',
  textAlign: 'left',
})

const item = css({
  w: '100%',
  px: '3',
  py: '2.5',
  borderRadius: 'md',
  bg: 'transparent',
  color: 'fg.default',
  cursor: 'pointer',
  _hover: { bg: 'bg.muted' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '-2px' },
})
const dot = css({ w: '2.5', h: '2.5', mt: '1.5', borderRadius: 'full', bg: 'accent' })
const message = css({ display: 'block', fontSize: 'sm', lineHeight: 'snug' })
const unreadMessage = css({ fontWeight: 'semibold' })
const meta = css({ display: 'block', mt: '0.5', fontSize: 'xs', color: 'fg.muted' })
const srOnly = css({ srOnly: true })

/** The words of a notification: unread mark, message and when (for staff, also whose it is). */
export function NotificationText({ notification }: { notification: Notification }) {
  const { user } = useRequiredSession()
  const company = userKind(user) === 'agent' ? notification.companyName : null
  return (
    <>
      <span aria-hidden="true" className={notification.isRead ? undefined : dot} />
      <span>
        <span className={cx(message, !notification.isRead && unreadMessage)}>
          {!notification.isRead && <span className={srOnly}>Unread: </span>}
          {notification.message}
        </span>
        <span className={meta}>
          {company && `${company} · `}
          <time dateTime={notification.createdAt} title={formatDateTime(notification.createdAt)}>
            {formatRelativeTime(notification.createdAt)}
          </time>
        </span>
      </span>
    </>
  )
}

/** One notification as a button (the full list); activating it opens its page. */
export function NotificationItem({ notification, onOpen }: { notification: Notification; onOpen: (notification: Notification) => void }) {
  return (
    <button type="button" className={cx(notificationLayout, item)} onClick={() => onOpen(notification)} data-unread={!notification.isRead || undefined}>
      <NotificationText notification={notification} />
    </button>
  )
}
