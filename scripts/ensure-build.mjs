// npm prestart: builds the PWA when dist/ is missing or older than its sources, so that
// `npm ci && npm start` works on a fresh clone. If the build fails, the server still starts and
// serves the API (it logs that no PWA build exists).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const built = path.join(root, 'dist', 'index.html')
const sources = [
  'src',
  'sw',
  'public',
  'contract',
  'index.html',
  'vite.config.ts',
  'vite.plugins.ts',
  'panda.config.ts',
  'package.json',
  'scripts/prerender.ts',
  'scripts/critical-css.ts',
]

function newestMtime(entry) {
  const full = path.join(root, entry)
  if (!existsSync(full)) return 0
  const stat = statSync(full)
  if (!stat.isDirectory()) return stat.mtimeMs
  let newest = 0
  for (const name of readdirSync(full, { recursive: true })) {
    const file = path.join(full, String(name))
    const s = statSync(file, { throwIfNoEntry: false })
    if (s?.isFile() && s.mtimeMs > newest) newest = s.mtimeMs
  }
  return newest
}

function needsBuild() {
  if (!existsSync(built)) return 'no PWA build in dist/'
  const builtAt = statSync(built).mtimeMs
  const newest = Math.max(...sources.map(newestMtime))
  return newest > builtAt ? 'sources changed since the last PWA build' : null
}

const reason = needsBuild()
if (!reason) {
  console.log('PWA build is up to date')
} else if (!existsSync(path.join(root, 'vite.config.ts'))) {
  console.warn(`${reason}, and there is no vite.config.ts to build it with: the server will serve the API only`)
} else {
  console.log(`${reason}: building (npm run build)`)
  const result = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', shell: process.platform === 'win32' })
  if (result.status !== 0) {
    console.warn('The PWA build failed: the server will start and serve the API only')
  }
}
