import { STAFF_STATUS_LABELS, type StaffStatus } from '@contract/users'
import { StatusBadge, type Tone } from '~/ui/badge'

const TONES: Record<StaffStatus, Tone> = { active: 'success', invited: 'info', deactivated: 'neutral' }

/** Active, Invited (no password set yet) or Deactivated. */
export function StaffStatusBadge({ status }: { status: StaffStatus }) {
  return <StatusBadge tone={TONES[status]}>{STAFF_STATUS_LABELS[status]}</StatusBadge>
}
