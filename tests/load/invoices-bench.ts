/**
 * Invoice list latency on a large table. Fills a fresh database (in-memory PGlite, or a throw-away
 * database on DATABASE_URL's server) with INVOICE_BENCH_ROWS invoices (default 100 000) spread over
 * 1 000 clients, then times the list calls the client and provider invoice pages make, through the real
 * app. Prints p50 / p95 / max per call and the query plan of the two main lists, so a missing index
 * shows as a sequential scan and a slow p95.
 *
 *   npx tsx tests/load/invoices-bench.ts
 *   DATABASE_URL=postgres://root@127.0.0.1:5432/test npx tsx tests/load/invoices-bench.ts
 *
 * INVOICE_BENCH_MAX_P95_MS makes it exit 1 when any call's p95 is slower.
 */
import { pathToFileURL } from 'node:url'
import { sql } from 'drizzle-orm'
import { SUPER_ADMIN_ROLE } from '../../server/db/reference'
import { createTestServer, usingPostgres } from '../api/harness'

const ROWS = Number(process.env.INVOICE_BENCH_ROWS ?? 100_000)
const CLIENTS = 1_000
const SAMPLES = 25

interface Timing {
  call: string
  p50: number
  p95: number
  max: number
  rows: number
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]

function rowsOf(result: unknown): Record<string, unknown>[] {
  return (Array.isArray(result) ? result : (result as { rows: Record<string, unknown>[] }).rows) ?? []
}

export async function benchInvoices(): Promise<Timing[]> {
  const server = await createTestServer({ now: new Date('2026-06-01T12:00:00Z') })
  try {
    const { db } = server
    const started = performance.now()
    const [{ id: firstClient }] = rowsOf(
      await db.execute(sql`
        insert into clients (first_name, last_name, company_name, phone, address, city, state_province, zipcode)
        select 'First' || g, 'Last' || g, 'Company ' || lpad(g::text, 4, '0') || ' LLC', '+13055550100', g || ' Main St', 'Miami', 'FL', '33101'
        from generate_series(1, ${CLIENTS}) g
        returning id`),
    ) as { id: number }[]
    // Dates over four years; a third each paid, unpaid and overdue; totals between $0.01 and $500.
    await db.execute(sql`
      insert into invoices (invoice_number, client_id, invoice_date, due_date, paid_date, total_cents, status)
      select 'INV-B-' || lpad(g::text, 7, '0'),
             ${Number(firstClient)} + (g % ${CLIENTS}),
             timestamptz '2022-06-01' + (g * interval '1 minute' * (2102400.0 / ${ROWS})),
             timestamptz '2022-07-01' + (g * interval '1 minute' * (2102400.0 / ${ROWS})),
             case when g % 3 = 0 then timestamptz '2022-06-05' + (g * interval '1 minute' * (2102400.0 / ${ROWS})) end,
             1 + (g * 7919) % 50000,
             case g % 3 when 0 then 1 when 1 then 2 else 3 end
      from generate_series(1, ${ROWS}) g`)
    await db.execute(sql`analyze`)
    const fillMs = Math.round(performance.now() - started)

    const { client, user } = await server.factories.client({ companyName: 'Bench Client LLC' })
    await db.execute(sql`update invoices set client_id = ${client.id} where client_id = ${Number(firstClient)}`)
    await db.execute(sql`analyze invoices`)
    const clientToken = await server.tokenFor(user.id)
    const admin = await server.factories.agent([], { roleId: SUPER_ADMIN_ROLE.id })
    const agentToken = await server.tokenFor(admin.user.id)

    const calls: [string, string, string][] = [
      ['client list, first page', `/api/client/invoices/${client.id}`, clientToken],
      ['client list, by total', `/api/client/invoices/${client.id}?sort=total&order=desc`, clientToken],
      ['client list, unpaid', `/api/client/invoices/${client.id}?status=2,3`, clientToken],
      ['provider list, first page', '/api/invoices', agentToken],
      ['provider list, page 100 of 50', '/api/invoices?page=100&pageSize=50', agentToken],
      ['provider list, by due date', '/api/invoices?sort=dueDate&order=asc', agentToken],
      ['provider list, by company', '/api/invoices?sort=company', agentToken],
      ['provider list, overdue', '/api/invoices?status=3', agentToken],
      ['provider list, one month', '/api/invoices?invoiceDateFrom=2024-03-01&invoiceDateTo=2024-03-31', agentToken],
      ['provider list, search number', '/api/invoices?q=INV-B-00123', agentToken],
      ['provider list, search company', '/api/invoices?q=company%200042', agentToken],
    ]
    const timings: Timing[] = []
    for (const [call, path, token] of calls) {
      const samples: number[] = []
      let rows = 0
      for (let i = 0; i < SAMPLES + 2; i++) {
        const t0 = performance.now()
        const res = await server.app.request(path, { headers: { authorization: `Bearer ${token}` } })
        const body = (await res.json()) as { data?: unknown[]; detail?: string }
        if (res.status !== 200) throw new Error(`${call}: ${res.status} ${body.detail}`)
        rows = body.data?.length ?? 0
        if (i >= 2) samples.push(performance.now() - t0) // the first two warm caches
      }
      samples.sort((x, y) => x - y)
      timings.push({ call, p50: percentile(samples, 50), p95: percentile(samples, 95), max: samples[samples.length - 1], rows })
    }

    console.log(
      `\nInvoice lists on ${ROWS.toLocaleString('en-US')} invoices, ${CLIENTS} clients (${usingPostgres ? 'PostgreSQL' : 'PGlite'}; filled in ${fillMs} ms; ${SAMPLES} samples each)`,
    )
    console.log(`${'call'.padEnd(34)}${'p50 ms'.padStart(9)}${'p95 ms'.padStart(9)}${'max ms'.padStart(9)}${'rows'.padStart(6)}`)
    for (const t of timings) {
      console.log(
        `${t.call.padEnd(34)}${t.p50.toFixed(1).padStart(9)}${t.p95.toFixed(1).padStart(9)}${t.max.toFixed(1).padStart(9)}${String(t.rows).padStart(6)}`,
      )
    }
    for (const [label, query] of [
      ['client list', sql`explain select id from invoices where client_id = ${client.id} order by invoice_date desc, id desc limit 20`],
      ['provider list', sql`explain select id from invoices order by invoice_date desc, id desc limit 20`],
    ] as const) {
      const plan = rowsOf(await db.execute(query)).map((row) => String(Object.values(row)[0]))
      console.log(`\nplan, ${label}:\n  ${plan.join('\n  ')}`)
    }
    return timings
  } finally {
    await server.close()
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const limit = Number(process.env.INVOICE_BENCH_MAX_P95_MS ?? Infinity)
  benchInvoices()
    .then((timings) => {
      const slow = timings.filter((t) => t.p95 > limit)
      if (slow.length) {
        console.error(`\nslower than ${limit} ms at p95: ${slow.map((t) => t.call).join(', ')}`)
        process.exit(1)
      }
    })
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
