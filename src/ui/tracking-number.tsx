import { trackingUrl } from '@contract/shipping'
import { css, cx } from 'styled-system/css'

// A tracking number is one long word: it breaks anywhere rather than widening its column.
const number = css({ overflowWrap: 'anywhere' })
const link = css({ textDecoration: 'underline' })

/**
 * A tracking number, linked to the carrier's tracking page when the carrier is one the portal knows
 * (USPS, UPS, FedEx, DHL); the page opens in a new tab.
 */
export function TrackingNumber({ carrier, value, className }: { carrier: string | null | undefined; value: string; className?: string }) {
  const href = trackingUrl(carrier, value)
  if (!href) return <span className={cx(number, className)}>{value}</span>
  return (
    <a
      className={cx(number, link, className)}
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={`Track ${value} on the ${carrier} website (opens in a new tab)`}
    >
      {value}
    </a>
  )
}
