import type { Deadline } from '@contract/deadlines'
import type { Tone } from '~/ui/badge'

/** Whole days from `today` to `dueDate` (both YYYY-MM-DD). */
export function daysUntil(dueDate: string, today: string): number {
  return Math.round((Date.parse(`${dueDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000)
}

/** "Due today", "Due tomorrow", "In 12 days", "3 days late", or "Done". */
export function countdownText(deadline: Pick<Deadline, 'dueDate' | 'status'>, today: string): string {
  if (deadline.status === 'done') return 'Done'
  const days = daysUntil(deadline.dueDate, today)
  if (days === 0) return 'Due today'
  if (days === 1) return 'Due tomorrow'
  if (days > 1) return `In ${days} days`
  return days === -1 ? '1 day late' : `${-days} days late`
}

export const STATUS_LABELS: Record<Deadline['status'], string> = { upcoming: 'Upcoming', 'due-soon': 'Due soon', late: 'Late', done: 'Done' }
export const STATUS_TONES: Record<Deadline['status'], Tone> = { upcoming: 'neutral', 'due-soon': 'warning', late: 'danger', done: 'success' }

/** Dollars as the state writes them: $138.75, $150. */
export const dollars = (amount: number) => `$${Number.isInteger(amount) ? amount : amount.toFixed(2)}`
