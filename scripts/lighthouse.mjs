#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse scores of the production build, served by the real server.
//
// Builds nothing (run `npm run build` first). Starts server/index.ts in production mode on a free
// loopback port with a fresh temporary data directory seeded with the demo data, then runs Lighthouse
// (default config: mobile form factor, simulated throttling) in Chromium against the sign-in page and
// signed-in pages. Each page is measured `--runs` times (3 by default); the table shows the median of
// each column. The signed-in pages get the session where the app keeps it: the script signs in through
// the API (as the app does: POST /api/auth/login, then the user's permission codes) and a script
// registered before the audited navigation writes that record to sessionStorage under `session`
// (src/lib/session.ts), so Lighthouse still measures a cold load (it clears caches, cookies, storage and
// service workers of the origin before each run; session storage belongs to the tab). The sign-in's
// area cookie, which a signed-in browser sends with every page load, goes along as a request header.
//
// Output: a table on stdout, reports/lighthouse.json (every run plus the medians), the full report of
// each page's median run in reports/lighthouse/<page>.report.{json,html}, and with --write-doc the table
// in docs/benchmarks/lighthouse.md (between its markers, so the prose around it is kept).
//
// Options: --runs N, --only <page name>[,<name>...], --write-doc, --strict (exit 1 when a page's median
// accessibility is under 100 or performance under 95), --http2 (through a local TLS proxy speaking
// HTTP/2, as the portal is deployed behind TLS; needs openssl; reports/lighthouse-http2*),
// --explain-lcp (prints, for each page's median run, the simulated timeline behind its LCP estimate).
// CHROME_PATH overrides /usr/bin/chromium.
import { spawn, spawnSync } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import http from 'node:http'
import { createSecureServer } from 'node:http2'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const DEMO_PASSWORD = 'Demo-pass-2026!'
const TARGETS = { performance: 95, accessibility: 100 }
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo']

/** The measured pages: the public sign-in page and the busiest signed-in pages of each side. */
const PAGES = [
  { name: 'login', path: '/login', account: null },
  { name: 'client-dashboard', path: '/client/dashboard', account: 'client@demo.test' },
  { name: 'client-invoices', path: '/client/invoices', account: 'client@demo.test' },
  { name: 'client-documents', path: '/client/documents', account: 'client@demo.test' },
  { name: 'provider-dashboard', path: '/provider/dashboard', account: 'admin@demo.test' },
  { name: 'provider-documents', path: '/provider/documents', account: 'admin@demo.test' },
]

// ---------------------------------------------------------------------------------------------- options
const args = process.argv.slice(2)
function option(name) {
  const i = args.indexOf(name)
  if (i < 0) return undefined
  const value = args[i + 1]
  if (!value || value.startsWith('--')) fail(`${name} needs a value`)
  return value
}
function fail(message) {
  console.error(`lighthouse: ${message}`)
  process.exit(1)
}
const known = new Set(['--runs', '--only', '--write-doc', '--strict', '--http2', '--explain-lcp'])
for (const a of args) if (a.startsWith('--') && !known.has(a)) fail(`unknown option ${a} (known: ${[...known].join(', ')})`)
const runs = Number(option('--runs') ?? 3)
if (!Number.isInteger(runs) || runs < 1 || runs > 9) fail('--runs must be a whole number from 1 to 9')
const only = option('--only')
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean)
const pages = only ? PAGES.filter((p) => only.includes(p.name)) : PAGES
if (only && pages.length !== only.length) fail(`--only: known pages are ${PAGES.map((p) => p.name).join(', ')}`)
const writeDoc = args.includes('--write-doc')
const strict = args.includes('--strict')
const http2 = args.includes('--http2')
const explainLcp = args.includes('--explain-lcp')
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium'

if (!existsSync(path.join(root, 'dist', 'index.html'))) fail('no production build in dist/: run `npm run build` first')
if (!existsSync(chromePath)) fail(`no Chromium at ${chromePath} (set CHROME_PATH)`)

// Lighthouse's own copies of chrome-launcher and puppeteer-core (its dependencies), whatever the hoisting.
const fromLighthouse = createRequire(createRequire(import.meta.url).resolve('lighthouse/package.json'))
const load = (name) => import(pathToFileURL(fromLighthouse.resolve(name)).href)
const [{ default: lighthouse, generateReport }, chromeLauncher, { default: puppeteer }] = await Promise.all([
  import('lighthouse'),
  load('chrome-launcher'),
  load('puppeteer-core'),
])

// ----------------------------------------------------------------------------------------------- server
function freePort() {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address()
      probe.close(() => resolve(port))
    })
  })
}

/** The real server (as tests/e2e/server.mjs starts it) on a fresh data directory with the demo data. */
async function startServer() {
  const port = await freePort()
  const origin = `http://127.0.0.1:${port}`
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-'))
  const env = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
  }
  delete env.DATABASE_URL
  const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
  const child = spawn(tsx, [path.join(root, 'server', 'index.ts')], { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  let log = ''
  child.stdout.on('data', (d) => (log += d))
  child.stderr.on('data', (d) => (log += d))
  let exited = null
  child.once('exit', (code, signal) => (exited = { code, signal }))

  const deadline = Date.now() + 90_000
  for (;;) {
    if (exited) throw new Error(`the server stopped while starting (exit ${exited.code ?? exited.signal}):\n${log}`)
    try {
      const res = await fetch(`${origin}/api/health`)
      if (res.ok) break
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGTERM')
      throw new Error(`the server did not answer /api/health within 90 s:\n${log}`)
    }
    await new Promise((r) => setTimeout(r, 300))
  }
  const stop = async () => {
    if (!exited) {
      const gone = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await Promise.race([gone, new Promise((r) => setTimeout(r, 12_000))])
    }
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { origin, stop, log: () => log }
}

/**
 * --http2: the portal as deployed behind a TLS-terminating proxy that speaks HTTP/2 to browsers (the
 * README's "TLS in front"). A local proxy with a throwaway self-signed certificate (made with openssl)
 * forwards every request to the real server unchanged; Chromium is told to accept the certificate.
 */
async function startTlsProxy(backendOrigin) {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'portal-lighthouse-tls-'))
  const made = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-keyout',
      path.join(dir, 'key.pem'),
      '-out',
      path.join(dir, 'cert.pem'),
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
    ],
    { encoding: 'utf8' },
  )
  if (made.status !== 0) throw new Error(`--http2 needs openssl to make a test certificate: ${made.error?.message ?? made.stderr}`)
  const backend = new URL(backendOrigin)
  const proxy = createSecureServer(
    { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')), allowHTTP1: true },
    (req, res) => {
      const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !name.startsWith(':')))
      headers.host = backend.host
      const upstream = http.request({ host: backend.hostname, port: backend.port, method: req.method, path: req.url, headers }, (answer) => {
        const out = { ...answer.headers }
        for (const name of ['connection', 'keep-alive', 'transfer-encoding', 'upgrade', 'proxy-connection']) delete out[name]
        res.writeHead(answer.statusCode ?? 502, out)
        answer.pipe(res)
      })
      upstream.on('error', () => {
        if (!res.headersSent) res.writeHead(502)
        res.end()
      })
      req.pipe(upstream)
    },
  )
  const port = await freePort()
  await new Promise((resolve, reject) => {
    proxy.once('error', reject)
    proxy.listen(port, '127.0.0.1', resolve)
  })
  const stop = () =>
    new Promise((resolve) => {
      proxy.close(() => resolve())
      setTimeout(resolve, 2000).unref()
      rmSync(dir, { recursive: true, force: true })
    })
  return { origin: `https://127.0.0.1:${port}`, stop }
}

/**
 * What a browser holds after signing in: the record the app keeps in sessionStorage
 * (src/features/auth/api.ts signIn), and the area cookie that the server answers a page with its frame
 * for (the refresh cookie goes only to /api/auth, so the page loads never send it).
 */
async function signIn(origin, email) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD, remember: false }),
  })
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`)
  const { token, user } = await res.json()
  const perms = await fetch(`${origin}/api/user/${user.id}/permissions`, { headers: { authorization: `Bearer ${token}` } })
  if (!perms.ok) throw new Error(`permissions of ${email} failed: ${perms.status} ${await perms.text()}`)
  const permissions = (await perms.json()).map((p) => p.permCode)
  const areaCookie = res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .find((pair) => pair.startsWith('portal_area='))
  if (!areaCookie) throw new Error(`sign-in as ${email} set no area cookie`)
  return { record: JSON.stringify({ token, user, permissions, remember: false }), cookie: areaCookie }
}

// ------------------------------------------------------------------------------------------- lighthouse
/**
 * One Lighthouse run in a fresh Chromium profile; the session (if any) is in sessionStorage before the
 * app starts, and its area cookie goes with the requests (Lighthouse clears the origin's cookies first).
 */
async function measure(url, session) {
  const chromeFlags = ['--headless=new', '--no-sandbox', ...(http2 ? ['--ignore-certificate-errors'] : [])]
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags })
  let browser
  try {
    browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}`, defaultViewport: null })
    const page = await browser.newPage()
    if (session) {
      const origin = new URL(url).origin
      await page.evaluateOnNewDocument(
        (expectedOrigin, record) => {
          if (location.origin === expectedOrigin) sessionStorage.setItem('session', record)
        },
        origin,
        session.record,
      )
    }
    const flags = { logLevel: 'error', output: 'json', onlyCategories: CATEGORIES, ...(session ? { extraHeaders: { Cookie: session.cookie } } : {}) }
    const result = await lighthouse(url, flags, undefined, page)
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
    const lcpLines = explainLcp && !result.lhr.runtimeError ? await lcpTimeline(result.artifacts, result.lhr.configSettings) : undefined
    return { lhr: result.lhr, version: await browser.version(), lcpLines }
  } finally {
    await browser?.disconnect().catch(() => {})
    await chrome.kill()
  }
}

/**
 * --explain-lcp: how the simulation arrives at a run's largest contentful paint. Lighthouse rebuilds what
 * the page did before that paint as a graph (each request after the task that started it, each task after
 * the scripts it ran) and replays it at slow-4G speed with the CPU four times slower; the estimate is the
 * end of the last node. The lines are the requests and the tasks of 5 ms or more of that replay (the
 * pessimistic one), in simulated milliseconds, latest last: the last ones are what to make earlier.
 */
async function lcpTimeline(artifacts, settings) {
  const { LanternLargestContentfulPaint } = await import('lighthouse/core/computed/metrics/lantern-largest-contentful-paint.js')
  const data = {
    trace: artifacts.Trace,
    devtoolsLog: artifacts.DevtoolsLog,
    gatherContext: artifacts.GatherContext,
    settings,
    simulator: null,
    URL: artifacts.URL,
    SourceMaps: artifacts.SourceMaps ?? [],
    HostDPR: artifacts.HostDPR,
  }
  const result = await LanternLargestContentfulPaint.request(data, { computedCache: new Map(), settings })
  const { pessimisticEstimate: pessimistic, optimisticEstimate: optimistic } = result
  const describe = (node) => {
    if (node.type === 'network') return `${node.request.url.replace(/^https?:\/\/[^/]+/, '')} (${Math.round(node.request.transferSize / 1024)} KB)`
    const named = node.childEvents.filter((e) => e.dur >= 1000).slice(0, 3)
    return `task, ${(node.duration / 1000).toFixed(1)} ms unthrottled: ${named.map((e) => e.args?.data?.url?.replace(/^.*\//, '') ?? e.name).join(', ')}`
  }
  const rows = [...pessimistic.nodeTimings.entries()]
    .filter(([node]) => node.type === 'network' || node.duration >= 5000)
    .sort((a, b) => a[1].endTime - b[1].endTime)
  return [
    `simulated LCP ${Math.round(result.timing)} ms (optimistic ${Math.round(optimistic.timeInMs)}, pessimistic ${Math.round(pessimistic.timeInMs)}); start and end of each node of the pessimistic replay:`,
    ...rows.map(([node, t]) => `${String(Math.round(t.startTime)).padStart(5)} ${String(Math.round(t.endTime)).padStart(5)}  ${describe(node)}`),
  ]
}

/**
 * Lighthouse now and then fails to record a trace on a busy machine (NO_NAVSTART, PROTOCOL_TIMEOUT):
 * such a run is repeated, up to three attempts, and only then reported as an error.
 */
async function measureWithRetries(url, session) {
  for (let attempt = 1; ; attempt++) {
    let problem
    try {
      const run = await measure(url, session)
      if (!run.lhr.runtimeError) return run
      problem = `${run.lhr.runtimeError.code}: ${run.lhr.runtimeError.message}`
    } catch (error) {
      problem = error instanceof Error ? error.message : String(error)
    }
    if (attempt === 3) throw new Error(`${url}: ${problem}`)
    process.stderr.write(`lighthouse: ${problem}; trying again\n`)
  }
}

const median = (values) => {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  const mid = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2
}

/** What one run says, in the units of the table. */
function summarise(lhr) {
  const score = (id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100))
  const metric = (id) => lhr.audits[id]?.numericValue ?? null
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcpMs: metric('first-contentful-paint'),
    lcpMs: metric('largest-contentful-paint'),
    tbtMs: metric('total-blocking-time'),
    cls: metric('cumulative-layout-shift'),
    speedIndexMs: metric('speed-index'),
    benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
  }
}

/** The reasons a page misses a target, read from its median run's report. */
function findings(lhr) {
  const out = []
  for (const id of ['accessibility', 'best-practices', 'seo']) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id]
      if (ref.weight > 0 && audit?.score !== null && audit?.score < 1) out.push(`${id}: ${audit.id} (${audit.title})`)
    }
  }
  for (const audit of Object.values(lhr.audits)) {
    const savings = audit.details?.overallSavingsMs ?? audit.metricSavings?.LCP ?? 0
    if (audit.score !== null && audit.score < 0.9 && savings >= 100) out.push(`performance: ${audit.id}, about ${Math.round(savings)} ms (${audit.title})`)
  }
  // Lighthouse 13 names the LCP element and its phases in the LCP breakdown insight.
  const lcpItems = lhr.audits['lcp-breakdown-insight']?.details?.items ?? []
  const lcpNode = lcpItems.find((item) => item.type === 'node')
  const phases = lcpItems.find((item) => item.type === 'table')?.items ?? []
  if (lcpNode) {
    const timing = phases.map((p) => `${p.label.toLowerCase()} ${Math.round(p.duration)} ms`).join(', ')
    out.push(`LCP element: ${lcpNode.snippet ?? lcpNode.selector} "${(lcpNode.nodeLabel ?? '').slice(0, 60)}"${timing ? ` (${timing})` : ''}`)
  }
  const shifts = (lhr.audits['layout-shifts']?.details?.items ?? []).filter((item) => item.score >= 0.01)
  for (const item of shifts.slice(0, 3)) out.push(`layout shift ${item.score.toFixed(3)}: ${item.node?.selector ?? item.node?.value ?? 'unknown element'}`)
  const scripts = (lhr.audits['bootup-time']?.details?.items ?? []).slice(0, 3)
  if (scripts.length)
    out.push(
      `main-thread time by script (4x CPU slowdown): ${scripts.map((i) => `${i.url.replace(/^https?:\/\/[^/]+/, '')} ${Math.round(i.total)} ms`).join(', ')}`,
    )
  const blocking = lhr.audits['render-blocking-insight']?.details?.items ?? lhr.audits['render-blocking-resources']?.details?.items ?? []
  for (const item of blocking) if (item.url) out.push(`render-blocking: ${item.url}`)
  return out
}

const fmt = {
  score: (v) => (v == null ? '-' : String(Math.round(v))),
  seconds: (ms) => (ms == null ? '-' : `${(ms / 1000).toFixed(2)} s`),
  ms: (ms) => (ms == null ? '-' : `${Math.round(ms)} ms`),
  cls: (v) => (v == null ? '-' : v.toFixed(3)),
}

function table(rows) {
  const head = ['page', 'performance', 'accessibility', 'best practices', 'SEO', 'LCP', 'TBT', 'CLS']
  const body = rows.map((r) => [
    `${r.path}${r.account ? ` (${r.account})` : ''}`,
    fmt.score(r.median.performance),
    fmt.score(r.median.accessibility),
    fmt.score(r.median.bestPractices),
    fmt.score(r.median.seo),
    fmt.seconds(r.median.lcpMs),
    fmt.ms(r.median.tbtMs),
    fmt.cls(r.median.cls),
  ])
  return [head, ...body]
}

function textTable(cells) {
  const widths = cells[0].map((_, i) => Math.max(...cells.map((row) => row[i].length)))
  return cells.map((row) => row.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')).join('\n')
}

function markdownTable(cells) {
  const [head, ...body] = cells
  return [`| ${head.join(' | ')} |`, `|${head.map((_, i) => (i === 0 ? '---' : '---:')).join('|')}|`, ...body.map((r) => `| ${r.join(' | ')} |`)].join('\n')
}

// ----------------------------------------------------------------------------------------------- main
const server = await startServer()
const proxy = http2
  ? await startTlsProxy(server.origin).catch(async (error) => {
      await server.stop()
      fail(error instanceof Error ? error.message : String(error))
    })
  : null
const measuredOrigin = proxy?.origin ?? server.origin
const transport = http2 ? 'HTTPS with HTTP/2 through a local TLS proxy (as deployed behind TLS)' : 'HTTP/1.1 straight to the server, no TLS'
let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    if (stopping) return
    stopping = true
    await proxy?.stop()
    await server.stop()
    process.exit(130)
  })
}

const reportName = http2 ? 'lighthouse-http2' : 'lighthouse'
const reportDir = path.join(root, 'reports', reportName)
mkdirSync(reportDir, { recursive: true })
const startedAt = new Date()
const results = []
let chromeVersion = ''
let lighthouseVersion = ''
let failed = false
try {
  for (const page of pages) {
    const url = `${measuredOrigin}${page.path}`
    // A fresh sign-in per page keeps the short-lived access token valid for all of the page's runs.
    const session = page.account ? await signIn(server.origin, page.account) : null
    const lhrs = []
    const lcpExplained = new Map()
    for (let i = 1; i <= runs; i++) {
      process.stderr.write(`lighthouse: ${page.path}${page.account ? ` as ${page.account}` : ''}, run ${i} of ${runs}\n`)
      const { lhr, version, lcpLines } = await measureWithRetries(url, session)
      if (lcpLines) lcpExplained.set(lhr, lcpLines)
      chromeVersion = version
      lighthouseVersion = lhr.lighthouseVersion
      // A page that is not the one asked for (e.g. sent to /login) would be measured for nothing.
      const ended = new URL(lhr.finalDisplayedUrl).pathname
      if (ended !== page.path) throw new Error(`${page.path} ended on ${ended}: the signed-in session was not accepted`)
      lhrs.push(lhr)
    }
    const perRun = lhrs.map(summarise)
    const med = Object.fromEntries(Object.keys(perRun[0]).map((k) => [k, median(perRun.map((r) => r[k]))]))
    // The run closest to the median FCP and TTI (Lighthouse's own choice) keeps its full report.
    const representative = lhrs.length > 2 ? pickMedianRun(lhrs) : lhrs[0]
    writeFileSync(path.join(reportDir, `${page.name}.report.json`), JSON.stringify(representative))
    writeFileSync(path.join(reportDir, `${page.name}.report.html`), generateReport(representative, 'html'))
    results.push({
      name: page.name,
      path: page.path,
      account: page.account,
      median: med,
      runs: perRun,
      findings: findings(representative),
      report: path.relative(root, path.join(reportDir, `${page.name}.report.html`)),
      lcpLines: lcpExplained.get(representative),
    })
  }
} catch (error) {
  failed = true
  console.error(`lighthouse: ${error instanceof Error ? error.message : String(error)}`)
} finally {
  await proxy?.stop()
  await server.stop()
}
if (failed) process.exit(1)

function pickMedianRun(lhrs) {
  const fcp = median(lhrs.map((l) => l.audits['first-contentful-paint'].numericValue))
  const tti = median(lhrs.map((l) => l.audits.interactive?.numericValue ?? 0))
  const distance = (l) => (fcp - l.audits['first-contentful-paint'].numericValue) ** 2 + (tti - (l.audits.interactive?.numericValue ?? 0)) ** 2
  return lhrs.slice().sort((a, b) => distance(a) - distance(b))[0]
}

/** The commit measured, marked when the working tree differs from it. */
function commit() {
  const git = (...a) => spawnSync('git', a, { cwd: root, encoding: 'utf8' })
  const head = git('rev-parse', '--short', 'HEAD')
  if (head.status !== 0) return 'unknown'
  const dirty = git('status', '--porcelain', '--untracked-files=no').stdout.trim() !== ''
  return `${head.stdout.trim()}${dirty ? ' with uncommitted changes' : ''}`
}

const cpus = os.cpus()
const machine = {
  cores: cpus.length,
  cpu: cpus[0]?.model?.trim() ?? 'unknown',
  memoryGb: Math.round(os.totalmem() / 2 ** 30),
  loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  node: process.version,
  chromium: chromeVersion,
  lighthouse: lighthouseVersion,
}
const below = results.filter((r) => (r.median.performance ?? 0) < TARGETS.performance || (r.median.accessibility ?? 0) < TARGETS.accessibility)
const report = { date: startedAt.toISOString(), commit: commit(), transport, machine, runsPerPage: runs, targets: TARGETS, pages: results }
mkdirSync(path.join(root, 'reports'), { recursive: true })
writeFileSync(path.join(root, 'reports', `${reportName}.json`), `${JSON.stringify(report, null, 2)}\n`)

const cells = table(results)
console.log(`\nLighthouse ${lighthouseVersion}, mobile, simulated throttling; median of ${runs} run${runs > 1 ? 's' : ''} per page; ${transport}`)
console.log(`${machine.cores} cores (${machine.cpu}), load average ${machine.loadAverage.join(' ')}, ${machine.chromium}, Node ${machine.node}\n`)
console.log(textTable(cells))
const benchmarkIndexes = results.map((r) => r.median.benchmarkIndex).filter(Number.isFinite)
if (benchmarkIndexes.length)
  console.log(`\nChromium benchmark index (higher is a faster, less loaded machine): ${Math.min(...benchmarkIndexes)} to ${Math.max(...benchmarkIndexes)}`)
for (const r of below) {
  console.log(`\n${r.path} is under target (performance ${TARGETS.performance}, accessibility ${TARGETS.accessibility}); from its median run (${r.report}):`)
  for (const f of r.findings) console.log(`  - ${f}`)
}
for (const r of results) {
  if (!r.lcpLines) continue
  console.log(`\n${r.path}, median run: ${r.lcpLines[0]}`)
  for (const line of r.lcpLines.slice(1)) console.log(`  ${line}`)
}
console.log(`\nWrote reports/${reportName}.json and reports/${reportName}/*.report.{json,html}`)

if (writeDoc) {
  const docPath = path.join(root, 'docs', 'benchmarks', 'lighthouse.md')
  // Each transport has its own block, so both can stand in the document.
  const tag = http2 ? 'lighthouse-http2' : 'lighthouse'
  const BEGIN = `<!-- ${tag}:begin (written by npm run lighthouse -- --write-doc${http2 ? ' --http2' : ''}) -->`
  const END = `<!-- ${tag}:end -->`
  const block = [
    BEGIN,
    `Measured ${startedAt.toISOString().slice(0, 10)} with Lighthouse ${lighthouseVersion} (mobile form factor, simulated`,
    `throttling), ${machine.chromium}, Node ${machine.node}, on a ${machine.cores}-core machine (${machine.cpu}, ${machine.memoryGb} GB;`,
    `load average ${machine.loadAverage.join(' ')} at the end; Chromium benchmark index ${benchmarkIndexes.length ? `${Math.min(...benchmarkIndexes)}-${Math.max(...benchmarkIndexes)}` : 'n/a'}).`,
    `Served ${transport}. Tree at commit ${report.commit} (built with npm run build). Median of ${runs} run${runs > 1 ? 's' : ''} per page. Targets: performance ${TARGETS.performance}+, accessibility ${TARGETS.accessibility}.`,
    '',
    markdownTable(cells),
    END,
  ].join('\n')
  let doc = existsSync(docPath) ? readFileSync(docPath, 'utf8') : `# Lighthouse\n\n${BEGIN}\n${END}\n`
  const start = doc.indexOf(BEGIN)
  const end = doc.indexOf(END)
  doc = start >= 0 && end > start ? `${doc.slice(0, start)}${block}${doc.slice(end + END.length)}` : `${doc.trimEnd()}\n\n${block}\n`
  mkdirSync(path.dirname(docPath), { recursive: true })
  writeFileSync(docPath, doc)
  console.log(`Wrote ${path.relative(root, docPath)}`)
}

if (strict && below.length) {
  console.error(`\nlighthouse --strict: ${below.map((r) => r.path).join(', ')} under target`)
  process.exit(1)
}
