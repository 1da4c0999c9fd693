import { and, eq } from 'drizzle-orm'
import type { AppDeps } from '../context'
import { jobRuns } from '../db/schema'
import { errorForLog } from '../logger'

/** A scheduled job: runs once per period of `everyMs`, on one server only. */
export interface Job {
  name: string
  everyMs: number
  /** `now` is the clock's time; the result is stored in job_runs. Should be safe to run twice. */
  run(deps: AppDeps, now: Date): Promise<unknown>
  /** Log finished runs at debug level (a job that runs every minute would flood the log). Failures are always errors. */
  quiet?: boolean
}

/** The period a time falls in, e.g. '2026-11-21T00:00:00.000Z' for a daily job. */
export const periodKey = (everyMs: number, now: Date) => new Date(Math.floor(now.getTime() / everyMs) * everyMs).toISOString()

/**
 * Runs every job whose current period has not run yet. Each run is claimed by inserting
 * (job, run_key) into job_runs; the unique index lets only one server win. A failed run releases its
 * claim, so the next tick tries again.
 */
export async function runDueJobs(deps: AppDeps, jobs: readonly Job[], now = deps.clock.now()): Promise<string[]> {
  const ran: string[] = []
  for (const job of jobs) {
    const runKey = periodKey(job.everyMs, now)
    const claimed = await deps.db.insert(jobRuns).values({ job: job.name, runKey, startedAt: now }).onConflictDoNothing().returning({ id: jobRuns.id })
    if (!claimed.length) continue
    const started = performance.now()
    try {
      const result = await job.run(deps, now)
      await deps.db
        .update(jobRuns)
        .set({ finishedAt: deps.clock.now(), result: (result ?? null) as never })
        .where(eq(jobRuns.id, claimed[0].id))
      deps.logger[job.quiet ? 'debug' : 'info']('job finished', { job: job.name, runKey, ms: Math.round(performance.now() - started), result })
      ran.push(job.name)
    } catch (error) {
      await deps.db.delete(jobRuns).where(and(eq(jobRuns.id, claimed[0].id), eq(jobRuns.job, job.name)))
      deps.logger.error('job failed', {
        job: job.name,
        runKey,
        error: errorForLog(error),
      })
    }
  }
  return ran
}

export interface Scheduler {
  stop(): Promise<void>
}

/** Checks for due jobs shortly after start and then every `tickMs`. Timers do not keep the process alive. */
export function startScheduler(deps: AppDeps, jobs: readonly Job[], options: { tickMs?: number; firstTickMs?: number } = {}): Scheduler {
  const tickMs = options.tickMs ?? 60_000
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const tick = () => {
    if (stopped) return
    running = runDueJobs(deps, jobs).catch((error) =>
      deps.logger.error('scheduler tick failed', { error: error instanceof Error ? error.message : String(error) }),
    )
  }
  const first = setTimeout(tick, options.firstTickMs ?? 5_000)
  const every = setInterval(tick, tickMs)
  first.unref()
  every.unref()
  return {
    async stop() {
      stopped = true
      clearTimeout(first)
      clearInterval(every)
      await running
    },
  }
}
