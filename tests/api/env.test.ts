import { spawn, spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ConfigError, parseEnv } from '../../server/env'

/** Configuration is read once and checked; the real entry point starts, serves, and stops cleanly. */
const root = path.resolve(import.meta.dirname, '../..')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
const entry = path.join(root, 'server', 'index.ts')
/** A clean environment: nothing leaks in from the test run (DATABASE_URL above all). */
const baseEnv = { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), LOG_LEVEL: 'info' }

const dirs: string[] = []
const tempDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-env-'))
  dirs.push(dir)
  return dir
}
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('parseEnv', () => {
  it('makes e-mailed links follow PORT when PUBLIC_URL is not set', () => {
    expect(parseEnv({}).PUBLIC_URL).toBe('http://localhost:8080')
    expect(parseEnv({ PORT: '3100' }).PUBLIC_URL).toBe('http://localhost:3100')
    expect(parseEnv({ PORT: '3100', PUBLIC_URL: 'https://portal.example.com' }).PUBLIC_URL).toBe('https://portal.example.com')
  })

  it('fills in the defaults of an unconfigured machine', () => {
    const env = parseEnv({})
    expect(env).toMatchObject({
      PORT: 8080,
      DATA_DIR: './data',
      SEED_DEMO: true,
      ACCESS_TOKEN_TTL_SECONDS: 900,
      TRUST_PROXY: false,
      NODE_ENV: 'development',
    })
    expect(env.DATABASE_URL).toBeUndefined()
    expect(env.SMTP_URL).toBeUndefined()
  })

  it('reads values and turns them into the right types', () => {
    const env = parseEnv({
      PORT: '3000',
      SEED_DEMO: 'false',
      ACCESS_TOKEN_TTL_SECONDS: '600',
      DATABASE_URL: 'postgres://u@db:5432/portal',
      TRUST_PROXY: 'true',
    })
    expect(env).toMatchObject({ PORT: 3000, SEED_DEMO: false, ACCESS_TOKEN_TTL_SECONDS: 600, DATABASE_URL: 'postgres://u@db:5432/portal', TRUST_PROXY: true })
  })

  it.each([
    [{ PORT: 'abc' }, 'Invalid configuration: PORT must be a whole number'],
    [{ PORT: '70000' }, 'Invalid configuration: PORT must be at most 65535'],
    [{ DATABASE_URL: 'mysql://db/portal' }, 'Invalid configuration: DATABASE_URL must start with postgres://'],
    [{ SEED_DEMO: 'maybe' }, 'Invalid configuration: SEED_DEMO'],
    [{ JWT_SECRET: 'short' }, 'Invalid configuration: JWT_SECRET must be at least 32 characters'],
    [{ PUBLIC_URL: 'portal' }, 'Invalid configuration: PUBLIC_URL must be a URL'],
    [{ SMTP_URL: 'http://mail' }, 'Invalid configuration: SMTP_URL must start with smtp:// or smtps://'],
    [{ AFFINIPAY_PUBLIC_KEY: 'pk' }, 'AFFINIPAY_SECRET_KEY and AFFINIPAY_ACCOUNT_ID must be set together'],
  ])('refuses %j with one clear line', (input, message) => {
    expect(() => parseEnv(input)).toThrow(ConfigError)
    expect(() => parseEnv(input)).toThrow(message)
  })
})

describe('server start-up', () => {
  function runBadConfig(extra: Record<string, string>) {
    const result = spawnSync(tsx, [entry], { cwd: root, env: { ...baseEnv, DATA_DIR: tempDir(), ...extra }, encoding: 'utf8', timeout: 60_000 })
    const lines = result.stderr.split('\n').filter((l) => l.trim())
    return { status: result.status, lines, stdout: result.stdout }
  }

  it('stops with one line and a non-zero exit on a bad PORT', () => {
    const { status, lines, stdout } = runBadConfig({ PORT: 'eighty' })
    expect(status).not.toBe(0)
    expect(lines).toEqual(['Invalid configuration: PORT must be a whole number'])
    expect(stdout).toBe('')
  })

  it('stops with one line and a non-zero exit on a bad DATABASE_URL', () => {
    const { status, lines } = runBadConfig({ DATABASE_URL: 'mysql://root@localhost/portal' })
    expect(status).not.toBe(0)
    expect(lines).toEqual(['Invalid configuration: DATABASE_URL must start with postgres://'])
  })

  /** Starts the real server on a free port and waits for its "listening" line. */
  async function start(env: Record<string, string>) {
    const child = spawn(tsx, [entry], { cwd: root, env: { ...baseEnv, PORT: '0', HOST: '127.0.0.1', ...env } })
    const logs: Record<string, unknown>[] = []
    let stderr = ''
    child.stderr.on('data', (d) => (stderr += d))
    const url = await new Promise<string>((resolve, reject) => {
      let buffer = ''
      const timer = setTimeout(() => reject(new Error(`no listening line; stderr: ${stderr}`)), 90_000)
      child.stdout.on('data', (chunk) => {
        buffer += chunk
        let newline: number
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline)
          buffer = buffer.slice(newline + 1)
          try {
            const entry = JSON.parse(line)
            logs.push(entry)
            const match = /^listening on (http:\/\/\S+)$/.exec(entry.msg)
            if (match) {
              clearTimeout(timer)
              resolve(match[1])
            }
          } catch {
            // not a log line
          }
        }
      })
      child.once('exit', (code) => reject(new Error(`server exited with ${code}: ${stderr}`)))
    })
    const stop = () =>
      new Promise<number | null>((resolve) => {
        child.once('exit', (code) => resolve(code))
        child.kill('SIGTERM')
      })
    return { url, logs, stop }
  }

  const signIn = (url: string, email: string) =>
    fetch(`${url}/api/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'Demo-pass-2026!' }),
    })

  it('starts on an empty data directory with the embedded database and demo data, keeps its key across restarts, and stops cleanly', async () => {
    const dataDir = tempDir()
    const first = await start({ DATA_DIR: dataDir })
    expect(first.logs.some((l) => String(l.msg).startsWith('demo data seeded'))).toBe(true)
    const health = await fetch(`${first.url}/api/health`)
    expect(health.status).toBe(200)
    expect(await health.json()).toMatchObject({ status: 'ok', database: 'ok' })
    const login = await signIn(first.url, 'client@demo.test')
    expect(login.status).toBe(200)
    const { token } = await login.json()
    // Requests are logged as structured lines with their request id.
    const requestLog = first.logs.find((l) => l.msg === 'request' && l.path === '/api/health')
    expect(requestLog).toMatchObject({ method: 'GET', status: 200, requestId: expect.any(String) })
    // The generated signing key is private to the server's user.
    expect(statSync(path.join(dataDir, 'jwt-secret')).mode & 0o077).toBe(0)
    // So is the generated VAPID key pair of web push, which must survive restarts too.
    expect(statSync(path.join(dataDir, 'vapid-keys.json')).mode & 0o077).toBe(0)
    const { publicKey } = await (await fetch(`${first.url}/api/push/public-key`)).json()
    expect(Buffer.from(publicKey, 'base64url')).toHaveLength(65)
    expect(await first.stop()).toBe(0)
    expect(first.logs.some((l) => l.msg === 'shutting down')).toBe(true)

    const second = await start({ DATA_DIR: dataDir })
    try {
      expect(second.logs.some((l) => String(l.msg).startsWith('demo data seeded'))).toBe(false)
      // Same key after a restart: the session from before is still good.
      const permissions = await fetch(`${second.url}/api/permissions`, { headers: { authorization: `Bearer ${token}` } })
      expect(permissions.status).toBe(200)
      // Same push key: subscriptions made before still work.
      expect(await (await fetch(`${second.url}/api/push/public-key`)).json()).toEqual({ publicKey })
    } finally {
      await second.stop()
    }
  }, 180_000)

  it('seeds nothing with SEED_DEMO=false', async () => {
    const server = await start({ DATA_DIR: tempDir(), SEED_DEMO: 'false' })
    try {
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200)
      expect((await signIn(server.url, 'admin@demo.test')).status).toBe(401)
      // Reference data is there regardless.
      const countries = await (await fetch(`${server.url}/api/country`)).json()
      expect(countries[0].iso2).toBe('US')
    } finally {
      await server.stop()
    }
  }, 120_000)
})
