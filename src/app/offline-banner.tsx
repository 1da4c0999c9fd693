import { t } from '@lingui/core/macro'
import { css } from 'styled-system/css'
import { useOnlineStatus } from '~/lib/online-status'

/** A crossed-out wifi sign (decorative). */
function OfflineIcon() {
  return (
    <svg
      width={16}
      height={16}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      {[
        'M2 2l20 20',
        'M8.5 16.5a5 5 0 0 1 7 0',
        'M2 8.82a15 15 0 0 1 4.17-2.65',
        'M10.66 5c4.01-.36 8.14.9 11.34 3.76',
        'M16.85 11.25a10 10 0 0 1 2.22 1.68',
        'M5 13a10 10 0 0 1 5.24-2.76',
        'M12 20h.01',
      ].map((d) => (
        <path key={d} d={d} />
      ))}
    </svg>
  )
}

const banner = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  px: { base: '4', md: '6' },
  py: '2',
  bg: 'bg.warning',
  color: 'fg.warning',
  fontSize: 'sm',
  borderBottomWidth: '1px',
  borderColor: 'warning.border',
})

/** Says plainly when the portal works from saved data (no connection, or the server out of reach). */
export function OfflineBanner() {
  const status = useOnlineStatus()
  return (
    <div role="status" aria-live="polite">
      {!status.online && (
        <p className={banner}>
          <OfflineIcon />
          {status.reason === 'browser'
            ? t`You are offline. You can still see what you opened before; changes need a connection.`
            : t`The portal cannot reach its server right now. Showing saved data; retrying shortly.`}
        </p>
      )}
    </div>
  )
}
