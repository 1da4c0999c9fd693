#!/usr/bin/env node
// Starts the real server for the end-to-end tests: the built PWA (dist/, rebuilt first when older than
// its sources) and the API, on E2E_PORT, with a fresh temporary DATA_DIR seeded with the demo data.
// The data directory is removed when the server stops.
import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..', '..')
const port = process.env.E2E_PORT
if (!port) {
  console.error('E2E_PORT is not set (playwright.config.ts chooses a free port)')
  process.exit(1)
}

if (process.env.E2E_SKIP_BUILD !== '1') {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts', 'ensure-build.mjs')], { cwd: root, stdio: 'inherit' })
  if (build.status !== 0) process.exit(build.status ?? 1)
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-e2e-'))
// Outgoing mail is also written here as JSON files, where specs read invitation and reset links.
const mailDir = path.join(tmpdir(), `portal-e2e-mail-${port}`)
const env = {
  ...process.env,
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PORT: port,
  // E2E_PUBLIC_HOST=localhost for passkeys: browsers refuse WebAuthn on an IP address.
  PUBLIC_URL: `http://${process.env.E2E_PUBLIC_HOST ?? '127.0.0.1'}:${port}`,
  DATA_DIR: dataDir,
  SEED_DEMO: 'true',
  MAIL_FILE_DIR: mailDir,
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Push subscriptions made by the tests point here: nothing listens, so no push leaves the machine.
  PUSH_ALLOWED_HOSTS: '127.0.0.1:9',
}
// The end-to-end suite always runs on a fresh embedded database.
delete env.DATABASE_URL

const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
const server = spawn(tsx, [path.join(root, 'server', 'index.ts')], { cwd: root, env, stdio: 'inherit' })

const cleanUp = () => {
  rmSync(dataDir, { recursive: true, force: true })
  rmSync(mailDir, { recursive: true, force: true })
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => server.kill(signal))
}
server.on('exit', (code, signal) => {
  cleanUp()
  process.exit(code ?? (signal ? 0 : 1))
})
