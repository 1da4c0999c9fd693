import type { EventEmitter } from 'node:events'
import { errorForLog, type Logger } from '../logger'

export interface QueueLoop {
  /** Runs a pass now, or once more after the one running (tests; the loop runs them by itself). */
  drain(): Promise<void>
  /** No pass starts after this; resolves once the one running has ended. */
  stop(): Promise<void>
}

export interface QueueLoopOptions {
  /** For the log line of a failed pass ('text reader'). */
  name: string
  logger: Logger
  /**
   * One pass over the queue (its rows taken with claimRows, server/db/claim.ts). `stopped` says when
   * to leave off between rows. Answers true when more may be waiting: another pass follows at once.
   */
  pass: (stopped: () => boolean) => Promise<boolean | void>
  /** Emits 'queued' when this server queued something: a pass follows shortly (a hint, not a promise). */
  hints: EventEmitter
  /** After a hint, a pass this many ms later, each: again shortly after, as the hint may come before its transaction commits. */
  hintDelaysMs: number[]
  /** Every so often for retries and for work queued by other servers. */
  pollMs: number
  /** A first pass this long after the start (none when left out: the first poll is the first pass). */
  firstPassMs?: number
}

/**
 * The loop of a queue worker: one pass at a time, run at a hint from this server, every `pollMs`, and
 * again at once when a pass asked for more while one was running. Every timer is unref'd (a worker
 * never keeps the process alive) and cleared by stop().
 */
export function startQueueLoop(options: QueueLoopOptions): QueueLoop {
  let running: Promise<void> = Promise.resolve()
  let busy = false
  let again = false
  let stopped = false
  const isStopped = () => stopped

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
        try {
          if (await options.pass(isStopped)) again = true
        } catch (error) {
          options.logger.error(`${options.name} pass failed`, { error: errorForLog(error) })
        }
      } while (again && !stopped)
      busy = false
    })()
    return running
  }

  const timers = new Set<NodeJS.Timeout>()
  const later = (ms: number) => {
    const timer = setTimeout(() => {
      timers.delete(timer)
      void drain()
    }, ms)
    timer.unref()
    timers.add(timer)
  }
  const onQueued = () => {
    for (const ms of options.hintDelaysMs) later(ms)
  }
  options.hints.on('queued', onQueued)
  const every = setInterval(() => void drain(), options.pollMs)
  every.unref()
  if (options.firstPassMs !== undefined) later(options.firstPassMs)

  return {
    drain,
    async stop() {
      stopped = true
      options.hints.off('queued', onQueued)
      clearInterval(every)
      for (const timer of timers) clearTimeout(timer)
      timers.clear()
      await running
    },
  }
}
