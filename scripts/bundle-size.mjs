// Reports, from the production build, how much gzipped JavaScript each route loads when it is opened
// directly: the entry chunk and its static imports, the app's start that the entry imports at once
// with its static imports, plus the lazily split chunks of the route and of its parent layouts with
// their static imports (the build's dist/route-preloads.json). Pieces a page loads later on demand (card
// frames, viewers) are not counted: that is the point of loading them on demand.
// Sizes are gzip level 9, as the server sends them (the build writes .gz and .br beside each script).
// Budgets: /login at most 150 KB, every other route at most 220 KB. Routes over budget are marked OVER;
// with --strict the script exits 1 when one is. `--dist <dir>` measures another build directory.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'

const distFlag = process.argv.indexOf('--dist')
const dist = distFlag > 0 ? process.argv[distFlag + 1] : 'dist'
// Which scripts each page loads, as the build worked them out for the server's and the service worker's
// shells (contract/route-preloads.ts).
const tablePath = path.join(dist, 'route-preloads.json')
if (!existsSync(tablePath)) {
  console.error(`No ${tablePath}: run \`npm run build\` first.`)
  process.exit(1)
}
const table = JSON.parse(readFileSync(tablePath, 'utf8'))
const KB = 1024
const LOGIN_BUDGET = 150 * KB
const ROUTE_BUDGET = 220 * KB

const gzipSizes = new Map()
function gzipped(file) {
  if (!gzipSizes.has(file)) gzipSizes.set(file, gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length)
  return gzipSizes.get(file)
}

// The entry loads the app's start (src/start.tsx) at once, by a dynamic import.
const entryFiles = new Set([...table.entry, ...table.start])

const rows = []
for (const route of table.routes) {
  const files = new Set([...table.entry, ...route.files])
  const bytes = [...files].reduce((sum, file) => sum + gzipped(file), 0)
  const budget = route.path === '/login' ? LOGIN_BUDGET : ROUTE_BUDGET
  rows.push({ url: route.path, routeFile: route.source, bytes, budget, over: bytes > budget })
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
