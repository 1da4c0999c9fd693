import { unreadText } from '@contract/notifications'
import { css } from 'styled-system/css'

export const bellTrigger = css({
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
function BellGlyph() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
      <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
    </svg>
  )
}

/** The bell and, with unread notifications, their count as its name says it (so the visible text is part of the name). */
export function BellFace({ unread }: { unread: number }) {
  return (
    <>
      <BellGlyph />
      {unread > 0 && (
        <span className={countBadge} aria-hidden="true">
          {unreadText(unread)}
        </span>
      )}
    </>
  )
}

export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unreadText(unread)} unread` : 'Notifications')
