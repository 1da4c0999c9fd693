import { css } from 'styled-system/css'
import { useOnlineStatus } from '~/lib/online-status'
import { formatDateTime } from '~/lib/dates'

const note = css({ m: '0', fontSize: 'sm', color: 'fg.muted' })

/**
 * Offline, a list showing saved data says how old it is: "Offline, saved at Nov 21, 2026, 9:05 AM EST".
 * Nothing while online.
 */
export function SavedAtNote({ updatedAt, hasData }: { updatedAt: number; hasData: boolean }) {
  const status = useOnlineStatus()
  if (status.online) return null
  return (
    <p className={note} role="status">
      {hasData && updatedAt > 0
        ? `Offline, saved at ${formatDateTime(updatedAt)}`
        : 'Offline: this list has not been saved on this device yet. It will load when the connection returns.'}
    </p>
  )
}
