import { escalateUnopenedService } from '../alerts/service-of-process'
import type { Job } from './scheduler'

/**
 * Every 5 minutes: repeats the alert of each service of process still unopened 24 hours after upload
 * and flags it to staff (server/alerts/service-of-process.ts). Once per document.
 */
export const escalateServiceJob: Job = {
  name: 'escalate-service-of-process',
  everyMs: 5 * 60_000,
  quiet: true,
  run: ({ db }, now) => escalateUnopenedService(db, now),
}
