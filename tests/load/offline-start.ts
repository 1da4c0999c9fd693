/**
 * `npx tsx tests/load/offline-start.ts [--runs N] [--path /client/invoices] [--verbose]`: how soon a signed-in list
 * page shows its frame, its heading and its first row after a navigation, offline (the saved list, from
 * the service worker and the saved query cache) and online.
 *
 * Needs a build (`npm run build`). Starts the real server (production mode, a fresh demo-seeded
 * database in a temporary directory) on a loopback port, signs the demo client in with Chromium
 * (/usr/bin/chromium unless CHROME_PATH says otherwise), opens the list once online so the service worker
 * and the saved cache hold it, then opens it again in a fresh tab N times online and N times offline.
 * Times are from the navigation's start (performance.timeOrigin) to the first animation frame after the
 * element appeared. Prints each run, the medians, and the machine's load average, which matters: the
 * machine may be shared. Not part of `npm test` (timings depend on the machine).
 */
import { chromium, expect, type BrowserContext, type Page } from '@playwright/test'
import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdtempSync, rmSync } from 'node:fs'
import os, { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const args = process.argv.slice(2)
const option = (name: string, fallback: string) => {
  const at = args.indexOf(`--${name}`)
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback
}
const RUNS = Number(option('runs', '9'))
const LIST_PATH = option('path', '/client/invoices')
/** --verbose: also print each run's resource timeline (when each script and call started and ended). */
const VERBOSE = args.includes('--verbose')
const CHROME = process.env.CHROME_PATH ?? '/usr/bin/chromium'
const CLIENT = { email: 'client@demo.test', password: 'Demo-pass-2026!' }
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

/** What a run records: ms after the navigation started, or null when it never showed (within the wait). */
interface Marks {
  frame: number | null
  heading: number | null
  row: number | null
}

/**
 * Runs in the page before its scripts: watches the document and notes, at the next animation frame, when
 * the app's frame (the sidebar), the page's heading and the first row of the list's table first exist.
 */
const RECORDER = `(() => {
  const marks = { frame: null, heading: null, row: null };
  window.__startMarks = marks;
  const probes = {
    frame: () => document.querySelector('aside[aria-label="Sidebar"]'),
    heading: () => document.querySelector('main h1'),
    row: () => document.querySelector('main table tbody tr td'),
  };
  const check = () => {
    for (const key of Object.keys(probes)) {
      if (marks[key] === null && marks[key + 'Seen'] === undefined && probes[key]()) {
        marks[key + 'Seen'] = true;
        requestAnimationFrame(() => { marks[key] = performance.now(); });
      }
    }
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true });
})()`

function startServer(): Promise<{ child: ChildProcess; port: number; dataDir: string }> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-offline-start-'))
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: '0',
    DATA_DIR: dataDir,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'info',
  }
  // A fresh embedded database, like the end-to-end suite's.
  delete env.DATABASE_URL
  const child = spawn(path.join(root, 'node_modules', '.bin', 'tsx'), [path.join(root, 'server', 'index.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let output = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output)
      if (match) resolve({ child, port: Number(match[1]), dataDir })
    })
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening:\n${output.slice(-2000)}`)))
  })
}

async function savedListReady(page: Page): Promise<boolean> {
  return page.evaluate(async (listPath) => {
    const registration = await navigator.serviceWorker.getRegistration()
    if (!registration?.active || !navigator.serviceWorker.controller) return false
    const saved = await new Promise<string | undefined>((resolve) => {
      const open = indexedDB.open('keyval-store')
      open.onerror = () => resolve(undefined)
      open.onsuccess = () => {
        try {
          const read = open.result.transaction('keyval').objectStore('keyval').get('portal-query-cache')
          read.onsuccess = () => resolve(read.result as string | undefined)
          read.onerror = () => resolve(undefined)
        } catch {
          resolve(undefined)
        }
      }
    })
    // The list's query is saved (its key names the list's path segment).
    return typeof saved === 'string' && saved.includes(listPath.split('/').pop()!)
  }, LIST_PATH)
}

async function measure(context: BrowserContext, baseURL: string): Promise<Marks> {
  const page = await context.newPage()
  try {
    await page.goto(`${baseURL}${LIST_PATH}`, { waitUntil: 'commit' })
    // Waits for the row (or gives up after 15 s: the run then says what it showed instead).
    await page
      .waitForFunction(() => (window as unknown as { __startMarks?: Marks }).__startMarks?.row != null, undefined, { timeout: 15_000 })
      .catch(() => undefined)
    const marks = await page.evaluate(() => {
      const { frame, heading, row } = (window as unknown as { __startMarks: Marks }).__startMarks
      return { frame, heading, row, where: `${location.pathname}: ${document.querySelector('main h1')?.textContent ?? '(no heading)'}` }
    })
    if (!marks.where.startsWith(LIST_PATH)) throw new Error(`The run ended on ${marks.where}, not on the list.`)
    if (VERBOSE) {
      const timeline = await page.evaluate(() =>
        [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource'), ...performance.getEntriesByType('paint')].map((e) => {
          const timing = e as PerformanceResourceTiming
          const name = e.name.replace(location.origin, '')
          return `${Math.round(e.startTime)}${timing.responseEnd ? `–${Math.round(timing.responseEnd)}` : ''} ms ${e.entryType === 'paint' ? e.name : name}`
        }),
      )
      console.log(`  ${timeline.join('\n  ')}\n  frame ${marks.frame?.toFixed(0)}, heading ${marks.heading?.toFixed(0)}, row ${marks.row?.toFixed(0)}`)
    }
    return marks
  } finally {
    await page.close()
  }
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const middle = Math.floor(sorted.length / 2)
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

function summary(label: string, runs: Marks[]) {
  const line = (key: keyof Marks) => {
    const values = runs.map((r) => r[key]).filter((v): v is number => v !== null)
    if (!values.length) return `${key}: never`
    return `${key} median ${Math.round(median(values))} ms (${Math.round(Math.min(...values))}–${Math.round(Math.max(...values))}${values.length < runs.length ? `, missing in ${runs.length - values.length}` : ''})`
  }
  console.log(`${label}: ${line('frame')}; ${line('heading')}; ${line('row')}`)
}

async function main() {
  if (!existsSync(path.join(root, 'dist', 'index.html'))) throw new Error('No build: run npm run build first.')
  if (!existsSync(CHROME)) throw new Error(`No Chromium at ${CHROME} (set CHROME_PATH).`)
  const loadBefore = os.loadavg()
  const server = await startServer()
  const baseURL = `http://127.0.0.1:${server.port}`
  const profile = mkdtempSync(path.join(tmpdir(), 'portal-offline-start-profile-'))
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROME, args: CHROMIUM_ARGS, viewport: { width: 1280, height: 800 } })
  try {
    await context.addInitScript(RECORDER)
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto(`${baseURL}/login`)
    await page.getByLabel('E-mail').fill(CLIENT.email)
    await page.locator('input[name="password"]').fill(CLIENT.password)
    // Kept on the device, so a new tab (and an offline start) is signed in.
    await page.getByText('Keep me signed in on this device').click()
    await page.getByRole('button', { name: 'Sign in' }).click()
    await page.waitForURL(/\/client\/dashboard$/, { timeout: 30_000 })
    await page.goto(`${baseURL}${LIST_PATH}`)
    await page.locator('main table tbody tr td').first().waitFor({ timeout: 30_000 })
    await expect
      .poll(() => savedListReady(page), { message: 'The list was not saved on the device within 30 s.', timeout: 30_000, intervals: [250] })
      .toBe(true)

    const online: Marks[] = []
    const offline: Marks[] = []
    // Interleaved, so a change in the machine's load during the runs weighs on both alike.
    for (let run = 0; run < RUNS; run++) {
      online.push(await measure(context, baseURL))
      await context.setOffline(true)
      offline.push(await measure(context, baseURL))
      await context.setOffline(false)
    }

    console.log(`${LIST_PATH}, ${RUNS} runs each, Chromium ${context.browser()?.version() ?? ''} at 1280x800, no throttling`)
    for (const [label, runs] of [
      ['online', online],
      ['offline', offline],
    ] as const) {
      console.log(
        `${label} runs (frame / heading / row, ms): ${runs.map((r) => `${r.frame?.toFixed(0)}/${r.heading?.toFixed(0)}/${r.row?.toFixed(0)}`).join('  ')}`,
      )
    }
    summary('online', online)
    summary('offline', offline)
    const loadAfter = os.loadavg()
    console.log(
      `load average (1/5/15 min) before ${loadBefore.map((l) => l.toFixed(1)).join('/')}, after ${loadAfter.map((l) => l.toFixed(1)).join('/')} on ${os.cpus().length} cores`,
    )
  } finally {
    await context.close().catch(() => undefined)
    rmSync(profile, { recursive: true, force: true })
    server.child.kill('SIGTERM')
    await new Promise((resolve) => server.child.once('exit', resolve))
    rmSync(server.dataDir, { recursive: true, force: true })
  }
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
