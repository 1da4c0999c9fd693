#!/usr/bin/env node
// `node scripts/trace-load.mjs --origin <url> --path <page> [--account <email>] [--runs N] [--profile]`:
// where a page's load spends the browser's main thread, for comparing two builds run against run.
//
// Needs a running portal with the demo data (`npm start`, or two of them on different ports to compare
// two builds: the runs alternate between the origins given as --origin a,b). Each run opens the page in
// a fresh headless Chromium (/usr/bin/chromium, or CHROME_PATH) at a phone's size, unthrottled, with
// Chromium's tracing on, signed in as --account if given (the session where the app keeps it, as
// `npm run lighthouse` does). It prints, per origin, the median of the runs' blocking time worked out as
// Lighthouse's simulation does (every main-thread task after the first contentful paint, four times its
// length, less 50 ms), and for the last run the tasks of 12 ms or more. With --profile the trace
// includes the CPU profile: each long task's functions (mapped to the sources when the build has
// source maps: `sourcemap: 'hidden'` in vite.config.ts) and each source's share of the whole load.
// Not part of `npm test` (timings depend on the machine).
import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import puppeteer from 'puppeteer-core'
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const DEMO_PASSWORD = 'Demo-pass-2026!'
const args = process.argv.slice(2)
const option = (name, fallback) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 && args[at + 1] && !args[at + 1].startsWith('--') ? args[at + 1] : fallback
}
const origins = option('origin', 'http://127.0.0.1:8080').split(',')
const pagePath = option('path', '/login')
const account = option('account', undefined)
const runs = Number(option('runs', '5'))
const profile = args.includes('--profile')
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const LONG_TASK_MS = 12

/** The session record and area cookie a signed-in browser holds (as scripts/lighthouse.mjs makes them). */
async function signIn(origin) {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account, password: DEMO_PASSWORD }),
  })
  if (!res.ok) throw new Error(`sign-in as ${account} at ${origin} failed: ${res.status} ${await res.text()}`)
  const { token, user } = await res.json()
  const perms = await fetch(`${origin}/api/user/${user.id}/permissions`, { headers: { authorization: `Bearer ${token}` } })
  const permissions = (await perms.json()).map((p) => p.permCode)
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .find((c) => c.startsWith('portal_area='))
  return { record: JSON.stringify({ token, user, permissions, remember: false }), cookie }
}

async function trace(origin) {
  const session = account ? await signIn(origin) : undefined
  const browser = await puppeteer.launch({ executablePath: chromePath, args: ['--no-sandbox', '--headless=new'] })
  try {
    const page = await browser.newPage()
    await page.setViewport({ width: 412, height: 823, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true })
    if (session) {
      await page.evaluateOnNewDocument((record) => sessionStorage.setItem('session', record), session.record)
      await page.setExtraHTTPHeaders({ cookie: session.cookie })
    }
    const categories = [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'loading',
      'blink.user_timing',
      ...(profile ? ['disabled-by-default-v8.cpu_profiler'] : []),
    ]
    await page.tracing.start({ categories })
    await page.goto(origin + pagePath, { waitUntil: 'networkidle0' })
    // The start-up chores run after the page's data is in: give them time to be traced too.
    await new Promise((resolve) => setTimeout(resolve, 1500))
    return JSON.parse(new TextDecoder().decode(await page.tracing.stop())).traceEvents
  } finally {
    await browser.close()
  }
}

function analyse(events) {
  const start = (events.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame) ?? events.find((e) => e.name === 'navigationStart')).ts
  const fcp = events.find((e) => e.name === 'firstContentfulPaint')?.ts ?? start
  const main = new Set(events.filter((e) => e.name === 'thread_name' && e.args.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`))
  const tasks = events.filter((e) => e.name === 'RunTask' && e.ph === 'X' && main.has(`${e.pid}:${e.tid}`) && e.ts >= start)
  const blocking = tasks.filter((t) => t.ts > fcp).reduce((sum, t) => sum + Math.max(0, (4 * t.dur) / 1000 - 50), 0)
  return { events, start, fcp, tasks, blocking }
}

const ms = (us) => (us / 1000).toFixed(1)
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]

function printTasks({ events, start, tasks }) {
  for (const task of tasks.filter((t) => t.dur >= LONG_TASK_MS * 1000)) {
    const inside = {}
    for (const e of events) {
      if (
        e.pid !== task.pid ||
        e.tid !== task.tid ||
        e.ph !== 'X' ||
        e === task ||
        e.ts < task.ts ||
        e.ts + (e.dur ?? 0) > task.ts + task.dur ||
        (e.dur ?? 0) < 1000
      )
        continue
      const label = e.name + (e.args?.data?.url ? ` ${e.args.data.url.replace(/^.*\//, '')}` : '')
      inside[label] = (inside[label] ?? 0) + e.dur
    }
    const top = Object.entries(inside)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 4)
      .map(([k, v]) => `${k} ${ms(v)}`)
      .join(' | ')
    console.log(`  at ${ms(task.ts - start).padStart(7)} ms  ${ms(task.dur).padStart(6)} ms  ${top}`)
  }
}

/** --profile: each long task's functions, and each source's share of the load (inclusive). */
function printProfile({ events, start, tasks }) {
  const head = events.find((e) => e.name === 'Profile')
  if (!head) return
  const nodes = new Map()
  const samples = []
  const deltas = []
  for (const chunk of events.filter((e) => e.name === 'ProfileChunk' && e.id === head.id)) {
    for (const node of chunk.args.data.cpuProfile?.nodes ?? []) nodes.set(node.id, node)
    samples.push(...(chunk.args.data.cpuProfile?.samples ?? []))
    deltas.push(...(chunk.args.data.timeDeltas ?? []))
  }
  let clock = head.args.data.startTime
  const times = deltas.map((d) => (clock += d))
  const maps = new Map()
  const mapOf = (file) => {
    if (!maps.has(file)) {
      try {
        maps.set(file, new TraceMap(readFileSync(path.join(root, 'dist', 'assets', `${file}.map`), 'utf8')))
      } catch {
        maps.set(file, null)
      }
    }
    return maps.get(file)
  }
  const where = (node) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame
    const file = (url ?? '').replace(/^.*\//, '')
    const map = file.endsWith('.js') ? mapOf(file) : null
    const original = map ? originalPositionFor(map, { line: lineNumber + 1, column: columnNumber }) : null
    if (original?.source)
      return { name: original.name || functionName || '(anonymous)', source: original.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '') }
    return { name: functionName || '(anonymous)', source: file || '(browser)' }
  }
  const stackOf = (i) => {
    const stack = []
    for (let node = nodes.get(samples[i]); node; node = nodes.get(node.parent)) stack.push(where(node))
    return stack
  }
  for (const task of tasks.filter((t) => t.dur >= LONG_TASK_MS * 1000)) {
    const inclusive = {}
    for (let i = 0; i < samples.length; i++) {
      if (times[i] < task.ts || times[i] > task.ts + task.dur) continue
      const step = (times[i + 1] ?? times[i]) - times[i]
      for (const label of new Set(stackOf(i).map((f) => `${f.name} (${f.source})`))) inclusive[label] = (inclusive[label] ?? 0) + step
    }
    console.log(`\n  task at ${ms(task.ts - start)} ms, ${ms(task.dur)} ms:`)
    for (const [label, us] of Object.entries(inclusive)
      .filter(([label]) => !label.startsWith('(root)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12))
      console.log(`    ${ms(us).padStart(6)} ms  ${label}`)
  }
  const bySource = {}
  for (let i = 0; i < samples.length; i++) {
    if (times[i] < start) continue
    const step = (times[i + 1] ?? times[i]) - times[i]
    for (const source of new Set(stackOf(i).map((f) => f.source.replace(/^((@[^/]+\/)?[^/]+)\/.*$/, '$1')))) bySource[source] = (bySource[source] ?? 0) + step
  }
  console.log('\n  whole load, by source (inclusive):')
  for (const [source, us] of Object.entries(bySource)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 30))
    console.log(`    ${ms(us).padStart(7)} ms  ${source}`)
}

const results = new Map(origins.map((origin) => [origin, []]))
let last
for (let run = 0; run < runs; run++) {
  for (const origin of origins) {
    last = analyse(await trace(origin))
    results.get(origin).push(last.blocking)
  }
}
console.log(
  `${pagePath}${account ? ` as ${account}` : ''}, ${runs} run${runs === 1 ? '' : 's'} per origin, unthrottled at 412x823; ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ')}`,
)
for (const [origin, values] of results) {
  console.log(`${origin}: blocking time (4x, as Lighthouse) median ${median(values).toFixed(0)} ms  [${values.map((v) => v.toFixed(0)).join(' ')}]`)
}
console.log(`\nthe last run (${origins.at(-1)}): first contentful paint at ${ms(last.fcp - last.start)} ms; tasks of ${LONG_TASK_MS} ms or more:`)
printTasks(last)
if (profile) printProfile(last)
