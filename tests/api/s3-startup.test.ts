import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ConfigError, parseEnv } from '../../server/env'
import { startS3Server, type TestS3Server } from './s3-server'

/** S3 settings are checked when the server starts: a store it cannot use stops it with one line. */
const root = path.resolve(import.meta.dirname, '../..')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
const entry = path.join(root, 'server', 'index.ts')

let s3: TestS3Server
const dirs: string[] = []
beforeAll(async () => {
  s3 = await startS3Server()
})
afterAll(async () => {
  await s3.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

describe('parseEnv: S3 settings', () => {
  it('reads them, with a default region and virtual-host style', () => {
    const env = parseEnv({ S3_BUCKET: 'portal-docs' })
    expect(env).toMatchObject({ S3_BUCKET: 'portal-docs', S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: false })
    expect(parseEnv({ ...s3.env }).S3_FORCE_PATH_STYLE).toBe(true)
  })

  it.each([
    [{ S3_BUCKET: 'b', S3_ENDPOINT: 'minio:9000' }, 'Invalid configuration: S3_ENDPOINT must be a URL such as https://s3.example.com'],
    [{ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'key' }, 'Invalid configuration: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together'],
    [{ S3_ENDPOINT: 'http://minio:9000' }, 'Invalid configuration: S3_BUCKET must be set to keep document files in an S3-compatible store'],
    [{ S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' }, 'Invalid configuration: S3_FORCE_PATH_STYLE'],
  ])('refuses %j with one clear line', (input, message) => {
    expect(() => parseEnv(input)).toThrow(ConfigError)
    expect(() => parseEnv(input)).toThrow(message)
  })
})

describe('server start-up with a store it cannot use', () => {
  /** Runs the real entry point (asynchronously: the S3 server answers from this process). */
  function start(extra: Record<string, string>) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-s3-start-'))
    dirs.push(dataDir)
    const child = spawn(tsx, [entry], {
      cwd: root,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, ...s3.env, ...extra },
    })
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    return new Promise<{ code: number | null; lines: string[]; stdout: string }>((resolve) => {
      child.once('exit', (code) => resolve({ code, lines: stderr.split('\n').filter((l) => l.trim()), stdout }))
    })
  }

  it('stops on a missing bucket', async () => {
    const { code, lines, stdout } = await start({ S3_BUCKET: 'no-such-bucket' })
    expect(code).not.toBe(0)
    expect(lines).toEqual([
      `Server could not start: document store s3://no-such-bucket at ${s3.endpoint}: bucket "no-such-bucket" does not exist at ${s3.endpoint} (check S3_BUCKET)`,
    ])
    expect(stdout).not.toContain('listening on')
  })

  it('stops on keys the store refuses', async () => {
    const { code, lines } = await start({ S3_ACCESS_KEY_ID: 'WRONG', S3_SECRET_ACCESS_KEY: 'WRONG' })
    expect(code).not.toBe(0)
    expect(lines).toEqual([
      `Server could not start: document store s3://${s3.bucket} at ${s3.endpoint}: ${s3.endpoint} refused the credentials for bucket "${s3.bucket}" (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`,
    ])
  })

  it('stops on an endpoint that does not answer', async () => {
    const down = await startS3Server()
    await down.close()
    const { code, lines } = await start({ S3_ENDPOINT: down.endpoint })
    expect(code).not.toBe(0)
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(
      new RegExp(`^Server could not start: document store s3://${s3.bucket} at ${down.endpoint}: cannot reach ${down.endpoint}: ECONNREFUSED`),
    )
  })
})
