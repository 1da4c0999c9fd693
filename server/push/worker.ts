import type { AppDeps } from '../context'
import { announceDue } from '../notifications/announce'
import { outgoingQueued } from '../notifications/signal'
import { deliverDuePush } from './queue'

export interface NotificationWorker {
  /** Runs one pass now (tests; the worker runs them by itself). */
  drain(): Promise<void>
  stop(): Promise<void>
}

/**
 * Announces new notifications and sends queued pushes: at once when this server queued something
 * (a hint through outgoingQueued; again shortly after, as the hint may come before its transaction
 * commits), and every `pollMs` for retries and for work queued by other servers. One pass at a time.
 */
export function startNotificationWorker(deps: AppDeps, options: { pollMs?: number } = {}): NotificationWorker {
  const pollMs = options.pollMs ?? 2_000
  let running: Promise<void> = Promise.resolve()
  let again = false
  let busy = false
  let stopped = false

  const pass = async () => {
    const announced = await announceDue(deps)
    let sent = await deliverDuePush({ ...deps, transport: deps.push.transport })
    // A full batch: more may be waiting.
    while (sent.sent + sent.retrying + sent.failed + sent.expired >= 100) sent = await deliverDuePush({ ...deps, transport: deps.push.transport })
    if (announced.announced >= 20) again = true
  }
  const drain = (): Promise<void> => {
    if (stopped) return running
    if (busy) {
      again = true
      return running
    }
    busy = true
    running = (async () => {
      do {
        again = false
        await pass().catch((error: unknown) =>
          deps.logger.error('notification worker pass failed', { error: error instanceof Error ? (error.stack ?? error.message) : String(error) }),
        )
      } while (again && !stopped)
      busy = false
    })()
    return running
  }

  const hints = new Set<NodeJS.Timeout>()
  const hint = (ms: number) => {
    const timer = setTimeout(() => {
      hints.delete(timer)
      void drain()
    }, ms)
    timer.unref()
    hints.add(timer)
  }
  const onQueued = () => {
    hint(20)
    hint(300)
  }
  outgoingQueued.on('queued', onQueued)
  const every = setInterval(() => void drain(), pollMs)
  every.unref()

  return {
    drain,
    async stop() {
      stopped = true
      outgoingQueued.off('queued', onQueued)
      clearInterval(every)
      for (const timer of hints) clearTimeout(timer)
      await running
    },
  }
}
