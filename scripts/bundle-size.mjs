// Reports, from the production build, how much gzipped JavaScript each route loads when it is opened
// directly: the entry chunk and its static imports, the app's start that the entry imports at once
// with its static imports, plus the lazily split chunks of the route and of its
// parent layouts with their static imports. Pieces a page loads later on demand (card frames, viewers)
// are not counted: that is the point of loading them on demand.
// Sizes are gzip level 9, as the server sends them (the build writes .gz and .br beside each script).
// Budgets: /login at most 150 KB, every other route at most 220 KB. Routes over budget are marked OVER;
// with --strict the script exits 1 when one is. `--dist <dir>` measures another build directory.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const distFlag = process.argv.indexOf('--dist')
const dist = distFlag > 0 ? process.argv[distFlag + 1] : 'dist'
const manifestPath = path.join(dist, '.vite', 'manifest.json')
if (!existsSync(manifestPath)) {
  console.error(`No ${manifestPath}: run \`npm run build\` first (vite.config.ts must keep build.manifest on).`)
  process.exit(1)
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'))
const KB = 1024
const LOGIN_BUDGET = 150 * KB
const ROUTE_BUDGET = 220 * KB

const gzipSizes = new Map()
function gzipped(file) {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length)
  return gzipSizes.get(file)
}

/** A chunk and everything it imports statically. */
function closure(key, into = new Set()) {
  const chunk = manifest[key]
  if (!chunk || into.has(chunk.file)) return into
  if (chunk.file.endsWith('.js')) into.add(chunk.file)
  for (const dep of chunk.imports ?? []) closure(dep, into)
  return into
}

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
// The entry loads the app's start (src/start.tsx) at once, by a dynamic import.
const entryFiles = closure(entryKey)
for (const key of manifest[entryKey].dynamicImports ?? []) closure(key, entryFiles)

// Split chunks of each route file, keyed by the route file. Error and not-found components load only
// when they are shown.
const splits = new Map()
for (const key of Object.keys(manifest)) {
  const match = /^(src\/routes\/.+\.tsx)\?tsr-split=(.+)$/.exec(key)
  if (!match || /errorComponent|notFoundComponent/.test(match[2])) continue
  splits.set(match[1], [...(splits.get(match[1]) ?? []), key])
}

function ancestors(routeFile) {
  const parts = routeFile.replace(/^src\/routes\//, '').split('/')
  const found = ['src/routes/__root.tsx']
  for (let i = 1; i < parts.length; i++) {
    const dir = parts.slice(0, i).join('/')
    found.push(`src/routes/${dir}/route.tsx`, `src/routes/${dir}.tsx`)
  }
  return found.filter((file) => file !== routeFile)
}

function urlOf(routeFile) {
  const segments = routeFile
    .replace(/^src\/routes\//, '')
    .replace(/\.tsx$/, '')
    .split(/[/.]/)
    .filter((s) => !s.startsWith('_') && s !== 'index' && s !== 'route')
  return '/' + segments.join('/')
}

const rows = []
for (const routeFile of splits.keys()) {
  if (/\/route\.tsx$/.test(routeFile) || routeFile === 'src/routes/__root.tsx') continue
  const files = new Set(entryFiles)
  for (const file of [routeFile, ...ancestors(routeFile)]) for (const key of splits.get(file) ?? []) closure(key, files)
  const bytes = [...files].reduce((sum, file) => sum + gzipped(file), 0)
  const url = urlOf(routeFile)
  const budget = url === '/login' ? LOGIN_BUDGET : ROUTE_BUDGET
  rows.push({ url, routeFile, bytes, budget, over: bytes > budget })
}
rows.sort((a, b) => b.bytes - a.bytes)

const fmt = (n) => `${(n / KB).toFixed(1)} KB`
const login = rows.find((r) => r.url === '/login')
console.log(`Entry (shell) JS, gzipped: ${fmt([...entryFiles].reduce((s, f) => s + gzipped(f), 0))}`)
console.log(`/login: ${login ? fmt(login.bytes) : 'not found'} (budget ${fmt(LOGIN_BUDGET)})`)
const signedIn = rows.filter((r) => r.routeFile.includes('/_authenticated/'))
if (signedIn.length) console.log(`Largest signed-in route: ${signedIn[0].url} ${fmt(signedIn[0].bytes)} (budget ${fmt(ROUTE_BUDGET)})`)
console.log('\nroute'.padEnd(50) + 'gzipped JS')
for (const row of rows) console.log(`${row.url.padEnd(49)} ${fmt(row.bytes).padStart(9)}${row.over ? `  OVER ${fmt(row.budget)}` : ''}`)

mkdirSync('reports', { recursive: true })
writeFileSync('reports/bundle-size.txt', rows.map((r) => `${r.url}\t${r.bytes}`).join('\n') + '\n')
const over = rows.filter((r) => r.over)
if (!login) {
  console.error('\nThe /login route was not found in the build.')
  process.exit(1)
}
if (over.length) {
  console.error(`\n${over.length} route(s) over budget: ${over.map((r) => r.url).join(', ')}`)
  if (process.argv.includes('--strict')) process.exit(1)
} else {
  console.log('\nAll routes within budget.')
}
