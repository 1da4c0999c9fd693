import { defineConfig, devices } from '@playwright/test'
import { execFileSync, execSync } from 'node:child_process'
import { existsSync } from 'node:fs'

/**
 * End-to-end tests: Chromium against the built PWA served by the real server (tests/e2e/server.mjs) on
 * a free port with a fresh, demo-seeded database. `npx playwright test` (npm run build first, or let the
 * server script build when dist/ is stale).
 */

function chromiumPath(): string {
  const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium']
  try {
    candidates.push(execSync('command -v chromium', { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim())
  } catch {
    // not on PATH
  }
  const found = candidates.find((candidate) => candidate && existsSync(candidate))
  if (!found) {
    throw new Error('No Chromium found for the end-to-end tests. Install it with `apt-get install -y chromium`, or set CHROME_PATH.')
  }
  return found
}

/** One port for the whole run: chosen once, then inherited by the worker processes through the environment. */
function freePort(): string {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{process.stdout.write(String(s.address().port));s.close()})"
  return execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim()
}
process.env.E2E_PORT ??= freePort()
process.env.CHROME_PATH ??= chromiumPath()

const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`

/** Launch arguments that work on these machines. */
export const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
]

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.spec.ts',
  fullyParallel: false,
  workers: process.env.CI ? 1 : 2,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  outputDir: 'test-results/e2e',
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: { executablePath: process.env.CHROME_PATH, args: chromiumArgs },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], viewport: { width: 1280, height: 800 } } }],
  webServer: {
    command: 'node tests/e2e/server.mjs',
    url: `${baseURL}/api/health`,
    timeout: 240_000,
    // Locally, E2E_PORT may name a server already running (node tests/e2e/server.mjs) to iterate faster.
    reuseExistingServer: !process.env.CI,
    stdout: 'pipe',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 5_000 },
  },
})
