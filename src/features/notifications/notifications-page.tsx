import { useQuery } from '@tanstack/react-query'
import { unreadText } from '@contract/notifications'
import { css } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { groupDigits } from '~/lib/money'
import { useOnlineStatus } from '~/lib/online-status'
import { usePushState } from '~/lib/push'
import { useRequiredSession, userKind } from '~/lib/session'
import { PageHeader } from '~/ui/page-header'
import { Button } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { LoadError, SavedAtNote } from '~/ui/list-page'
import { Spinner } from '~/ui/spinner'
import { notificationRefresh } from './alerts'
import { LOAD_FAILED_MESSAGE, notificationAudience, notificationListQueryOptions, useMarkAllNotificationsRead } from './api'
import { useLoadFailureToast } from './load-failure'
import { NotificationItem, useOpenNotification } from './notification-item'
import type { NotificationsSearch } from './routing'

/** The full list shows this many per page. */
export const NOTIFICATIONS_PAGE_SIZE = 20

const toolbar = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '3', mb: '3' })
const segmented = css({ display: 'inline-flex', borderWidth: '1px', borderColor: 'border.strong', borderRadius: 'md', overflow: 'hidden' })
const segment = css({
  px: '3',
  py: '1.5',
  fontSize: 'sm',
  bg: 'bg.surface',
  color: 'fg.default',
  cursor: 'pointer',
  '&[aria-pressed=true]': { bg: 'accent', color: 'accent.fg', fontWeight: 'semibold' },
  _focusVisible: { outline: '2px solid', outlineColor: 'border.focus', outlineOffset: '-2px' },
  '& + &': { borderLeftWidth: '1px', borderColor: 'border.strong' },
})
const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: '2' })
const list = css({ listStyle: 'none', m: '0', p: '0', '& > li + li': { borderTopWidth: '1px', borderColor: 'border.default' } })
const pager = css({ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: '3', mt: '3', fontSize: 'sm', color: 'fg.muted' })

function Toggle<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  label: string
  value: T
  options: { value: T; label: string }[]
  onChange: (value: T) => void
}) {
  return (
    <div role="group" aria-label={label} className={segmented}>
      {options.map((option) => (
        <button key={option.value} type="button" className={segment} aria-pressed={value === option.value} onClick={() => onChange(option.value)}>
          {option.label}
        </button>
      ))}
    </div>
  )
}

export type NotificationsPageProps = {
  search: NotificationsSearch
  onSearchChange: (patch: Partial<NotificationsSearch>) => void
}

/**
 * /notifications: every notification of the user, newest first, 20 a page; unread ones first in
 * weight, all or unread only, and (for staff) everyone's or only those addressed to staff. Polled
 * every 50 s like the bell.
 */
export function NotificationsPage({ search, onSearchChange }: NotificationsPageProps) {
  const { user } = useRequiredSession()
  const online = useOnlineStatus().online
  const isAgent = userKind(user) === 'agent'
  const page = search.page ?? 1
  const show = search.show ?? 'all'
  const audience = search.audience ?? 'all'
  const query = useQuery({
    ...notificationListQueryOptions({
      ...notificationAudience(user),
      limit: NOTIFICATIONS_PAGE_SIZE,
      page,
      unread: show === 'unread' ? true : undefined,
      audience: isAgent && audience === 'agents' ? 'agents' : undefined,
    }),
    ...notificationRefresh(usePushState()),
  })
  useLoadFailureToast(query)
  const markAll = useMarkAllNotificationsRead()
  const openNotification = useOpenNotification()

  const notifications = query.data?.data ?? []
  const total = query.data?.total ?? 0
  const pageCount = Math.max(1, Math.ceil(total / NOTIFICATIONS_PAGE_SIZE))
  // A large list's total is the database's estimate.
  const about = query.data?.totalIsEstimate ? 'about ' : ''
  const unread = query.data?.unreadCount ?? 0

  return (
    <>
      <PageHeader
        title="Notifications"
        description={query.data ? (unread > 0 ? `${unreadText(unread)} unread` : 'All caught up') : undefined}
        actions={
          <Button
            variant="outline"
            onClick={() => markAll.mutate(isAgent && audience === 'agents' ? { audience: 'agents' } : {})}
            loading={markAll.isPending}
            disabled={unread === 0 || !online}
          >
            Mark all as read
          </Button>
        }
      />
      <SavedAtNote updatedAt={query.dataUpdatedAt} hasData={query.data !== undefined} />
      <div className={toolbar}>
        <Toggle
          label="Show"
          value={show}
          options={[
            { value: 'all', label: 'All' },
            { value: 'unread', label: 'Unread' },
          ]}
          onChange={(next) => onSearchChange({ show: next === 'all' ? undefined : next, page: undefined })}
        />
        {isAgent && (
          <Toggle
            label="Addressed to"
            value={audience}
            options={[
              { value: 'all', label: 'Everyone' },
              { value: 'agents', label: 'Staff only' },
            ]}
            onChange={(next) => onSearchChange({ audience: next === 'all' ? undefined : next, page: undefined })}
          />
        )}
      </div>
      {query.isError && !query.data && (
        <LoadError title={LOAD_FAILED_MESSAGE} onRetry={() => void query.refetch()}>
          {errorMessage(query.error)}
        </LoadError>
      )}
      {/* After a load error with nothing saved, the error stands alone (no "No notifications yet" under it). */}
      {query.isError && !query.data ? null : (
        <section className={panel} aria-label="Notification list" aria-busy={query.isFetching || undefined}>
          {query.isPending ? (
            <div className={css({ display: 'flex', justifyContent: 'center', py: '10' })}>
              <Spinner label="Loading notifications" />
            </div>
          ) : notifications.length === 0 ? (
            <EmptyState
              title={show === 'unread' ? 'No unread notifications' : 'No notifications yet'}
              description="New documents and changes to mail requests show up here."
            />
          ) : (
            <ul className={list}>
              {notifications.map((notification) => (
                <li key={notification.id}>
                  <NotificationItem notification={notification} onOpen={openNotification} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
      {total > NOTIFICATIONS_PAGE_SIZE && (
        <nav className={pager} aria-label="Notification pages">
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onSearchChange({ page: page - 1 > 1 ? page - 1 : undefined })}>
            Previous
          </Button>
          <span aria-live="polite">{`Page ${page} of ${about}${groupDigits(pageCount)}`}</span>
          <Button variant="outline" size="sm" disabled={page >= pageCount} onClick={() => onSearchChange({ page: page + 1 })}>
            Next
          </Button>
        </nav>
      )}
    </>
  )
}
