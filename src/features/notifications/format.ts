/**
 * Times of notifications, with the browser's Intl only: the bell sits on every signed-in page, so it
 * does not pull the date library into the layout's code.
 */

const ZONE = 'America/New_York'
const relative = new Intl.RelativeTimeFormat('en-US', { numeric: 'auto' })
const absolute = new Intl.DateTimeFormat('en-US', {
  timeZone: ZONE,
  month: 'short',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  timeZoneName: 'short',
})

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 86_400_000],
  ['month', 30 * 86_400_000],
  ['week', 7 * 86_400_000],
  ['day', 86_400_000],
  ['hour', 3_600_000],
  ['minute', 60_000],
]

/** '5 minutes ago', 'yesterday', '3 weeks ago'; 'just now' under a minute. */
export function timeAgo(iso: string, now: number = Date.now()): string {
  const at = Date.parse(iso)
  if (Number.isNaN(at)) return ''
  const elapsed = now - at
  if (Math.abs(elapsed) < 60_000) return 'just now'
  for (const [unit, ms] of UNITS) {
    if (Math.abs(elapsed) >= ms) return relative.format(-Math.trunc(elapsed / ms), unit)
  }
  return 'just now'
}

/** 'Nov 21, 2026, 9:05 AM EST' on the provider's clock. */
export function formatNotificationTime(iso: string): string {
  const at = Date.parse(iso)
  return Number.isNaN(at) ? '' : absolute.format(at)
}
