import { css } from 'styled-system/css'
import { formatDateTime } from '~/lib/dates'
import { useOnlineStatus } from '~/lib/online-status'

const note = css({ m: '0', fontSize: 'sm', color: 'fg.muted' })

/**
 * Offline, a page showing saved data says how old it is: "Offline, saved at May 1, 2026, 8:00 AM EDT".
 * Nothing while online.
 */
export function SavedAtNote({ updatedAt, hasData }: { updatedAt: number; hasData: boolean }) {
  const status = useOnlineStatus()
  if (status.online) return null
  return (
    <p className={note} role="status">
      {hasData && updatedAt > 0
        ? `Offline, saved at ${formatDateTime(updatedAt)}`
        : 'Offline: this has not been saved on this device yet. It will load when the connection returns.'}
    </p>
  )
}
