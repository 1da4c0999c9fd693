import type { AppDeps } from '../context'
import { startQueueLoop, type QueueLoop } from '../jobs/queue-loop'
import { announceDue } from '../notifications/announce'
import { outgoingQueued } from '../notifications/signal'
import { deliverDuePush } from './queue'

export type NotificationWorker = QueueLoop

/**
 * Announces new notifications and sends queued pushes: at once when this server queued something
 * (a hint through outgoingQueued; again shortly after, as the hint may come before its transaction
 * commits), and every `pollMs` for retries and for work queued by other servers. One pass at a time.
 */
export function startNotificationWorker(deps: AppDeps, options: { pollMs?: number } = {}): NotificationWorker {
  return startQueueLoop({
    name: 'notification worker',
    logger: deps.logger,
    hints: outgoingQueued,
    hintDelaysMs: [20, 300],
    pollMs: options.pollMs ?? 2_000,
    pass: async () => {
      const announced = await announceDue(deps)
      let sent = await deliverDuePush({ ...deps, transport: deps.push.transport })
      // A full batch: more may be waiting.
      while (sent.sent + sent.retrying + sent.failed + sent.expired >= 100) sent = await deliverDuePush({ ...deps, transport: deps.push.transport })
      return announced.announced >= 20
    },
  })
}
