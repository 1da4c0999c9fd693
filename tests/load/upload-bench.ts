/**
 * Upload throughput and server memory while uploading 25 MB scans. Starts the real app in a child
 * process on a loopback port with a temporary data directory (embedded database, files on disk), then
 * streams UPLOAD_BENCH_COUNT (default 6, at most 40) uploads of a 25 MB PDF-headed file to
 * POST /api/document/client/{id}, one after another, then three at once, then one file just over the
 * limit. The server
 * samples its own memory every 10 ms; the report shows MB/s and how far RSS and the JS heap rose above
 * their level before the first upload. A server that buffered whole files would rise by 25 MB or more
 * per file in flight.
 *
 *   npx tsx tests/load/upload-bench.ts
 *
 * Bounded: stops after the count or UPLOAD_BENCH_SECONDS (default 120) of uploading, whichever comes
 * first. UPLOAD_BENCH_MAX_RSS_GROWTH_MB makes it exit 1 when the server's RSS rose more than that.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath, pathToFileURL } from 'node:url'

const MB = 1024 * 1024
const FILE_BYTES = 25 * MB
const COUNT = Math.min(40, Math.max(1, Number(process.env.UPLOAD_BENCH_COUNT ?? 6)))
const TIME_LIMIT_MS = Math.min(600, Math.max(5, Number(process.env.UPLOAD_BENCH_SECONDS ?? 120))) * 1000

export interface ServerReady {
  port: number
  token: string
  clientId: number
  documentTypeId: number
}

interface MemoryStats {
  baseline: { rss: number; heapUsed: number; external: number }
  peak: { rss: number; heapUsed: number; external: number }
  after: { rss: number; heapUsed: number; external: number }
}

export interface UploadBenchResult {
  /** 'filesystem' or 's3' (a local s3rver on loopback, started by the bench). */
  store: string
  uploads: number
  fileMB: number
  seconds: number
  mbPerSecond: number
  perUploadMs: number[]
  concurrent: { uploads: number; mbPerSecond: number }
  oversize: { status: number; ms: number }
  memory: MemoryStats
  rssGrowthMB: number
  heapGrowthMB: number
}

// ---------- the server side (child process) ----------

async function serveForBench() {
  const { serve } = await import('@hono/node-server')
  const { createApp } = await import('../../server/app')
  const { systemClock } = await import('../../server/context')
  const { openDatabase } = await import('../../server/db/client')
  const { ensureReferenceData } = await import('../../server/db/reference')
  const { parseEnv } = await import('../../server/env')
  const { createLogger } = await import('../../server/logger')
  const { outboxMailer } = await import('../../server/mail/outbox')
  const { fsBlobStore } = await import('../../server/storage/fs-blob-store')
  const { s3BlobStore } = await import('../../server/storage/s3-blob-store')
  const { createGateway } = await import('../../server/payments')
  const { AfterAnswer } = await import('../../server/http/after-answer')
  const { signAccessToken } = await import('../../server/auth/tokens')
  const { factories } = await import('../api/harness')
  const { documentTypes } = await import('../../server/db/schema')

  const dataDir = process.env.DATA_DIR!
  const env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir })
  const database = await openDatabase({ dataDir })
  await ensureReferenceData(database.db)
  const logger = createLogger('silent')
  const jwtKey = new TextEncoder().encode(randomBytes(32).toString('hex'))
  const app = createApp({
    env,
    db: database.db,
    clock: systemClock,
    logger,
    mailer: outboxMailer(database.db, logger),
    // With BENCH_S3 (settings as JSON) the files go to that S3-compatible store instead of the disk.
    blobs: process.env.BENCH_S3 ? s3BlobStore(JSON.parse(process.env.BENCH_S3)) : fsBlobStore(path.join(dataDir, 'files')),
    gateway: createGateway(env, { db: database.db, clock: systemClock, logger }),
    // No push worker runs here: queued pushes are never sent.
    push: { publicKey: '', transport: { send: async () => ({ statusCode: 201 }) } },
    jwtKey,
    totpKey: randomBytes(32),
    afterAnswer: new AfterAnswer(logger),
  })
  const make = factories(database.db)
  const { user } = await make.agent(['DCV'])
  const { client } = await make.client({ companyName: 'Bench Holdings LLC' })
  const [type] = await database.db.select().from(documentTypes).limit(1)
  const token = await signAccessToken(
    {
      id: user.id,
      email: user.email,
      clientId: null,
      agentId: user.agentId,
      role: 'Staff',
      companyName: null,
      firstName: 'Sam',
      lastName: 'Agent',
      roleType: 'agent',
      roleId: user.roleId,
    },
    { key: jwtKey, issuer: env.JWT_ISSUER, audience: env.JWT_AUDIENCE, ttlSeconds: 3600 },
    new Date(),
    // A session no one ends during the run.
    randomUUID(),
  )

  const sample = () => {
    const m = process.memoryUsage()
    return { rss: m.rss, heapUsed: m.heapUsed, external: m.external }
  }
  const gc = (globalThis as { gc?: () => void }).gc
  let baseline = sample()
  let peak = { ...baseline }
  const timer = setInterval(() => {
    const now = sample()
    peak = { rss: Math.max(peak.rss, now.rss), heapUsed: Math.max(peak.heapUsed, now.heapUsed), external: Math.max(peak.external, now.external) }
  }, 10)

  const server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, (info) => {
    console.log(JSON.stringify({ ready: { port: info.port, token, clientId: client.id, documentTypeId: type.id } satisfies ServerReady }))
  })
  // Commands from the parent, one a line.
  for await (const line of createInterface({ input: process.stdin })) {
    if (line === 'baseline') {
      gc?.()
      baseline = sample()
      peak = { ...baseline }
      console.log(JSON.stringify({ baseline }))
    } else if (line === 'stats') {
      console.log(JSON.stringify({ stats: { baseline, peak, after: sample() } satisfies MemoryStats }))
    } else if (line === 'stop') {
      break
    }
  }
  clearInterval(timer)
  server.close()
  await database.close()
  process.exit(0)
}

// ---------- the client side (this process) ----------

export function startServer(dataDir: string, s3Settings?: unknown): { child: ChildProcess; next: (key: string) => Promise<any> } {
  const self = fileURLToPath(import.meta.url)
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', self, '--serve'], {
    env: { ...process.env, DATA_DIR: dataDir, ...(s3Settings ? { BENCH_S3: JSON.stringify(s3Settings) } : {}) },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  const waiting: { key: string; resolve: (v: unknown) => void }[] = []
  const lines = createInterface({ input: child.stdout! })
  lines.on('line', (line) => {
    let message: Record<string, unknown>
    try {
      message = JSON.parse(line)
    } catch {
      return
    }
    for (const [i, w] of waiting.entries()) {
      if (w.key in message) {
        waiting.splice(i, 1)
        w.resolve(message[w.key])
        return
      }
    }
  })
  const next = (key: string) =>
    new Promise<any>((resolve, reject) => {
      waiting.push({ key, resolve })
      child.once('exit', (code) => reject(new Error(`bench server exited (${code}) while waiting for ${key}`)))
    })
  return { child, next }
}

/** Streams a multipart upload of `size` bytes (a PDF header, then filler) without building it in memory. */
function streamUpload(ready: ServerReady, size: number, name: string): Promise<{ status: number; body: string }> {
  const boundary = `----bench${randomBytes(8).toString('hex')}`
  const fields = { documentTypeId: String(ready.documentTypeId), jurisdiction: '2', dateReceived: new Date().toISOString().slice(0, 10) }
  const head = Buffer.from(
    Object.entries(fields)
      .map(([k, v]) => `--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`)
      .join('') + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: application/pdf\r\n\r\n`,
  )
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const filler = randomBytes(256 * 1024)
  const pdfHeader = Buffer.from('%PDF-1.7\n')

  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: '127.0.0.1',
        port: ready.port,
        method: 'POST',
        path: `/api/document/client/${ready.clientId}`,
        headers: {
          authorization: `Bearer ${ready.token}`,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }))
      },
    )
    let answered = false
    req.on('response', () => (answered = true))
    req.on('error', (error) => (answered ? undefined : reject(error)))
    ;(async () => {
      const write = (chunk: Buffer) => new Promise<void>((done) => (req.write(chunk) ? done() : req.once('drain', done)))
      await write(head)
      await write(pdfHeader)
      let sent = pdfHeader.length
      while (sent < size && !answered && !req.destroyed) {
        const n = Math.min(filler.length, size - sent)
        await write(n === filler.length ? filler : filler.subarray(0, n))
        sent += n
      }
      if (!answered && !req.destroyed) req.end(tail)
    })().catch(reject)
  })
}

export async function benchUploads(options: { store?: 'filesystem' | 's3' } = {}): Promise<UploadBenchResult> {
  const store = options.store ?? 'filesystem'
  const dataDir = mkdtempSync(path.join(tmpdir(), 'upload-bench-'))
  const s3 = store === 's3' ? await (await import('../api/s3-server')).startS3Server() : undefined
  const { child, next } = startServer(dataDir, s3?.settings)
  try {
    const ready: ServerReady = await next('ready')
    // Warm up (code paths, database) with one small upload, then take the baseline.
    const warm = await streamUpload(ready, 64 * 1024, 'warm-up.pdf')
    if (warm.status !== 201) throw new Error(`warm-up upload answered ${warm.status}: ${warm.body}`)
    child.stdin!.write('baseline\n')
    await next('baseline')

    const perUploadMs: number[] = []
    const started = performance.now()
    for (let i = 0; i < COUNT && performance.now() - started < TIME_LIMIT_MS; i++) {
      const t0 = performance.now()
      const res = await streamUpload(ready, FILE_BYTES, `scan-${i + 1}.pdf`)
      if (res.status !== 201) throw new Error(`upload ${i + 1} answered ${res.status}: ${res.body}`)
      perUploadMs.push(performance.now() - t0)
    }
    const seconds = (performance.now() - started) / 1000
    // Three at once: memory must stay flat per upload in flight too.
    const c0 = performance.now()
    const together = await Promise.all([1, 2, 3].map((i) => streamUpload(ready, FILE_BYTES, `parallel-${i}.pdf`)))
    const bad = together.find((r) => r.status !== 201)
    if (bad) throw new Error(`parallel upload answered ${bad.status}: ${bad.body}`)
    const concurrent = { uploads: 3, mbPerSecond: (3 * FILE_BYTES) / MB / ((performance.now() - c0) / 1000) }
    const t0 = performance.now()
    const over = await streamUpload(ready, FILE_BYTES + 1, 'too-big.pdf')
    const oversize = { status: over.status, ms: performance.now() - t0 }

    child.stdin!.write('stats\n')
    const memory: MemoryStats = await next('stats')
    const uploads = perUploadMs.length
    return {
      store,
      uploads,
      fileMB: FILE_BYTES / MB,
      seconds,
      mbPerSecond: (uploads * FILE_BYTES) / MB / seconds,
      perUploadMs,
      concurrent,
      oversize,
      memory,
      rssGrowthMB: (memory.peak.rss - memory.baseline.rss) / MB,
      heapGrowthMB: (memory.peak.heapUsed - memory.baseline.heapUsed) / MB,
    }
  } finally {
    if (child.exitCode === null) {
      child.stdin!.write('stop\n')
      await new Promise((done) => {
        const timer = setTimeout(() => (child.kill('SIGKILL'), done(null)), 5000)
        child.once('exit', () => (clearTimeout(timer), done(null)))
      })
    }
    rmSync(dataDir, { recursive: true, force: true })
    await s3?.close()
  }
}

export function printUploadBench(r: UploadBenchResult) {
  const mb = (bytes: number) => (bytes / MB).toFixed(1)
  const where = r.store === 's3' ? 'files in a local S3-compatible server (s3rver), multipart' : 'files on disk'
  console.log(`\nDocument uploads: ${r.uploads} x ${r.fileMB} MB PDF, one at a time over loopback (PGlite, ${where})`)
  console.log(`  throughput            ${r.mbPerSecond.toFixed(1)} MB/s (${r.seconds.toFixed(1)} s in all)`)
  console.log(`  per upload            ${r.perUploadMs.map((ms) => ms.toFixed(0)).join(', ')} ms`)
  console.log(`  ${r.concurrent.uploads} at once             ${r.concurrent.mbPerSecond.toFixed(1)} MB/s`)
  console.log(
    `  server RSS            ${mb(r.memory.baseline.rss)} MB before, peak ${mb(r.memory.peak.rss)} MB (+${r.rssGrowthMB.toFixed(1)} MB), ${mb(r.memory.after.rss)} MB after`,
  )
  console.log(`                        (RSS includes the embedded database's WebAssembly memory, reserved up front)`)
  console.log(`  server JS heap        ${mb(r.memory.baseline.heapUsed)} MB before, peak ${mb(r.memory.peak.heapUsed)} MB (+${r.heapGrowthMB.toFixed(1)} MB)`)
  console.log(`  server external       ${mb(r.memory.baseline.external)} MB before, peak ${mb(r.memory.peak.external)} MB`)
  console.log(`  over the limit        answered ${r.oversize.status} after ${r.oversize.ms.toFixed(0)} ms`)
}

const isMain = import.meta.url === pathToFileURL(process.argv[1] ?? '').href
if (isMain && process.argv.includes('--serve')) {
  serveForBench().catch((error) => {
    console.error(error)
    process.exit(1)
  })
} else if (isMain) {
  benchUploads()
    .then((result) => {
      printUploadBench(result)
      const limit = Number(process.env.UPLOAD_BENCH_MAX_RSS_GROWTH_MB ?? Infinity)
      if (result.rssGrowthMB > limit) {
        console.error(`\nserver RSS rose ${result.rssGrowthMB.toFixed(1)} MB, more than ${limit} MB`)
        process.exit(1)
      }
    })
    .catch((error) => {
      console.error(error)
      process.exit(1)
    })
}
