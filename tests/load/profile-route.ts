/**
 * `npx tsx tests/load/profile-route.ts [path] [seconds]`: a CPU profile of the real server (embedded
 * database, demo data, production mode) while one API path is under load from 64 connections, and
 * the functions that took the most time, by self time and grouped by package. Writes the summary to
 * docs/benchmarks/profile-<path>.md when `--write-doc` is given; the raw .cpuprofile stays in
 * reports/ for Chrome DevTools.
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { load } from './scale-bench'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..')
const args = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
const urlPath = args[0] ?? '/api/health'
const seconds = Number(args[1] ?? 10)

interface ProfileNode {
  id: number
  callFrame: { functionName: string; url: string; lineNumber: number }
  hitCount?: number
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-profile-'))
const profileDir = path.join(root, 'reports', 'profiles')
mkdirSync(profileDir, { recursive: true })
for (const file of readdirSync(profileDir)) rmSync(path.join(profileDir, file))

const server = spawn(process.execPath, ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--import', 'tsx', path.join(root, 'server', 'index.ts')], {
  cwd: root,
  env: { ...process.env, NODE_ENV: 'production', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dataDir, LOG_LEVEL: 'info', DATABASE_URL: '' },
  stdio: ['ignore', 'pipe', 'inherit'],
})
const port = await new Promise<number>((resolve, reject) => {
  let output = ''
  const read = (chunk: Buffer) => {
    output += chunk.toString()
    const match = /listening on http:\/\/[^:]+:(\d+)/.exec(output)
    if (!match) return
    // The request log is drained unread from here on, so the load generator does not carry it.
    server.stdout!.off('data', read)
    server.stdout!.resume()
    resolve(Number(match[1]))
  }
  server.stdout!.on('data', read)
  server.once('exit', (code) => reject(new Error(`server exited (${code}):\n${output.slice(-2000)}`)))
})
await load(port, urlPath, undefined, 64, 1)
// Profile timestamps and hrtime share the system's monotonic clock (microseconds here): only the
// samples taken while the load ran are counted, not the start-up (migrations, demo data).
const windowStart = Number(process.hrtime.bigint() / 1000n)
const result = await load(port, urlPath, undefined, 64, seconds)
const windowEnd = Number(process.hrtime.bigint() / 1000n)
await new Promise<void>((resolve) => {
  server.once('exit', () => resolve())
  server.kill('SIGINT')
})
rmSync(dataDir, { recursive: true, force: true })

const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'))
if (!file) throw new Error('no profile was written')
const profile = JSON.parse(readFileSync(path.join(profileDir, file), 'utf8')) as {
  nodes: ProfileNode[]
  samples: number[]
  startTime: number
  timeDeltas: number[]
}
const counts = new Map<number, number>()
let total = 0
let at = profile.startTime
profile.samples.forEach((id, i) => {
  at += profile.timeDeltas[i] ?? 0
  if (at < windowStart || at > windowEnd) return
  total++
  counts.set(id, (counts.get(id) ?? 0) + 1)
})
if (!total) throw new Error('no samples fell inside the load window')
const byFunction = new Map<string, number>()
const byPackage = new Map<string, number>()
for (const node of profile.nodes) {
  const hits = counts.get(node.id) ?? 0
  if (!hits) continue
  const { functionName, url, lineNumber } = node.callFrame
  const where = url.replace(/^file:\/\//, '').replace(root + '/', '')
  const name = `${functionName || '(anonymous)'} ${where ? `${where}:${lineNumber + 1}` : ''}`.trim()
  byFunction.set(name, (byFunction.get(name) ?? 0) + hits)
  const pkg =
    /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(where)?.[1] ??
    (where.startsWith('node:') ? 'node (built-in)' : where ? 'the portal' : functionName.startsWith('(') ? functionName : 'V8 / native')
  byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + hits)
}
const top = (map: Map<string, number>, n: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([name, hits]) => `| ${name} | ${((hits / total) * 100).toFixed(1)} % |`)
    .join('\n')
const summary = `# CPU profile: ${urlPath} under load

\`npx tsx tests/load/profile-route.ts ${urlPath} ${seconds} --write-doc\` on ${new Date().toISOString().slice(0, 10)}: the real server
(production mode, embedded database) with 64 connections for ${seconds} s: ${Math.round(result.rps)} requests/s, p50
${result.p50.toFixed(1)} ms, p95 ${result.p95.toFixed(1)} ms. Shares of the server's samples (idle included as "(idle)").

## By package

| where | share |
|---|---|
${top(byPackage, 12)}

## By function (self time)

| function | share |
|---|---|
${top(byFunction, 25)}
`
console.log(summary)
if (process.argv.includes('--write-doc')) {
  const name = urlPath.replace(/^\/api\//, '').replace(/[^a-z0-9]+/gi, '-')
  writeFileSync(path.join(root, 'docs', 'benchmarks', `profile-${name}.md`), summary)
}
