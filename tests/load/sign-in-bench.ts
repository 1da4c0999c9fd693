/**
 * A sign-in burst: SIGN_IN_BENCH_ACCOUNTS (default 50) people of one office, each with their own
 * account, sign in at the same moment from one address (the loopback), through the real app on a real
 * HTTP server. Prints how many were refused (must be none: the limiter counts only failures, per account
 * and address, and an address past its share of the password-hashing queue still takes free places while
 * fewer than HASH_QUEUE_LIMIT - HASH_RESERVED wait) and the latency p50 / p95 / max, which the queue
 * shapes.
 *
 *   npx tsx tests/load/sign-in-bench.ts
 *
 * Exits 1 when any sign-in is refused.
 */
import type { AddressInfo } from 'node:net'
import { pathToFileURL } from 'node:url'
import { serve } from '@hono/node-server'
import { HASH_CONCURRENCY, hashPassword } from '../../server/auth/passwords'
import { CLIENT_ROLE } from '../../server/db/reference'
import { sql } from 'drizzle-orm'
import { clients, users } from '../../server/db/schema'
import { createTestServer } from '../api/harness'

const ACCOUNTS = Number(process.env.SIGN_IN_BENCH_ACCOUNTS ?? 50)
const PASSWORD = 'Office-burst-2026!'

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

export interface SignInBench {
  accounts: number
  refused: number
  statuses: Record<string, number>
  p50: number
  p95: number
  max: number
}

export async function benchSignIn(): Promise<SignInBench> {
  const server = await createTestServer()
  const http = serve({ fetch: server.app.fetch, port: 0, hostname: '127.0.0.1' })
  try {
    await new Promise<void>((resolve) => http.once('listening', resolve))
    const base = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
    // One hash for all: every account is real and distinct, the set-up need not hash 50 times.
    const passwordHash = await hashPassword(PASSWORD)
    const [client] = await server.db
      .insert(clients)
      .values({ firstName: 'Office', lastName: 'Burst', companyName: 'Burst Office LLC', phone: '+13055550100' })
      .returning()
    const emails = Array.from({ length: ACCOUNTS }, (_, i) => `person${i}@burst-office.test`)
    await server.db
      .insert(users)
      .values(emails.map((email, i) => ({ email, passwordHash, firstName: `Person${i}`, lastName: 'Burst', roleId: CLIENT_ROLE.id, clientId: client.id })))
    await server.db.execute(
      sql`insert into client_memberships (user_id, client_id, role) select id, client_id, 'owner' from users where client_id = ${client.id}`,
    )

    const results = await Promise.all(
      emails.map(async (email) => {
        const started = performance.now()
        const res = await fetch(`${base}/api/auth/login`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password: PASSWORD }),
        })
        await res.arrayBuffer()
        return { status: res.status, ms: performance.now() - started }
      }),
    )
    const times = results.map((r) => r.ms).sort((a, b) => a - b)
    const statuses: Record<string, number> = {}
    for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1
    return {
      accounts: ACCOUNTS,
      refused: results.filter((r) => r.status !== 200).length,
      statuses,
      p50: Math.round(percentile(times, 50)),
      p95: Math.round(percentile(times, 95)),
      max: Math.round(times[times.length - 1]),
    }
  } finally {
    http.close()
    await server.close()
  }
}

export function printSignInBench(result: SignInBench) {
  console.log(`${result.accounts} sign-ins at once from one address, ${HASH_CONCURRENCY} password hash(es) at a time`)
  console.log(`refused: ${result.refused}   answers: ${JSON.stringify(result.statuses)}`)
  console.log(`latency ms: p50 ${result.p50}   p95 ${result.p95}   max ${result.max}`)
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const result = await benchSignIn()
  printSignInBench(result)
  if (result.refused) process.exit(1)
}
