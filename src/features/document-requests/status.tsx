import { REQUEST_STATUS, requestStatusName } from '@contract/document-requests'
import { StatusBadge, type Tone } from '~/ui/badge'

const TONES: Record<number, Tone> = {
  [REQUEST_STATUS.requested]: 'info',
  [REQUEST_STATUS.processing]: 'warning',
  [REQUEST_STATUS.mailed]: 'success',
  [REQUEST_STATUS.delivered]: 'success',
  [REQUEST_STATUS.cancelled]: 'neutral',
}

export function requestStatusTone(status: number): Tone {
  return TONES[status] ?? 'neutral'
}

/** A request's status as a badge: the words carry the meaning, the colour repeats it. */
export function RequestStatusBadge({ status, name }: { status: number; name?: string }) {
  return <StatusBadge tone={requestStatusTone(status)}>{name ?? requestStatusName(status)}</StatusBadge>
}

/** What the button that moves a request to `status` says. */
export function moveLabel(status: number): string {
  switch (status) {
    case REQUEST_STATUS.processing:
      return 'Mark as Processing'
    case REQUEST_STATUS.mailed:
      return 'Mark as Mailed'
    case REQUEST_STATUS.delivered:
      return 'Mark as Delivered'
    case REQUEST_STATUS.cancelled:
      return 'Cancel request'
    default:
      return `Mark as ${requestStatusName(status)}`
  }
}
