/**
 * `npm run bench -- scale`: every list of the API at a million rows, side by side with a Hono
 * hello-world in the same run.
 *
 * Builds (or, with SCALE_BENCH_REUSE=1, reuses) a database `portal_scale_bench` on DATABASE_URL's
 * PostgreSQL server: 20 000 clients with a user each, 1 000 000 invoices, 1 000 000 documents,
 * 100 000 mail requests and 1 000 000 notifications, all with generate_series, and the words of every
 * document (document_texts, about 1,300 characters each: a letter's worth, in English with some Spanish;
 * one word in half of them, one in 1 %, one in ten documents). Then it starts the real
 * server (production mode, no PWA needed) and the hello-world as child processes on loopback ports and
 * loads each with 1 and with 64 connections for a fixed time, printing requests per second, the ratio
 * to the hello-world and p50 / p95 / p99 latency. `--write-doc` also writes docs/benchmarks/api.md with
 * the numbers and the plans of the main list queries. Bounded in time; talks only to 127.0.0.1.
 * SCALE_BENCH_ONLY (comma-separated parts of line names) runs only some lines; SCALE_BENCH_DB names
 * the database (default portal_scale_bench), SCALE_BENCH_ROWS the number of invoices, documents and
 * notifications each (default 1 000 000; fewer for a quick round).
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { cpus, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { hashPassword } from '../../server/auth/passwords'
import { openDatabase, type Db } from '../../server/db/client'
import { contains } from '../../server/db/contains'
import { EXACT_TOTAL_LIMIT } from '../../server/db/page-total'
import { CLIENT_ROLE, ensureReferenceData, SUPER_ADMIN_ROLE } from '../../server/db/reference'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const DB_NAME = process.env.SCALE_BENCH_DB ?? 'portal_scale_bench'
const CLIENTS = 20_000
/** Invoices, documents and notifications each (SCALE_BENCH_ROWS: fewer for a quick round). */
const ROWS = Math.max(10_000, Number(process.env.SCALE_BENCH_ROWS ?? 1_000_000))
const INVOICES = ROWS
const DOCUMENTS = ROWS
/** The documents not shredded yet (the last 60 days' mail). */
const ACTIVE_DOCUMENTS = Math.min(40_000, Math.floor(DOCUMENTS / 25))
const REQUESTS = ROWS / 10
const NOTIFICATIONS = ROWS
const PASSWORD = 'Scale-bench-2026!'
const ADMIN_EMAIL = 'bench-admin@scale.test'
const CLIENT_EMAIL = 'user1@scale.test'
const SECONDS_AT_1 = Number(process.env.SCALE_BENCH_SECONDS_1 ?? 3)
const SECONDS_AT_64 = Number(process.env.SCALE_BENCH_SECONDS_64 ?? 6)

const rowsOf = <T>(result: unknown): T[] => (Array.isArray(result) ? (result as T[]) : ((result as { rows: T[] }).rows ?? []))

async function fill(db: Db) {
  await ensureReferenceData(db)
  const started = performance.now()
  const hash = await hashPassword(PASSWORD)
  await db.execute(sql`
    insert into clients (first_name, last_name, company_name, phone, address, city, state_province, zipcode, created_at)
    select 'First' || g, 'Last' || g, 'Company ' || lpad(g::text, 5, '0') || ' LLC', '+1305555' || lpad((g % 10000)::text, 4, '0'),
           g || ' Main St', case g % 4 when 0 then 'Miami' when 1 then 'Tampa' when 2 then 'Orlando' else 'Naples' end, 'FL', '33101',
           timestamptz '2022-01-01' + g * interval '1 hour'
    from generate_series(1, ${CLIENTS}) g`)
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, role_id, client_id)
    select 'user' || c.id || '@scale.test', ${hash}, c.first_name, c.last_name, ${CLIENT_ROLE.id}, c.id from clients c`)
  await db.execute(sql`insert into client_memberships (user_id, client_id, role) select id, client_id, 'owner' from users where client_id is not null`)
  await db.execute(sql`
    insert into users (email, password_hash, first_name, last_name, role_id)
    values (${ADMIN_EMAIL}, ${hash}, 'Bench', 'Admin', ${SUPER_ADMIN_ROLE.id})`)
  // Four years of invoices; a third each paid, unpaid and overdue. The unpaid ones are due in the
  // future, so the overdue job finds nothing to mark: the data set is what a running portal has, not a
  // first run's backlog of 300,000 overdue notices to announce while the lines are measured.
  await db.execute(sql`
    insert into invoices (invoice_number, client_id, invoice_date, due_date, paid_date, total_cents, status)
    select 'INV-S-' || lpad(g::text, 7, '0'), 1 + (g % ${CLIENTS}),
           timestamptz '2022-06-01' + g * interval '2 minutes',
           case when g % 3 = 1 then now() + interval '30 days' else timestamptz '2022-07-01' + g * interval '2 minutes' end,
           case when g % 3 = 0 then timestamptz '2022-06-05' + g * interval '2 minutes' end,
           1 + (g::bigint * 7919) % 50000, case g % 3 when 0 then 1 when 1 then 2 else 3 end
    from generate_series(1, ${INVOICES}) g`)
  const types = rowsOf<{ id: number }>(await db.execute(sql`select id from document_types order by id`)).map((t) => Number(t.id))
  await db.execute(sql`
    insert into documents (client_id, document_type_id, jurisdiction, date_received, uploaded_at, is_read, file_name, content_type, size_bytes, sha256, status, storage_key)
    select 1 + (g % ${CLIENTS}), (${sql.raw(`array[${types.join(',')}]`)})[1 + g % ${types.length}], 1 + g % 3,
           (date '2023-01-01' + (g / 1000) * interval '1 day')::date,
           timestamptz '2023-01-01 12:00' + g * interval '2 minutes', g % 4 <> 0,
           'scan-' || g || '.pdf', 'application/pdf', 100000 + g % 1000, md5(g::text),
           case when g < ${DOCUMENTS - ACTIVE_DOCUMENTS} then 'shredded' else 'active' end,
           case when g < ${DOCUMENTS - ACTIVE_DOCUMENTS} then null else 'bench/' || g end
    from generate_series(1, ${DOCUMENTS}) g`)
  await db.execute(sql`
    insert into document_requests (document_id, client_id, status, recipient_name, address, city, state_province, zipcode, created_at, updated_at)
    select d.id, d.client_id, case when d.id % 10 = 0 then 1 else 3 + d.id % 3 end, 'Recipient ' || d.id, '1 Main St', 'Miami', 'FL', '33101', d.uploaded_at, d.uploaded_at
    from documents d where d.id % 10 < 1 or d.id % 100 = 5 limit ${REQUESTS}`)
  // Every unopened service of process was escalated long ago (the escalation job's once-per-document mark).
  await db.execute(sql`
    insert into document_alerts (document_id, round, channel, recipient, at)
    select d.id, 'escalation', 'staff', 'staff dashboard', d.uploaded_at + interval '1 day'
    from documents d join document_types t on t.id = d.document_type_id
    where t.name = 'Service of Process' and d.status = 'active' and not d.is_read`)
  await db.execute(sql`
    insert into notifications (message, client_id, created_at)
    select 'Notice ' || g, case when g % 10 = 0 then null else 1 + (g % ${CLIENTS}) end, timestamptz '2023-01-01' + g * interval '2 minutes'
    from generate_series(1, ${NOTIFICATIONS}) g`)
  await db.execute(sql`vacuum analyze`)
  return Math.round((performance.now() - started) / 1000)
}

/**
 * What a letter says, word by word: common words first (a word's chance falls steeply down the list, as
 * in real text). Leaves out the words the search lines look for (TEXT_SEARCHES), which are placed by rule.
 */
const VOCABULARY = `the of and to a in for is that this your on be with as by are from or at you company
  please notice state florida registered agent office date number name address records account payment
  amount due received filed department division corporations tax return form information required any
  will must may should have has been not all our its their which within days after before following
  period year month total balance penalty interest letter reference section law statute county court
  case plaintiff defendant service process summons complaint served response attorney judge circuit
  filing fee license renewal business entity corporation limited liability partnership officer manager
  director principal mailing email telephone fax website online portal deadline extension request
  approved denied review pending status change correction amendment certificate good standing
  dissolution reinstatement revenue sales use employer withholding unemployment insurance claim benefit
  property assessment appraiser exemption homestead parcel valuation hearing appeal board notice
  identification federal internal bank check credit card deposit refund overpayment credit statement
  invoice quarterly monthly electronic signature authorized representative contact questions call
  thank sincerely regards enclosed copy original duplicate final second reminder urgent immediate
  action avoid additional charges collection agency contract agreement lease landlord tenant premises
  de la que el en los del las por con una para su al lo como más pero sus le ya o este sí porque esta
  entre cuando muy sin sobre también me hasta hay donde quien desde todo nos durante todos uno les ni
  contra otros ese eso ante ellos e esto mí antes algunos qué unos yo otro otras otra él tanto esa
  estos mucho quienes nada muchos cual poco ella estar estas algunas algo nosotros mi mis tú te ti tu
  tus ellas nosotras vosotros vosotras os mío mía míos mías tuyo tuya empresa carta aviso número pago
  fecha dirección impuesto cuenta año días oficina estado condado corte`
  .split(/\s+/)
  .filter(Boolean)

/** The words the search lines look for, and in which documents each is placed (by id). */
export const TEXT_SEARCHES = {
  /** In half of the documents. */
  common: { word: 'annual', sentence: 'Your annual report must be filed before May 1.', every: 2, at: 0 },
  /** In one document of a hundred. */
  uncommon: { word: 'garnishment', sentence: 'Notice of wage garnishment for the account named above.', every: 100, at: 37 },
  /** In one document of 100 000 (ten at a million). */
  rare: { word: 'zorblaxite', sentence: 'The zorblaxite permit was renewed for another year.', every: 100_000, at: 4242 },
}

/**
 * Every document's words (document_texts, read): a heading with the client's company and a reference,
 * three paragraphs of 60 words from VOCABULARY, and the TEXT_SEARCHES sentences where their rule places
 * them. Built with one connection so the full-text index can be made once at the end (faster than
 * keeping it up row by row), with memory enough to build it in one pass.
 */
async function fillTexts(url: string) {
  const started = performance.now()
  const { default: postgres } = await import('postgres')
  const one = postgres(url, { max: 1, onnotice: () => {} })
  try {
    await one`set maintenance_work_mem = '512MB'`
    await one`drop index if exists document_texts_search_idx`
    await one`truncate document_texts`
    const sentence = (rule: (typeof TEXT_SEARCHES)[keyof typeof TEXT_SEARCHES]) =>
      `case when d.id % ${rule.every} = ${rule.at} then '${rule.sentence} ' else '' end`
    const step = (what: string) => console.log(`  ${what}: ${Math.round((performance.now() - started) / 1000)} s`)
    await one.unsafe(
      `insert into document_texts (document_id, state, attempts, body, updated_at)
       with vocabulary as (select $1::text[] as w),
       paragraphs as materialized (
         select n, string_agg(w[1 + floor(power(((n * 7919 + k * 104729) % 1000003) / 1000003.0, 3) * array_length(w, 1))::int], ' ' order by k) as body
         from vocabulary, generate_series(0, 996) n, generate_series(1, 60) k
         group by n
       )
       select d.id, 'done', 1,
              c.company_name || E'\n' || 'Reference REF-' || d.id || ', document number L' || lpad((d.id * 7)::text, 11, '0') || E'\n\n' ||
              p1.body || '. ' || ${sentence(TEXT_SEARCHES.common)} || ${sentence(TEXT_SEARCHES.uncommon)} || ${sentence(TEXT_SEARCHES.rare)} ||
              p2.body || E'.\n\n' || p3.body || '.',
              d.uploaded_at
       from documents d
       join clients c on c.id = d.client_id
       join paragraphs p1 on p1.n = d.id % 997
       join paragraphs p2 on p2.n = (d.id / 997) % 997
       join paragraphs p3 on p3.n = (d.id * 31 + 5) % 997`,
      [VOCABULARY],
    )
    step("documents' words written")
    await one`create index document_texts_search_idx on document_texts using gin (search)`
    step('full-text index built')
    await one`vacuum analyze document_texts`
  } finally {
    await one.end()
  }
  return Math.round((performance.now() - started) / 1000)
}

async function ensureDatabase(baseUrl: string): Promise<{ url: string; fillSeconds: number | null }> {
  const { default: postgres } = await import('postgres')
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} })
  const target = new URL(baseUrl)
  target.pathname = `/${DB_NAME}`
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${DB_NAME}`
    if (exists && process.env.SCALE_BENCH_REUSE === '1') {
      const probe = postgres(target.toString(), { max: 1, onnotice: () => {} })
      const [row] = await probe`select count(*)::int as n from documents`.catch(() => [{ n: 0 }])
      await probe.end()
      if (Number(row.n) >= DOCUMENTS) {
        const database = await openDatabase({ databaseUrl: target.toString(), dataDir: 'unused' }) // runs new migrations
        const [texts] = rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from document_texts where body is not null`))
        await database.db.execute(sql`analyze`)
        await database.close()
        // A data set made before the documents had their words gets them now.
        const textSeconds = Number(texts?.n ?? 0) >= Number(row.n) ? null : await fillTexts(target.toString())
        return { url: target.toString(), fillSeconds: textSeconds }
      }
    }
    await admin.unsafe(`drop database if exists "${DB_NAME}" with (force)`)
    await admin.unsafe(`create database "${DB_NAME}"`)
  } finally {
    await admin.end()
  }
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: 'unused' })
  let fillSeconds: number
  try {
    fillSeconds = await fill(database.db)
  } finally {
    await database.close()
  }
  return { url: target.toString(), fillSeconds: fillSeconds + (await fillTexts(target.toString())) }
}

function start(command: string, args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; port: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'] })
    let output = ''
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (?:http:\/\/[^:]+:)?(\d+)/.exec(output)
      if (!match) return
      // From here on the server's log (a line a request) is drained unread: keeping it would load the
      // process that generates the load, which the hello-world, logging nothing, does not.
      child.stdout!.off('data', read)
      child.stdout!.resume()
      resolve({ child, port: Number(match[1]) })
    }
    child.stdout!.on('data', read)
    child.once('exit', (code) => reject(new Error(`${args.join(' ')} exited (${code}) before listening:\n${output.slice(-2000)}`)))
  })
}

/** CPU time (user and system) a process has used so far, in ms; null where /proc cannot tell (not Linux). */
export function cpuTimeMs(pid: number | undefined): number | null {
  try {
    // Fields after the command name: state is the 3rd field of the line, utime and stime the 14th and 15th.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ')
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS
  } catch {
    return null
  }
}
/** USER_HZ, which /proc counts CPU time in: 100 on Linux whatever the kernel's own tick. */
const CLOCK_TICKS = 100

/**
 * A load run and the server's own CPU time per answer, in ms. Unlike requests per second, this does not
 * move with what else the machine runs (the load generator and PostgreSQL share its cores), so it is
 * the figure to compare between runs of the same server.
 */
async function withCpu(server: ChildProcess, run: () => Promise<LoadResult>): Promise<LoadResult & { cpuMs: number | null }> {
  const before = cpuTimeMs(server.pid)
  const result = await run()
  const after = cpuTimeMs(server.pid)
  return { ...result, cpuMs: before === null || after === null || !result.requests ? null : (after - before) / result.requests }
}

interface LoadResult {
  rps: number
  /** Answers with status 200. */
  requests: number
  p50: number
  p95: number
  p99: number
  errors: number
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? NaN

/** `connections` loops, each sending the next request when the previous answered, for `seconds`. */
export async function load(port: number, urlPath: string, token: string | undefined, connections: number, seconds: number): Promise<LoadResult> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections })
  const headers: Record<string, string> = { 'accept-encoding': 'gzip' }
  if (token) headers.authorization = `Bearer ${token}`
  const latencies: number[] = []
  let errors = 0
  const end = performance.now() + seconds * 1000
  const once = () =>
    new Promise<void>((resolve) => {
      const t0 = performance.now()
      const req = http.get({ host: '127.0.0.1', port, path: urlPath, agent, headers }, (res) => {
        res.resume()
        res.on('end', () => {
          if (res.statusCode === 200) latencies.push(performance.now() - t0)
          else errors++
          resolve()
        })
      })
      req.setTimeout(10_000, () => req.destroy(new Error('timeout')))
      req.on('error', () => {
        errors++
        resolve()
      })
    })
  const started = performance.now()
  await Promise.all(
    Array.from({ length: connections }, async () => {
      while (performance.now() < end) await once()
    }),
  )
  const elapsed = (performance.now() - started) / 1000
  agent.destroy()
  latencies.sort((a, b) => a - b)
  return {
    rps: latencies.length / elapsed,
    requests: latencies.length,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors,
  }
}

async function login(port: number, email: string): Promise<string> {
  const res = await fetch(`http://127.0.0.1:${port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD, remember: false }),
  })
  if (res.status !== 200) throw new Error(`sign-in of ${email}: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { token: string }).token
}

async function plans(url: string): Promise<[string, string][]> {
  const database = await openDatabase({ databaseUrl: url, dataDir: 'unused' })
  const { db } = database
  const explain = async (query: ReturnType<typeof sql>) =>
    rowsOf<Record<string, string>>(await db.execute(sql`explain (analyze, buffers off, costs off, timing off, summary on) ${query}`))
      .map((row) => Object.values(row)[0])
      .join('\n')
  const out: [string, string][] = []
  try {
    out.push([
      'provider invoices, first page',
      await explain(sql`select i.id from invoices i join clients c on c.id = i.client_id order by i.invoice_date desc, i.id desc limit 20`),
    ])
    out.push(['client invoices, first page', await explain(sql`select id from invoices where client_id = 1 order by invoice_date desc, id desc limit 20`)])
    out.push([
      'provider documents, first page',
      await explain(
        sql`select d.id from documents d join clients c on c.id = d.client_id join document_types t on t.id = d.document_type_id order by d.date_received desc, d.uploaded_at desc, d.id desc limit 20`,
      ),
    ])
    out.push(['provider documents, total (capped)', await explain(sql`select count(*) from (select 1 from documents limit ${EXACT_TOTAL_LIMIT + 1}) t`)])
    // The searches as the API builds them (server/db/contains.ts): the index gets the digits, each row the whole text.
    const fileName = contains(sql.raw('file_name'), 'scan-12345')
    out.push([
      'provider documents, search',
      await explain(sql`select id from documents where ${fileName} order by date_received desc, uploaded_at desc, id desc limit 20`),
    ])
    out.push([
      'provider documents, search total (capped)',
      await explain(sql`select count(*) from (select 1 from documents where ${fileName} limit ${EXACT_TOTAL_LIMIT + 1}) t`),
    ])
    out.push(['clients, first page', await explain(sql`select id from clients order by created_at desc, id desc limit 20`)])
    out.push([
      'clients, search',
      await explain(
        sql`select id from clients where ${contains(sql.raw(`(company_name || ' ' || first_name || ' ' || last_name || ' ' || phone || ' ' || city || ' ' || coalesce(mailbox_number, ''))`), 'company 01234')} order by created_at desc, id desc limit 20`,
      ),
    ])
    out.push(...(await wordSearchPlans(url)))
  } finally {
    await database.close()
  }
  return out
}

/**
 * The words searches' statements exactly as the API sends them (listDocuments through a Drizzle client
 * that records each statement and its values), explained with those values.
 */
export async function wordSearchPlans(url: string): Promise<[string, string][]> {
  const { default: postgres } = await import('postgres')
  const { drizzle } = await import('drizzle-orm/postgres-js')
  const schema = await import('../../server/db/schema')
  const { listDocuments } = await import('../../server/documents/queries')
  const client = postgres(url, { max: 1, onnotice: () => {} })
  const out: [string, string][] = []
  try {
    let captured: { query: string; params: unknown[] }[] = []
    const traced = drizzle(client, { schema, logger: { logQuery: (query, params) => captured.push({ query, params }) } }) as unknown as Db
    const searches: [string, Parameters<typeof listDocuments>[1]][] = [
      ...Object.values(TEXT_SEARCHES).map(
        ({ word, every }) =>
          [`provider documents, words search "${word}" (1 in ${every.toLocaleString('en-US')})`, { q: word, searchCompany: true }] as [
            string,
            Parameters<typeof listDocuments>[1],
          ],
      ),
      [`client's documents, words search "${TEXT_SEARCHES.common.word}"`, { q: TEXT_SEARCHES.common.word, clientId: 1 }],
    ]
    for (const [label, filters] of searches) {
      captured = []
      await listDocuments(traced, filters, { page: 1, pageSize: 20 })
      // The page's statement (the look-ups of matching types and companies come first).
      const page = captured.find((statement) => /limit \$\d+ offset/i.test(statement.query) && statement.query.includes('"documents"'))
      if (!page) continue
      const rows = await client.unsafe(`explain (analyze, buffers off, costs off, timing off, summary on) ${page.query}`, page.params as never[])
      out.push([label, rows.map((row) => Object.values(row)[0]).join('\n')])
    }
  } finally {
    await client.end()
  }
  return out
}

export async function benchScale(options: { writeDoc?: boolean; printPlans?: boolean } = {}) {
  const baseUrl = process.env.DATABASE_URL
  if (!baseUrl) {
    console.log('The scale benchmark needs a PostgreSQL server: set DATABASE_URL (e.g. postgres://root@127.0.0.1:5432/test).')
    return
  }
  console.log(
    `Preparing ${DB_NAME} (${CLIENTS.toLocaleString('en-US')} clients, ${INVOICES.toLocaleString('en-US')} invoices, ${DOCUMENTS.toLocaleString('en-US')} documents)…`,
  )
  const { url, fillSeconds } = await ensureDatabase(baseUrl)
  console.log(fillSeconds === null ? 'reused the existing data set' : `filled in ${fillSeconds} s`)

  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-scale-'))
  // Node itself (not the tsx launcher) is the child, so its CPU time can be read from /proc.
  const node = (file: string) => ['--import', 'tsx', file]
  const portal = (answerCacheSeconds?: string) =>
    start(process.execPath, node(path.join(root, 'server', 'index.ts')), {
      ...process.env,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      DATABASE_URL: url,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      JWT_SECRET: 'scale-benchmark-secret-not-for-production-use',
      // Required of production servers on a shared database.
      TOTP_ENCRYPTION_KEY: 'scale-benchmark-second-factor-key-not-for-production-use',
      ...(answerCacheSeconds ? { ANSWER_CACHE_SECONDS: answerCacheSeconds } : {}),
    })
  const app = await portal()
  // The same portal caching no answers: what a list costs when its answer is not cached.
  const uncached = await portal('0')
  const helloServer = await start(process.execPath, node(path.join(root, 'tests', 'load', 'hello-server.ts')), { ...process.env, PORT: '0' })
  const floorServer = await start(process.execPath, node(path.join(root, 'tests', 'load', 'list-floor-server.ts')), {
    ...process.env,
    PORT: '0',
    FLOOR_DATABASE_URL: url,
  })
  const rows: { name: string; connections: number; result: LoadResult; ratio: number; cpuMs: number | null }[] = []
  try {
    const adminToken = await login(app.port, ADMIN_EMAIL)
    const clientToken = await login(app.port, CLIENT_EMAIL)
    // [line, path, token, port (the portal's unless given)]
    const targets: [string, string, string | undefined, number?][] = [
      ['GET /api/health', '/api/health', undefined],
      ['invoice statuses (auth only)', '/api/client/invoices/status', clientToken],
      ["client's invoices", '/api/client/invoices/1', clientToken],
      ["client's invoices, no answer cached", '/api/client/invoices/1', clientToken, uncached.port],
      ["floor: client's invoices, bare (no portal around the query)", '/client/1/invoices', undefined, floorServer.port],
      ["client's documents", '/api/client/documents/1', clientToken],
      ["client's documents, no answer cached", '/api/client/documents/1', clientToken, uncached.port],
      ["client's notifications", '/api/system-notifications?clientId=1', clientToken],
      ["client's notifications, no answer cached", '/api/system-notifications?clientId=1', clientToken, uncached.port],
      ['provider invoices', '/api/invoices', adminToken],
      ['provider invoices, overdue', '/api/invoices?status=3', adminToken],
      ['provider invoices, overdue, no answer cached', '/api/invoices?status=3', adminToken, uncached.port],
      ['provider documents', '/api/documents', adminToken],
      ['provider documents, search', '/api/documents?q=scan-12345', adminToken],
      ['provider documents, search, no answer cached', '/api/documents?q=scan-12345', adminToken, uncached.port],
      // The words inside the documents: a word in ten documents, in 1 % of them, in half of them.
      [
        `provider documents, words search (${TEXT_SEARCHES.rare.word}: 1 in ${TEXT_SEARCHES.rare.every.toLocaleString('en-US')})`,
        `/api/documents?q=${TEXT_SEARCHES.rare.word}`,
        adminToken,
      ],
      [
        `provider documents, words search (${TEXT_SEARCHES.rare.word}: 1 in ${TEXT_SEARCHES.rare.every.toLocaleString('en-US')}), no answer cached`,
        `/api/documents?q=${TEXT_SEARCHES.rare.word}`,
        adminToken,
        uncached.port,
      ],
      [
        `provider documents, words search (${TEXT_SEARCHES.uncommon.word}: 1 in ${TEXT_SEARCHES.uncommon.every}), no answer cached`,
        `/api/documents?q=${TEXT_SEARCHES.uncommon.word}`,
        adminToken,
        uncached.port,
      ],
      [
        `provider documents, words search (${TEXT_SEARCHES.common.word}: 1 in ${TEXT_SEARCHES.common.every}), no answer cached`,
        `/api/documents?q=${TEXT_SEARCHES.common.word}`,
        adminToken,
        uncached.port,
      ],
      [
        `client's documents, words search (${TEXT_SEARCHES.common.word}), no answer cached`,
        `/api/client/documents/1?q=${TEXT_SEARCHES.common.word}`,
        clientToken,
        uncached.port,
      ],
      ['provider mail requests', '/api/client/document-requests', adminToken],
      ['provider clients', '/api/client', adminToken],
      ['provider clients, search', '/api/client?q=company%2001234', adminToken],
      ['staff notifications', '/api/system-notifications', adminToken],
      ['staff notifications, no answer cached', '/api/system-notifications', adminToken, uncached.port],
    ]
    // SCALE_BENCH_ONLY=health,invoices: only the lines whose name contains one of these (for quick rounds).
    const only = process.env.SCALE_BENCH_ONLY?.split(',')
      .map((part) => part.trim().toLowerCase())
      .filter(Boolean)
    if (only?.length) targets.splice(0, targets.length, ...targets.filter(([name]) => only.some((part) => name.toLowerCase().includes(part))))
    for (const connections of [1, 64]) {
      const seconds = connections === 1 ? SECONDS_AT_1 : SECONDS_AT_64
      await load(helloServer.port, '/', undefined, connections, 1) // warm-up
      // Each line is measured right after a hello-world round of its own and divided by it, so a change in
      // what else the machine is doing shifts both alike.
      const helloRuns: (LoadResult & { cpuMs: number | null })[] = []
      for (const [name, urlPath, token, port = app.port] of targets) {
        const probe = await fetch(`http://127.0.0.1:${port}${urlPath}`, { headers: token ? { authorization: `Bearer ${token}` } : {} })
        if (probe.status !== 200) {
          console.log(`skipped ${name}: ${urlPath} answered ${probe.status}`)
          continue
        }
        await load(port, urlPath, token, connections, 1) // warm-up (plans, caches)
        const hello = await withCpu(helloServer.child, () => load(helloServer.port, '/', undefined, connections, seconds))
        helloRuns.push(hello)
        const server = port === floorServer.port ? floorServer : port === uncached.port ? uncached : app
        const result = await withCpu(server.child, () => load(port, urlPath, token, connections, seconds))
        rows.push({ name, connections, result, ratio: result.rps / hello.rps, cpuMs: result.cpuMs })
      }
      const median = [...helloRuns].sort((a, b) => a.rps - b.rps)[Math.floor(helloRuns.length / 2)]
      if (median) rows.push({ name: 'Hono hello-world (median of its rounds)', connections, result: median, ratio: 1, cpuMs: median.cpuMs })
    }
  } finally {
    app.child.kill('SIGTERM')
    uncached.child.kill('SIGTERM')
    helloServer.child.kill('SIGTERM')
    floorServer.child.kill('SIGTERM')
    rmSync(dataDir, { recursive: true, force: true })
  }

  const header = `| what | connections | req/s | vs hello-world | server CPU ms per answer | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|---|---|---|`
  const table = rows
    .map(
      ({ name, connections, result: r, ratio, cpuMs }) =>
        `| ${name} | ${connections} | ${Math.round(r.rps)} | ${(ratio * 100).toFixed(1)} % | ${cpuMs === null ? 'n/a' : cpuMs.toFixed(2)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.errors} |`,
    )
    .join('\n')
  console.log(`\n${header}\n${table}`)
  if (options.printPlans) {
    for (const [label, plan] of await wordSearchPlans(url)) console.log(`\n### ${label}\n\n${plan}`)
  }
  if (options.writeDoc) {
    const explained = await plans(url)
    const head = spawnSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).stdout.trim() || 'unknown'
    const dirty = spawnSync('git', ['status', '--porcelain', '--untracked-files=no'], { cwd: root, encoding: 'utf8' }).stdout.trim() !== ''
    const machine = `${cpus().length} cores (${cpus()[0]?.model?.trim() ?? 'unknown CPU'}), load average ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')} at the end`
    const doc = `# API benchmark

Measured by \`npm run bench -- scale --write-doc\` (tests/load/scale-bench.ts) on ${new Date().toISOString().slice(0, 10)}: the real
server (production mode) on PostgreSQL with ${CLIENTS.toLocaleString('en-US')} clients, ${INVOICES.toLocaleString('en-US')} invoices,
${DOCUMENTS.toLocaleString('en-US')} documents, ${REQUESTS.toLocaleString('en-US')} mail requests and ${NOTIFICATIONS.toLocaleString('en-US')}
notifications, beside a Hono hello-world on the same Node in the same run. Each line is ${SECONDS_AT_1} s at one connection or
${SECONDS_AT_64} s at 64 connections after a one-second warm-up; "vs hello-world" divides its requests per second by those of a
hello-world round run just before it (the hello-world line shows the median of those rounds). The load generator shares the machine (2 cores) with the server and PostgreSQL, so the
ratios are the figure to compare between runs, not the absolute numbers. Tree at commit ${head}${dirty ? ' with uncommitted changes' : ''}; ${machine}.
Machines differ several times over in speed: the hello-world line says how fast this one was. "Server CPU ms per answer" is
the CPU time (user and system) the server process used during the line's run divided by its answers:
what one answer costs the server itself, PostgreSQL's work aside. It moves least with what else the
machine runs, so it is the figure to compare two versions of the server by.

${header}
${table}

## Reading these numbers

Targets: every list's first page at p95 20 ms or less at one connection and no errors at 64; at 64
connections, /api/health at 60 % of the hello-world or more, an authenticated small read (invoice
statuses) at 40 %, a client's list at 25 %. The load generator is one Node process on the same two cores:
the lighter the server's work, the more of the machine the generator gets, so the hello-world's own rate
moves with what else runs. What each request costs and what was cut is in
[the request-cost decision note](../decisions/2026-11-24-api-request-cost.md); a CPU profile of the health
route under load is in [profile-health.md](profile-health.md) (\`tests/load/profile-route.ts\`).

The "floor" line is a client's first invoice page with nothing of the portal around it
(\`tests/load/list-floor-server.ts\`): Hono and postgres.js on the same Node, the same statement (the page
and its capped total) prepared once, no token check, no ORM, no compression, no log line. It shows what
the database round trip and PostgreSQL's own work on the same two cores cost before the portal adds
anything: a client's list cannot come closer to the hello-world than that line, so where the line is
under the 25 % target, the target is out of reach on that machine. Between it and the portal's own line
lie the token check, drizzle building and mapping the statement, the permission check, gzip and the log
line.

The answers of the invoice, document and notification lists are cached until one of the tables they are
read from changes ([decision note](../decisions/2026-12-02-answer-cache.md)). The
benchmark asks the same page again and again, so those lines measure cached answers, as a client reopening
a list, the bell asking again, or a list asked again by several agents does. The "no answer cached" lines ask a
second portal started with \`ANSWER_CACHE_SECONDS=0\`: every answer read from the database, which is what
the first request after a change costs.

## Query plans (EXPLAIN ANALYZE)

${explained.map(([label, plan]) => `### ${label}\n\n\`\`\`\n${plan}\n\`\`\``).join('\n\n')}
`
    writeFileSync(path.join(root, 'docs', 'benchmarks', 'api.md'), doc)
    console.log('\nwrote docs/benchmarks/api.md')
  }
}
