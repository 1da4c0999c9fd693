import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jobRuns } from '../db/schema'
import { createTestServer, type TestServer } from '../../tests/api/harness'
import { periodKey, runDueJobs, type Job } from './scheduler'

/** Scheduled jobs run once per period, even with several servers on one database. */
let server: TestServer
beforeAll(async () => {
  server = await createTestServer({ now: new Date('2026-03-10T12:00:00Z') })
})
afterAll(() => server.close())

const HOUR = 3_600_000

function countingJob(name: string, everyMs = 24 * HOUR) {
  const runs: Date[] = []
  const job: Job = {
    name,
    everyMs,
    async run(_deps, now) {
      runs.push(now)
      await new Promise((r) => setTimeout(r, 20))
      return { handled: runs.length }
    },
  }
  return { job, runs }
}

describe('runDueJobs', () => {
  it('runs a job once per period and again in the next one, recording each run', async () => {
    const { job, runs } = countingJob('daily-count')
    expect(await runDueJobs(server.deps, [job])).toEqual(['daily-count'])
    server.clock.advance(6 * HOUR)
    expect(await runDueJobs(server.deps, [job])).toEqual([])
    server.clock.advance(18 * HOUR)
    expect(await runDueJobs(server.deps, [job])).toEqual(['daily-count'])
    expect(runs).toHaveLength(2)
    const rows = await server.db.select().from(jobRuns).where(eq(jobRuns.job, 'daily-count'))
    expect(rows.map((r) => r.runKey).sort()).toEqual(['2026-03-10T00:00:00.000Z', '2026-03-11T00:00:00.000Z'])
    expect(rows.every((r) => r.finishedAt !== null)).toBe(true)
    expect(rows.map((r) => r.result)).toContainEqual({ handled: 2 })
  })

  it('lets only one of several servers run a period', async () => {
    const { job, runs } = countingJob('shared-count', HOUR)
    const servers = [server.deps, { ...server.deps }, { ...server.deps }]
    const results = await Promise.all(servers.map((deps) => runDueJobs(deps, [job])))
    expect(runs).toHaveLength(1)
    expect(results.flat()).toEqual(['shared-count'])
  })

  it('releases the claim of a failed run, so the next check retries it', async () => {
    let attempts = 0
    const flaky: Job = {
      name: 'flaky',
      everyMs: 24 * HOUR,
      async run() {
        attempts++
        if (attempts === 1) throw new Error('disk full')
        return { ok: true }
      },
    }
    expect(await runDueJobs(server.deps, [flaky])).toEqual([])
    expect(await server.db.select().from(jobRuns).where(eq(jobRuns.job, 'flaky'))).toHaveLength(0)
    expect(await runDueJobs(server.deps, [flaky])).toEqual(['flaky'])
    expect(attempts).toBe(2)
  })

  it('names periods by their start in UTC', () => {
    expect(periodKey(24 * HOUR, new Date('2026-03-10T23:59:59Z'))).toBe('2026-03-10T00:00:00.000Z')
    expect(periodKey(HOUR, new Date('2026-03-10T05:30:00Z'))).toBe('2026-03-10T05:00:00.000Z')
  })
})
