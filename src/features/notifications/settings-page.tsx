import { NOTIFICATION_KIND_LABELS, NotificationPreferencesSchema, type NotificationPreference } from '@contract/preferences'
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useEffect } from 'react'
import { css } from 'styled-system/css'
import { PageHeader } from '~/ui/page-header'
import { api, errorMessage } from '~/lib/api-client'
import { isAppleMobile, refreshPushState, turnOffPush, turnOnPush, usePushState } from '~/lib/push'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { Checkbox } from '~/ui/checkbox'
import { LoadError } from '~/ui/list-page'
import { Spinner } from '~/ui/spinner'
import { PUSH_STATE_TEXT } from './alerts'
import { showError } from './api'
import { notificationKeys } from './keys'

export const preferencesQueryOptions = () =>
  queryOptions({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => api.get('/notification-preferences', { schema: NotificationPreferencesSchema, signal }),
  })

const section = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: '4', mb: '4', display: 'grid', gap: '3' })
const heading = css({ fontSize: 'lg', fontWeight: 'semibold' })
const table = css({
  w: '100%',
  borderCollapse: 'collapse',
  '& th, & td': { textAlign: 'left', py: '2', pr: '4', borderBottomWidth: '1px', borderColor: 'border.default' },
})
const muted = css({ color: 'fg.muted', fontSize: 'sm' })

/** "Turn on alerts" for this device, in every state (unsupported, iPhone note, not asked, on, blocked). */
function DeviceAlerts() {
  const push = usePushState()
  // This page looks at once (the top bar's bell starts watching only once the page is on screen).
  useEffect(() => void refreshPushState().catch(() => undefined), [])
  const turnOn = useMutation({ mutationFn: turnOnPush, onError: (error) => showError(errorMessage(error, 'Alerts could not be turned on. Please try again.')) })
  const turnOff = useMutation({ mutationFn: turnOffPush })
  return (
    <section className={section} aria-labelledby="device-alerts">
      <h2 id="device-alerts" className={heading}>
        Alerts on this device
      </h2>
      {push === 'checking' ? (
        <Spinner label="Checking alerts" />
      ) : (
        <Alert
          status={push === 'on' ? 'success' : push === 'blocked' ? 'warning' : 'info'}
          title={
            push === 'on'
              ? 'Alerts are on'
              : push === 'blocked'
                ? 'Alerts are blocked'
                : push === 'not-asked'
                  ? 'Alerts are off'
                  : 'Alerts are not available here'
          }
        >
          {PUSH_STATE_TEXT[push]}
          {push === 'unsupported' && isAppleMobile() && ` ${PUSH_STATE_TEXT['needs-home-screen']}`}
        </Alert>
      )}
      <div>
        {push === 'not-asked' && (
          <Button onClick={() => turnOn.mutate()} loading={turnOn.isPending}>
            Turn on alerts
          </Button>
        )}
        {push === 'on' && (
          <Button variant="outline" onClick={() => turnOff.mutate()} loading={turnOff.isPending}>
            Turn off alerts on this device
          </Button>
        )}
      </div>
    </section>
  )
}

/** Per kind of notification: push and e-mail switches, saved at once. */
function Preferences() {
  const queryClient = useQueryClient()
  const query = useQuery(preferencesQueryOptions())
  const save = useMutation({
    mutationFn: (preference: NotificationPreference) =>
      api.put(
        '/notification-preferences',
        { preferences: [{ kind: preference.kind, push: preference.push, email: preference.email, inApp: preference.inApp }] },
        { schema: NotificationPreferencesSchema },
      ),
    onSuccess: (data) => queryClient.setQueryData(notificationKeys.preferences(), data),
    onError: (error) => showError(errorMessage(error, 'Your choice could not be saved. Please try again.')),
  })
  if (query.isPending) return <Spinner label="Loading preferences" />
  if (query.isError)
    return (
      <LoadError title="Failed to load your notification settings." onRetry={() => void query.refetch()}>
        {errorMessage(query.error)}
      </LoadError>
    )
  return (
    <section className={section} aria-labelledby="notification-kinds">
      <h2 id="notification-kinds" className={heading}>
        What to tell you about
      </h2>
      <table className={table}>
        <thead>
          <tr>
            <th scope="col">Notification</th>
            <th scope="col">In the portal</th>
            <th scope="col">Alert (push)</th>
            <th scope="col">E-mail</th>
          </tr>
        </thead>
        <tbody>
          {query.data.preferences.map((preference) => {
            const label = NOTIFICATION_KIND_LABELS[preference.kind]
            const why = preference.editable ? undefined : 'Always sent: service of process can have short legal deadlines.'
            return (
              <tr key={preference.kind}>
                <th scope="row">
                  {label}
                  {why && <div className={muted}>{why}</div>}
                </th>
                <td>
                  {preference.inApp === undefined ? (
                    <span className={muted}>Always</span>
                  ) : (
                    <Checkbox
                      label={`${label}: in the portal`}
                      hideLabel
                      checked={preference.inApp}
                      disabled={save.isPending}
                      onCheckedChange={(checked) => save.mutate({ ...preference, inApp: checked === true })}
                    />
                  )}
                </td>
                <td>
                  <Checkbox
                    label={`${label}: alert`}
                    hideLabel
                    checked={preference.push}
                    disabled={!preference.editable || save.isPending}
                    onCheckedChange={(checked) => save.mutate({ ...preference, push: checked === true })}
                  />
                </td>
                <td>
                  <Checkbox
                    label={`${label}: e-mail`}
                    hideLabel
                    checked={preference.email}
                    disabled={!preference.editable || save.isPending}
                    onCheckedChange={(checked) => save.mutate({ ...preference, email: checked === true })}
                  />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className={muted}>Notifications appear in the bell unless turned off there. E-mails have a link to stop that kind of e-mail.</p>
    </section>
  )
}

/** Account Settings → Notifications. */
export function NotificationSettingsPage() {
  return (
    <>
      <PageHeader title="Notifications" description="Alerts on your devices and e-mails" />
      <DeviceAlerts />
      <Preferences />
    </>
  )
}
