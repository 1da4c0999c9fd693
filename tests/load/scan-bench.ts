/**
 * The scan benchmarks (issue "search inside scans"), reported as numbers:
 *
 * - `npm run bench -- ocr`: how long the text reader takes over a one-page letter scanned at 300 dpi
 *   and over a 10-page image-only PDF, first in this process (engine start, page rendering and OCR
 *   timed apart, with the CPU time they used), then in the real server (production mode, embedded
 *   database) as the reader's own log reports it; and the p95 of other requests (the health check and a
 *   client's first document page, no answer cached) measured before, while and after the reader OCRs
 *   the 10-page PDF.
 * - `npm run bench -- zip`: 100 documents of 2.5 MB uploaded to the real server, then one ZIP of them
 *   (POST /api/documents/archive) read as fast as possible and then at about 20 MB/s, while the
 *   server's RSS (VmRSS in /proc) is sampled every 10 ms; the growth is the peak above its level before.
 *
 * Sizes for a quick round: OCR_BENCH_PAGES (default 10), ZIP_BENCH_COUNT (default 100), ZIP_BENCH_MB
 * (default 2.5); OCR_BENCH_SECONDS (default 5) per load line. Bounded in time; talks only to 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import http from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { fileURLToPath } from 'node:url'
import { eq } from 'drizzle-orm'
import { openDatabase } from '../../server/db/client'
import { ensureReferenceData } from '../../server/db/reference'
import { documentTypes } from '../../server/db/schema'
import { factories } from '../api/harness'
import { cpuTimeMs, load } from './scale-bench'
import { imageOnlyPdf, letterPng, searchableScans } from './scan-fixtures'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const MB = 1024 * 1024
const PASSWORD = 'Scan-bench-2026!'
const OCR_PAGES = Math.max(1, Math.min(50, Number(process.env.OCR_BENCH_PAGES ?? 10)))
const LINE_SECONDS = Math.max(1, Math.min(30, Number(process.env.OCR_BENCH_SECONDS ?? 5)))
const ZIP_COUNT = Math.max(1, Math.min(500, Number(process.env.ZIP_BENCH_COUNT ?? 100)))
const ZIP_FILE_BYTES = Math.round(Math.max(0.1, Math.min(20, Number(process.env.ZIP_BENCH_MB ?? 2.5))) * MB)
/** The made-up word every fixture carries, to check that what the reader read is found. */
const MARKER = 'quimbleton'

// ---------- the server process ----------

interface Accounts {
  staffEmail: string
  clientEmail: string
  clientId: number
  documentTypeId: number
}

/** A data directory (embedded database) with a staff member (DCV) and a client, both with PASSWORD. */
async function prepareDataDir(dataDir: string): Promise<Accounts> {
  const database = await openDatabase({ dataDir })
  try {
    await ensureReferenceData(database.db)
    const make = factories(database.db)
    const { user: staff } = await make.agent(['DCV'], { password: PASSWORD })
    const { client, user } = await make.client({ companyName: 'Sunshine Holdings, LLC' }, PASSWORD)
    const [type] = await database.db.select().from(documentTypes).where(eq(documentTypes.name, 'Tax Notice'))
    return { staffEmail: staff.email, clientEmail: user.email, clientId: client.id, documentTypeId: type.id }
  } finally {
    await database.close()
  }
}

interface TextRead {
  documentId: number
  ms: number
  chars: number
  failed?: string
}

interface Portal {
  child: ChildProcess
  pid: number
  port: number
  /** Resolves when the reader logs that it read (or failed to read) this document. */
  textRead(documentId: number, timeoutMs: number): Promise<TextRead>
  stop(): Promise<void>
}

/** The real server (server/index.ts) in production mode on the data directory's embedded database. */
function startPortal(dataDir: string, env: Record<string, string> = {}): Promise<Portal> {
  // The embedded database under dataDir, whatever DATABASE_URL the benchmark run was given.
  const inherited = { ...process.env }
  delete inherited.DATABASE_URL
  // Node itself (not a launcher) is the child, so its /proc entry is the server's.
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'server', 'index.ts')], {
    cwd: root,
    env: {
      ...inherited,
      NODE_ENV: 'production',
      HOST: '127.0.0.1',
      PORT: '0',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      // The reader's "document text read" line (with its time) is at debug level; requests log at info.
      LOG_LEVEL: 'debug',
      JWT_SECRET: 'scan-benchmark-secret-not-for-production-use',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  const reads = new Map<number, TextRead>()
  const waiting = new Map<number, (read: TextRead) => void>()
  return new Promise((resolve, reject) => {
    let listening = false
    const early = (code: number | null) => reject(new Error(`the server exited (${code}) before listening`))
    child.once('exit', early)
    createInterface({ input: child.stdout! }).on('line', (line) => {
      // Request lines pass unparsed: only the reader's and the start's lines are read.
      if (!line.includes('document text') && !(!listening && line.includes('listening on'))) return
      let entry: { msg: string; documentId?: number; ms?: number; chars?: number; error?: string }
      try {
        entry = JSON.parse(line)
      } catch {
        return
      }
      const started = /^listening on http:\/\/[^:]+:(\d+)$/.exec(entry.msg)
      if (started && !listening) {
        listening = true
        child.off('exit', early)
        const exited = new Promise<void>((done) => child.once('exit', () => done()))
        resolve({
          child,
          pid: child.pid!,
          port: Number(started[1]),
          textRead(documentId, timeoutMs) {
            const done = reads.get(documentId)
            if (done) return Promise.resolve(done)
            return new Promise((found, fail) => {
              const timer = setTimeout(() => fail(new Error(`document ${documentId} was not read within ${timeoutMs / 1000} s`)), timeoutMs)
              waiting.set(documentId, (read) => (clearTimeout(timer), found(read)))
            })
          },
          async stop() {
            if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM')
            await exited
          },
        })
        return
      }
      if (entry.documentId === undefined) return
      const read: TextRead =
        entry.msg === 'document text read'
          ? { documentId: entry.documentId, ms: entry.ms ?? NaN, chars: entry.chars ?? 0 }
          : { documentId: entry.documentId, ms: NaN, chars: 0, failed: entry.error?.split('\n')[0] ?? entry.msg }
      // A failed attempt is retried later: only the first outcome is kept.
      if (reads.has(read.documentId)) return
      reads.set(read.documentId, read)
      waiting.get(read.documentId)?.(read)
      waiting.delete(read.documentId)
    })
  })
}

async function api<T>(portal: Portal, method: string, urlPath: string, options: { token?: string; json?: unknown; form?: FormData } = {}): Promise<T> {
  const headers: Record<string, string> = {}
  if (options.token) headers.authorization = `Bearer ${options.token}`
  if (options.json !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(`http://127.0.0.1:${portal.port}${urlPath}`, {
    method,
    headers,
    body: options.form ?? (options.json === undefined ? undefined : JSON.stringify(options.json)),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`${method} ${urlPath} answered ${res.status}: ${text.slice(0, 500)}`)
  return JSON.parse(text) as T
}

const signIn = async (portal: Portal, email: string) =>
  (await api<{ token: string }>(portal, 'POST', '/api/auth/login', { json: { email, password: PASSWORD, remember: false } })).token

async function upload(portal: Portal, token: string, accounts: Accounts, bytes: Uint8Array<ArrayBuffer>, name: string): Promise<number> {
  const form = new FormData()
  form.append('documentTypeId', String(accounts.documentTypeId))
  form.append('jurisdiction', '2')
  form.append('dateReceived', '2026-11-20')
  form.append('file', new Blob([bytes]), name)
  const { documents } = await api<{ documents: { id: number }[] }>(portal, 'POST', `/api/document/client/${accounts.clientId}`, { token, form })
  return documents[0].id
}

/** The server's resident memory and its high-water mark since the last reset, in bytes (from /proc). */
function memoryOf(pid: number): { rss: number; hwm: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8')
  const kb = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? NaN) * 1024
  return { rss: kb('VmRSS'), hwm: kb('VmHWM') }
}

/** Resets the process's VmHWM to its current RSS (Linux: clear_refs 5), so a peak between samples is seen too. */
function resetPeak(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5')
    return true
  } catch {
    return false
  }
}

const elapsedMs = (since: number) => performance.now() - since
const seconds = ({ ms, cpuMs }: Timed) => `${(ms / 1000).toFixed(1)} s (CPU ${(cpuMs / 1000).toFixed(1)} s)`
const mb = (bytes: number) => (bytes / MB).toFixed(1)
const cpuDelta = (before: number | null, after: number | null) => (before === null || after === null ? null : after - before)

// ---------- OCR ----------

export interface OcrBench {
  letterBytes: number
  pdfBytes: number
  pages: number
  inProcess: {
    letterCold: Timed
    letterWarm: Timed
    renderPage: Timed
    ocrRenderedPage: Timed
    pdfWarm: Timed
    letterFound: boolean
    pdfFound: boolean
  }
  server: {
    /** The reader's own time (its log line), from upload to read, and the server's CPU time meanwhile (nothing else asked of it). */
    letter: { readerMs: number; wallMs: number; cpuMs: number | null }
    /** The PDF read while the load lines ran. */
    pdfUnderLoad: { readerMs: number; wallMs: number }
    /** The same PDF again, with no other request. */
    pdfAlone: { readerMs: number; wallMs: number; cpuMs: number | null }
    found: number
    failed?: string
  }
  lines: {
    name: string
    connections: number
    phase: 'before' | 'while OCR runs' | 'after'
    p50: number
    p95: number
    p99: number
    requests: number
    errors: number
    ocrStillRunning?: boolean
  }[]
}

/** Wall time and CPU time (every thread of this process, so the OCR engine's too) of one step. */
interface Timed {
  ms: number
  cpuMs: number
}

async function timed<T>(run: () => Promise<T>): Promise<Timed & { value: T }> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  const value = await run()
  const ms = elapsedMs(started)
  const used = process.cpuUsage(cpu)
  return { value, ms, cpuMs: (used.user + used.system) / 1000 }
}
const plain = ({ ms, cpuMs }: Timed): Timed => ({ ms, cpuMs })

/** One PDF page rendered for OCR as the reader does it (server/documents/text/extract.ts), as PNG. */
async function renderFirstPage(pdf: Uint8Array): Promise<Uint8Array> {
  const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs')
  const { createCanvas } = await import('@napi-rs/canvas')
  const document = await pdfjs.getDocument({ data: pdf.slice(), isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise
  try {
    const page = await document.getPage(1)
    const viewport = page.getViewport({ scale: 200 / 72 })
    const canvas = createCanvas(Math.ceil(viewport.width), Math.ceil(viewport.height))
    const context = canvas.getContext('2d')
    context.fillStyle = '#ffffff'
    context.fillRect(0, 0, canvas.width, canvas.height)
    await page.render({ canvas: canvas as never, canvasContext: context as never, viewport }).promise
    return new Uint8Array(await canvas.encode('png'))
  } finally {
    await document.destroy()
  }
}

export async function benchOcr(): Promise<OcrBench> {
  const letter = await letterPng(MARKER)
  const pdf = await imageOnlyPdf(OCR_PAGES, MARKER)
  console.log(`fixtures: a ${mb(letter.length)} MB PNG letter (2550 x 3300, 300 dpi), a ${OCR_PAGES}-page image-only PDF of ${mb(pdf.length)} MB`)

  // In this process: the parts of the reader's work, timed apart.
  const { extractText, closeOcr } = await import('../../server/documents/text/extract')
  const has = (text: string) => text.toLowerCase().includes(MARKER)
  const cold = await timed(() => extractText(letter.slice(), 'image/png'))
  const warm = await timed(() => extractText(letter.slice(), 'image/png'))
  const render = await timed(() => renderFirstPage(pdf))
  const rendered = await timed(() => extractText(render.value, 'image/png'))
  const whole = await timed(() => extractText(pdf.slice(), 'application/pdf'))
  await closeOcr()
  const inProcess = {
    letterCold: plain(cold),
    letterWarm: plain(warm),
    renderPage: plain(render),
    ocrRenderedPage: plain(rendered),
    pdfWarm: plain(whole),
    letterFound: has(warm.value),
    pdfFound: has(whole.value),
  }
  console.log(
    `in process: letter ${seconds(cold)} cold, ${seconds(warm)} warm; page render ${seconds(render)}, its OCR ${seconds(rendered)}; PDF ${seconds(whole)}`,
  )

  // The real server.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scan-bench-ocr-'))
  const accounts = await prepareDataDir(dataDir)
  // No answer cached: every list request reads the database, on the thread the reader shares the process with.
  const portal = await startPortal(dataDir, { ANSWER_CACHE_SECONDS: '0' })
  try {
    const staff = await signIn(portal, accounts.staffEmail)
    const client = await signIn(portal, accounts.clientEmail)
    const targets: [string, string, string | undefined][] = [
      ['GET /api/health', '/api/health', undefined],
      ["client's documents, first page (no answer cached)", `/api/client/documents/${accounts.clientId}`, client],
    ]
    const lines: OcrBench['lines'] = []
    const round = async (phase: OcrBench['lines'][number]['phase'], ocrDone?: () => boolean) => {
      for (const connections of [1, 8]) {
        for (const [name, urlPath, token] of targets) {
          const r = await load(portal.port, urlPath, token, connections, LINE_SECONDS)
          lines.push({
            name,
            connections,
            phase,
            p50: r.p50,
            p95: r.p95,
            p99: r.p99,
            requests: r.requests,
            errors: r.errors,
            ...(ocrDone ? { ocrStillRunning: !ocrDone() } : {}),
          })
        }
      }
    }

    // The letter first: the reader's thread and OCR engine start with it, as after a quiet spell.
    let cpuBefore = cpuTimeMs(portal.pid)
    let uploaded = performance.now()
    const letterId = await upload(portal, staff, accounts, letter, 'letter.png')
    const letterRead = await portal.textRead(letterId, 300_000)
    const letterResult = { readerMs: letterRead.ms, wallMs: elapsedMs(uploaded), cpuMs: cpuDelta(cpuBefore, cpuTimeMs(portal.pid)) }
    for (const [, urlPath, token] of targets) await load(portal.port, urlPath, token, 1, 1) // warm-up
    await round('before')

    uploaded = performance.now()
    const pdfId = await upload(portal, staff, accounts, pdf, 'scan.pdf')
    let pdfDone = false
    const pdfRead = portal.textRead(pdfId, 900_000).finally(() => (pdfDone = true))
    await round('while OCR runs', () => pdfDone)
    const pdfResult = await pdfRead
    const pdfUnderLoad = { readerMs: pdfResult.ms, wallMs: elapsedMs(uploaded) }
    await round('after')

    // The same pages once more with nothing else asked of the server: its CPU time is the reader's.
    cpuBefore = cpuTimeMs(portal.pid)
    uploaded = performance.now()
    const againId = await upload(portal, staff, accounts, pdf, 'scan-again.pdf')
    const againRead = await portal.textRead(againId, 900_000)
    const pdfAlone = { readerMs: againRead.ms, wallMs: elapsedMs(uploaded), cpuMs: cpuDelta(cpuBefore, cpuTimeMs(portal.pid)) }

    // What was read is found by its word, as a client searches.
    const found = await api<{ data: { id: number; snippet?: string }[] }>(portal, 'GET', `/api/client/documents/${accounts.clientId}?q=${MARKER}`, {
      token: client,
    })
    return {
      letterBytes: letter.length,
      pdfBytes: pdf.length,
      pages: OCR_PAGES,
      inProcess,
      server: {
        letter: letterResult,
        pdfUnderLoad,
        pdfAlone,
        found: found.data.filter((row) => row.snippet).length,
        failed: letterRead.failed ?? pdfResult.failed ?? againRead.failed,
      },
      lines,
    }
  } finally {
    await portal.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printOcrBench(r: OcrBench) {
  const s = (ms: number | null) => (ms === null ? 'n/a' : `${(ms / 1000).toFixed(1)} s`)
  const p = r.inProcess
  console.log(`\nOCR (tesseract.js, English + Spanish) of a 300 dpi letter and a ${r.pages}-page image-only PDF; wall time (CPU time of every thread)`)
  console.log(`  in process, letter    ${seconds(p.letterCold)} with the engine's start, ${seconds(p.letterWarm)} warm`)
  console.log(`  in process, a page    render at 200 dpi ${seconds(p.renderPage)}, OCR of the rendered page ${seconds(p.ocrRenderedPage)}`)
  console.log(`  in process, PDF       ${seconds(p.pdfWarm)}, ${(p.pdfWarm.ms / r.pages / 1000).toFixed(1)} s a page`)
  console.log(
    `  words found           letter ${p.letterFound ? 'yes' : 'NO'}, PDF ${p.pdfFound ? 'yes' : 'NO'}; by the client's search: ${r.server.found} of 3 with a snippet`,
  )
  const { letter, pdfUnderLoad, pdfAlone } = r.server
  console.log(
    `  server, letter        ${s(letter.readerMs)} as the reader logs it (thread and engine started for it), ${s(letter.wallMs)} from upload to read, server CPU ${s(letter.cpuMs)}`,
  )
  console.log(
    `  server, PDF           ${s(pdfUnderLoad.readerMs)} as the reader logs it while the lines below ran, ${s(pdfUnderLoad.wallMs)} from upload to read`,
  )
  console.log(
    `  server, PDF alone     ${s(pdfAlone.readerMs)} as the reader logs it, ${s(pdfAlone.wallMs)} from upload to read, server CPU ${s(pdfAlone.cpuMs)}`,
  )
  if (r.server.failed) console.log(`  FAILED                ${r.server.failed}`)
  console.log('\n| request | connections | phase | requests | p50 ms | p95 ms | p99 ms | errors |\n|---|---|---|---|---|---|---|---|')
  for (const line of r.lines) {
    const phase = line.ocrStillRunning === false ? `${line.phase} (OCR had ended)` : line.phase
    console.log(
      `| ${line.name} | ${line.connections} | ${phase} | ${line.requests} | ${line.p50.toFixed(1)} | ${line.p95.toFixed(1)} | ${line.p99.toFixed(1)} | ${line.errors} |`,
    )
  }
}

// ---------- ZIP ----------

interface ZipRead {
  bytes: number
  seconds: number
  entries: number
  baselineRss: number
  peakRss: number
  hwm: number | null
  endRss: number
}

export interface ZipBench {
  count: number
  fileBytes: number
  uploadSeconds: number
  readSeconds: number
  fast: ZipRead
  slow: ZipRead
}

/** The number of entries in a ZIP, from its end-of-central-directory record (in its last bytes). */
function zipEntries(tail: Buffer): number {
  const at = tail.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  return at < 0 ? -1 : tail.readUInt16LE(at + 10)
}

/**
 * Downloads the archive, sampling the server's RSS every 10 ms from just before the request to the
 * last byte; `bytesPerSecond` paces the reading (the download pauses between chunks), else as fast as it comes.
 */
async function readArchive(portal: Portal, token: string, documentIds: number[], bytesPerSecond?: number): Promise<ZipRead> {
  // The level before: the median of a second's samples.
  const before: number[] = []
  for (let i = 0; i < 50; i++) {
    before.push(memoryOf(portal.pid).rss)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
  before.sort((a, b) => a - b)
  const baselineRss = before[Math.floor(before.length / 2)]
  const peakKnown = resetPeak(portal.pid)
  let peakRss = baselineRss
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, memoryOf(portal.pid).rss)), 10)
  const started = performance.now()
  try {
    const body = JSON.stringify({ documentIds })
    const { bytes, tail } = await new Promise<{ bytes: number; tail: Buffer }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: portal.port,
          method: 'POST',
          path: '/api/documents/archive',
          headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        },
        (res) => {
          if (res.statusCode !== 200) {
            res.resume()
            reject(new Error(`the archive answered ${res.statusCode}`))
            return
          }
          let bytes = 0
          // The last two chunks: the end-of-central-directory record is in the last 22 bytes or so.
          let last: Buffer[] = []
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length
            last = [last[last.length - 1], chunk].filter(Boolean)
            if (bytesPerSecond) {
              const due = (bytes / bytesPerSecond) * 1000 - elapsedMs(started)
              if (due > 0) {
                res.pause()
                setTimeout(() => res.resume(), due)
              }
            }
          })
          res.on('end', () => resolve({ bytes, tail: Buffer.concat(last) }))
          res.on('error', reject)
        },
      )
      req.setTimeout(600_000, () => req.destroy(new Error('the archive took longer than 10 minutes')))
      req.on('error', reject)
      req.end(body)
    })
    const seconds = elapsedMs(started) / 1000
    clearInterval(sampler)
    const after = memoryOf(portal.pid)
    peakRss = Math.max(peakRss, after.rss)
    return { bytes, seconds, entries: zipEntries(tail), baselineRss, peakRss, hwm: peakKnown ? after.hwm : null, endRss: after.rss }
  } finally {
    clearInterval(sampler)
  }
}

export async function benchZip(): Promise<ZipBench> {
  const files = await searchableScans(ZIP_COUNT, ZIP_FILE_BYTES)
  const dataDir = mkdtempSync(path.join(tmpdir(), 'scan-bench-zip-'))
  const accounts = await prepareDataDir(dataDir)
  let portal = await startPortal(dataDir)
  try {
    let staff = await signIn(portal, accounts.staffEmail)
    const uploadStarted = performance.now()
    const ids: number[] = []
    for (const [i, file] of files.entries()) ids.push(await upload(portal, staff, accounts, file, `scan-${i + 1}.pdf`))
    const uploadSeconds = elapsedMs(uploadStarted) / 1000
    // The reader takes each one's text layer; the archive is measured once it has finished.
    const readStarted = performance.now()
    const reads = await Promise.all(ids.map((id) => portal.textRead(id, 900_000)))
    const readSeconds = elapsedMs(readStarted) / 1000
    const failed = reads.find((read) => read.failed)
    if (failed) throw new Error(`document ${failed.documentId} could not be read: ${failed.failed}`)
    // A server started anew, as one that has been up a while without reading: no reader thread in its memory.
    await portal.stop()
    portal = await startPortal(dataDir)
    staff = await signIn(portal, accounts.staffEmail)
    // Warm-up: the archive's code and statements, with two documents.
    await readArchive(portal, staff, ids.slice(0, 2))
    const fast = await readArchive(portal, staff, ids)
    const slow = await readArchive(portal, staff, ids, 20 * MB)
    return { count: ZIP_COUNT, fileBytes: ZIP_FILE_BYTES, uploadSeconds, readSeconds, fast, slow }
  } finally {
    await portal.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

export function printZipBench(r: ZipBench) {
  console.log(`\nZIP of ${r.count} documents of ${mb(r.fileBytes)} MB (POST /api/documents/archive, files on disk, embedded database)`)
  console.log(`  uploaded in ${r.uploadSeconds.toFixed(1)} s; the reader took their text layers in ${r.readSeconds.toFixed(1)} s more`)
  for (const [label, z] of [
    ['as fast as read', r.fast],
    ['read at ~20 MB/s', r.slow],
  ] as const) {
    const growth = Math.max(z.peakRss, z.hwm ?? 0) - z.baselineRss
    console.log(
      `  ${label.padEnd(17)} ${mb(z.bytes)} MB in ${z.seconds.toFixed(1)} s (${(z.bytes / MB / z.seconds).toFixed(0)} MB/s), ${z.entries} entries; server RSS ${mb(z.baselineRss)} MB before, peak ${mb(z.peakRss)} MB sampled${z.hwm === null ? '' : `, ${mb(z.hwm)} MB high-water mark`} (+${mb(growth)} MB), ${mb(z.endRss)} MB at the end`,
    )
  }
}
