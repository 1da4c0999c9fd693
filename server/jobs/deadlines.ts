import { sendDeadlineReminders } from '../deadlines/reminders'
import type { Job } from './scheduler'

/**
 * Every 15 minutes: the annual report reminders of the day and the repeated alerts of service of
 * process not yet acknowledged (server/deadlines/reminders.ts). Each reminder once.
 */
export const deadlineRemindersJob: Job = {
  name: 'deadline-reminders',
  everyMs: 15 * 60_000,
  quiet: true,
  run: (deps, now) => sendDeadlineReminders(deps, now),
}
