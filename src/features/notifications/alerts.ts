import { NOTIFICATION_POLL_MS } from '@contract/notifications'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { usePushState, watchPush, type PushState } from '~/lib/push'
import { notificationKeys } from './keys'

/**
 * How notification lists stay fresh: with alerts (web push) on, a push tells the open pages to refetch
 * and nothing polls; otherwise (no push, refused, not set up) they poll every 50 s. Either way they
 * refetch when the page comes back into focus and when the connection returns; polling pauses while
 * the page is hidden (TanStack Query's default for refetchInterval).
 */
export function notificationRefresh(push: PushState) {
  return {
    refetchInterval: push === 'on' ? (false as const) : NOTIFICATION_POLL_MS,
    refetchOnWindowFocus: 'always' as const,
    refetchOnReconnect: 'always' as const,
  }
}

/**
 * Watches this device's alerts once `ready` (the page is on screen: the first look at the permission and
 * the subscription is a few milliseconds of main thread the page's start does without; the state is
 * 'checking' until then, which polls) and refetches every notification query when a push arrives.
 */
export function useNotificationRefresh(ready: boolean) {
  const queryClient = useQueryClient()
  useEffect(() => (ready ? watchPush(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.all })) : undefined), [queryClient, ready])
  return notificationRefresh(usePushState())
}

/** The words of each state, for the bell menu and Account Settings. */
export const PUSH_STATE_TEXT: Record<Exclude<PushState, 'checking'>, string> = {
  unsupported: 'This browser cannot show alerts. New notifications appear in the bell.',
  'needs-home-screen': 'On iPhone and iPad, alerts work once the portal is on your home screen: tap Share, then "Add to Home Screen", and open it from there.',
  'not-asked': 'Get an alert on this device as soon as mail arrives, even with the portal closed.',
  on: 'Alerts are on for this device.',
  blocked:
    'Alerts are blocked for this site. To allow them, open the site settings (the icon left of the address), set Notifications to Allow, then reload the page.',
}
