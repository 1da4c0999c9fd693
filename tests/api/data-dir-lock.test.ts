import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from './harness'

/**
 * The real server (`server/index.ts`) as `npm start` runs it, several times on one DATA_DIR: a second
 * server stops at once with one line naming the first, a kill -9 leaves a database that opens, and a busy
 * port stops a server before it creates anything.
 */
const root = path.resolve(import.meta.dirname, '../..')
const dirs: string[] = []
const running = new Set<ChildProcess>()

afterAll(() => {
  for (const child of running) child.kill('SIGKILL')
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-lock-'))
  dirs.push(dir)
  return dir
}

async function freePort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

interface Started {
  child: ChildProcess
  port: number
  output: () => string
  exited: Promise<number | null>
}

function start(dataDir: string, port: number): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'server/index.ts'], {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(port), HOST: '127.0.0.1', NODE_ENV: 'development', LOG_LEVEL: 'warn', DATABASE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  let output = ''
  child.stdout!.on('data', (chunk) => (output += chunk))
  child.stderr!.on('data', (chunk) => (output += chunk))
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => (running.delete(child), resolve(code))))
  return { child, port, output: () => output, exited }
}

async function healthy(server: Started) {
  await expect
    .poll(
      async () => {
        if (server.child.exitCode !== null) throw new Error(`server exited: ${server.output()}`)
        return fetch(`http://127.0.0.1:${server.port}/api/health`).then(
          (r) => r.status,
          () => 0,
        )
      },
      { timeout: 180_000, interval: 250 },
    )
    .toBe(200)
}

const signIn = (server: Started) =>
  fetch(`http://127.0.0.1:${server.port}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.admin, password: DEMO_PASSWORD }),
  }).then((r) => r.status)

describe('one server per DATA_DIR', () => {
  it('refuses a second server on the same DATA_DIR, survives a kill -9 of the first, and checks the port before opening anything', async () => {
    const dataDir = tempDir()
    const first = start(dataDir, await freePort())
    await healthy(first)
    expect(await signIn(first)).toBe(200)
    const owner = JSON.parse(readFileSync(path.join(dataDir, 'server.lock'), 'utf8'))
    expect(owner).toMatchObject({ pid: first.child.pid, port: first.port })

    // A second `npm start` on the same directory, on another port: one clear line, exit 1, first server unharmed.
    const second = start(dataDir, await freePort())
    expect(await second.exited).toBe(1)
    const lines = second.output().trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(new RegExp(`^Server not started: DATA_DIR .* is in use by process ${first.child.pid} on .*port ${first.port}`))
    expect(await signIn(first)).toBe(200)

    // The first one crashes: its lock is stale, the next start takes it over and finds the data intact.
    first.child.kill('SIGKILL')
    await first.exited
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(true)
    // An upload the crash interrupted left a partial file; the next start removes it before serving.
    const partial = path.join(dataDir, 'blobs', 'documents', '1', '.tmp-interrupted-upload')
    mkdirSync(path.dirname(partial), { recursive: true })
    writeFileSync(partial, 'half a scan')
    const third = start(dataDir, first.port)
    await healthy(third)
    expect(existsSync(partial)).toBe(false)
    expect(await signIn(third)).toBe(200)

    // A busy port stops a server before it creates its database.
    const otherDir = tempDir()
    const fourth = start(otherDir, third.port)
    expect(await fourth.exited).toBe(1)
    expect(fourth.output()).toContain(`port ${third.port} on 127.0.0.1 is already in use`)
    expect(existsSync(path.join(otherDir, 'db'))).toBe(false)
    expect(existsSync(path.join(otherDir, 'jwt-secret'))).toBe(false)

    // A clean stop removes the lock.
    third.child.kill('SIGTERM')
    expect(await third.exited).toBe(0)
    expect(existsSync(path.join(dataDir, 'server.lock'))).toBe(false)
  }, 600_000)
})
