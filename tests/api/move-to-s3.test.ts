import { spawn } from 'node:child_process'
import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fsBlobStore } from '../../server/storage/fs-blob-store'
import { startS3Server, type TestS3Server } from './s3-server'

/** `npm run blobs:to-s3` copies DATA_DIR/blobs into the bucket, and can be run again. */
const root = path.resolve(import.meta.dirname, '../..')
const tsx = path.join(root, 'node_modules', '.bin', 'tsx')
let s3: TestS3Server
let dataDir: string
beforeAll(async () => {
  s3 = await startS3Server()
  dataDir = mkdtempSync(path.join(tmpdir(), 'portal-move-'))
})
afterAll(async () => {
  await s3.close()
  rmSync(dataDir, { recursive: true, force: true })
})

function run(env: Record<string, string>) {
  const child = spawn(tsx, [path.join(root, 'server', 'storage', 'move-to-s3.ts')], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? tmpdir(), DATA_DIR: dataDir, ...env },
  })
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stderr.on('data', (d) => (stderr += d))
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => child.once('exit', (code) => resolve({ code, stdout, stderr })))
}

const sha = (data: Uint8Array) => createHash('sha256').update(data).digest('hex')

describe('npm run blobs:to-s3', () => {
  it('copies every file with the same key and bytes, and copies only new files when run again', async () => {
    const disk = fsBlobStore(path.join(dataDir, 'blobs'))
    const files = new Map([
      ['documents/1/0190a1b2-0000-7000-8000-000000000001.pdf', randomBytes(6 * 1024 * 1024)],
      ['documents/2/0190a1b2-0000-7000-8000-000000000002.png', randomBytes(2000)],
    ])
    for (const [key, data] of files) await disk.put(key, data)

    const first = await run(s3.env)
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toContain('done: 2 copied, 0 already there')
    const bucket = s3.store()
    for (const [key, data] of files) {
      const copy = await bucket.get(key)
      const chunks: Buffer[] = []
      for await (const chunk of copy!) chunks.push(chunk as Buffer)
      expect(sha(Buffer.concat(chunks))).toBe(sha(data))
    }

    await disk.put('documents/1/0190a1b2-0000-7000-8000-000000000003.pdf', randomBytes(100))
    const again = await run(s3.env)
    expect(again.stdout).toContain('done: 1 copied, 2 already there')
    expect((await s3.keys()).sort()).toEqual([...files.keys(), 'documents/1/0190a1b2-0000-7000-8000-000000000003.pdf'].sort())
  })

  it('refuses without S3_BUCKET, and stops with one line on a bucket it cannot use', async () => {
    const none = await run({})
    expect(none.code).not.toBe(0)
    expect(none.stderr.trim()).toBe('Copy failed: S3_BUCKET is not set: nothing to copy into')
    const missing = await run({ ...s3.env, S3_BUCKET: 'no-such-bucket' })
    expect(missing.code).not.toBe(0)
    expect(missing.stderr.trim()).toBe(`Copy failed: bucket "no-such-bucket" does not exist at ${s3.endpoint} (check S3_BUCKET)`)
  })
})
