import { createHash, randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { BlobStoreUnavailableError, BlobTooLargeError, type BlobStore } from '../../server/storage/blob-store'
import { fsBlobStore } from '../../server/storage/fs-blob-store'
import { s3BlobStore } from '../../server/storage/s3-blob-store'
import { startS3Server, type TestS3Server } from './s3-server'

/** The BlobStore contract: every store the server can use passes the same tests. */
let s3: TestS3Server
let folder: string
beforeAll(async () => {
  s3 = await startS3Server()
  folder = mkdtempSync(path.join(tmpdir(), 'portal-blob-contract-'))
})
afterAll(async () => {
  await s3.close()
  rmSync(folder, { recursive: true, force: true })
})

const PART = 5 * 1024 * 1024
const stores: [string, () => BlobStore][] = [
  ['filesystem', () => fsBlobStore(folder)],
  ['s3', () => s3.store({ partSize: PART })],
]

const sha256 = (data: Uint8Array) => createHash('sha256').update(data).digest('hex')
async function readAll(stream: Readable | null) {
  if (!stream) return null
  const chunks: Buffer[] = []
  for await (const chunk of stream) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
async function keysUnder(store: BlobStore, prefix: string) {
  const keys: string[] = []
  for await (const key of store.list(prefix)) keys.push(key)
  return keys.sort()
}
let n = 0
const freshPrefix = () => `documents/${process.pid}${++n}/`

describe.each(stores)('BlobStore contract: %s', (_name, make) => {
  let store: BlobStore
  beforeAll(() => {
    store = make()
  })

  it('stores bytes and gives them back, with their size and SHA-256', async () => {
    const key = `${freshPrefix()}a.pdf`
    const data = randomBytes(3000)
    expect(await store.put(key, data)).toEqual({ size: 3000, sha256: sha256(data) })
    expect(await store.exists(key)).toBe(true)
    expect(await readAll(await store.get(key))).toEqual(data)
  })

  it('streams a file larger than several parts from an async source', async () => {
    const key = `${freshPrefix()}big.pdf`
    const chunks = Array.from({ length: 12 }, (_, i) => Buffer.alloc(1024 * 1024, i + 1))
    async function* source() {
      for (const chunk of chunks) yield chunk
    }
    const whole = Buffer.concat(chunks)
    expect(await store.put(key, source())).toEqual({ size: whole.length, sha256: sha256(whole) })
    const back = await readAll(await store.get(key))
    expect(back?.length).toBe(whole.length)
    expect(sha256(back!)).toBe(sha256(whole))
  })

  it('gives back a byte range', async () => {
    const key = `${freshPrefix()}r.pdf`
    const data = randomBytes(10_000)
    await store.put(key, Readable.from([data.subarray(0, 4000), data.subarray(4000)]))
    expect(await readAll(await store.get(key, { range: { start: 100, end: 199 } }))).toEqual(data.subarray(100, 200))
    expect(await readAll(await store.get(key, { range: { start: 9_990, end: 9_999 } }))).toEqual(data.subarray(9_990))
  })

  it('answers null and false for a missing key, and deleting it is fine', async () => {
    const key = `${freshPrefix()}none.pdf`
    expect(await store.get(key)).toBeNull()
    expect(await store.exists(key)).toBe(false)
    await expect(store.delete(key)).resolves.toBeUndefined()
  })

  it('deletes a file', async () => {
    const key = `${freshPrefix()}d.pdf`
    await store.put(key, randomBytes(10))
    await store.delete(key)
    expect(await store.exists(key)).toBe(false)
    expect(await store.get(key)).toBeNull()
  })

  it('refuses a file over maxBytes and leaves nothing, even past the first part', async () => {
    const prefix = freshPrefix()
    await expect(store.put(`${prefix}small.pdf`, randomBytes(2000), { maxBytes: 1000 })).rejects.toBeInstanceOf(BlobTooLargeError)
    async function* big() {
      for (let i = 0; i < 8; i++) yield Buffer.alloc(1024 * 1024, i)
    }
    await expect(store.put(`${prefix}big.pdf`, big(), { maxBytes: PART + 1024 * 1024 })).rejects.toBeInstanceOf(BlobTooLargeError)
    expect(await keysUnder(store, prefix)).toEqual([])
  })

  it('passes on the error of a failing source and leaves nothing', async () => {
    const prefix = freshPrefix()
    const broken = new Error('client went away')
    async function* source() {
      yield Buffer.alloc(PART + 1024, 1)
      throw broken
    }
    await expect(store.put(`${prefix}cut.pdf`, source())).rejects.toBe(broken)
    expect(await keysUnder(store, prefix)).toEqual([])
  })

  it('lists the keys under a prefix only', async () => {
    const a = freshPrefix()
    const b = freshPrefix()
    await store.put(`${a}1.pdf`, randomBytes(5))
    await store.put(`${a}2.png`, randomBytes(5))
    await store.put(`${b}3.pdf`, randomBytes(5))
    expect(await keysUnder(store, a)).toEqual([`${a}1.pdf`, `${a}2.png`])
    expect(await keysUnder(store, 'documents/')).toEqual(expect.arrayContaining([`${a}1.pdf`, `${b}3.pdf`]))
  })

  it('refuses keys that could leave the store', async () => {
    await expect(store.put('../escape.pdf', randomBytes(5))).rejects.toThrow(/Invalid blob key/)
    await expect(store.get('documents/../../x')).rejects.toThrow(/Invalid blob key/)
  })

  it('answers the health check', async () => {
    await expect(store.check()).resolves.toBeUndefined()
  })
})

describe('S3 store: settings that cannot work', () => {
  it('names a missing bucket', async () => {
    const error = await s3BlobStore({ ...s3.settings, bucket: 'no-such-bucket' })
      .check()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BlobStoreUnavailableError)
    expect((error as Error).message).toBe(`bucket "no-such-bucket" does not exist at ${s3.endpoint} (check S3_BUCKET)`)
  })

  it('names refused credentials', async () => {
    const error = await s3BlobStore({ ...s3.settings, accessKeyId: 'WRONG', secretAccessKey: 'WRONG' })
      .check()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BlobStoreUnavailableError)
    expect((error as Error).message).toBe(`${s3.endpoint} refused the credentials for bucket "${s3.bucket}" (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`)
  })

  it('names an endpoint that does not answer', async () => {
    const down = await startS3Server()
    await down.close()
    const error = await s3BlobStore({ ...down.settings })
      .check()
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(BlobStoreUnavailableError)
    expect((error as Error).message).toMatch(new RegExp(`^cannot reach ${down.endpoint}: ECONNREFUSED`))
  })
})

describe('S3 store during an outage', () => {
  it('throws BlobStoreUnavailableError from every call, and works again once the store is back', async () => {
    const local = await startS3Server()
    const store = local.store()
    const key = `${freshPrefix()}o.pdf`
    await store.put(key, randomBytes(100))
    await local.stop()
    try {
      await expect(store.get(key)).rejects.toBeInstanceOf(BlobStoreUnavailableError)
      await expect(store.put(`${freshPrefix()}p.pdf`, randomBytes(100))).rejects.toBeInstanceOf(BlobStoreUnavailableError)
      await expect(store.delete(key)).rejects.toBeInstanceOf(BlobStoreUnavailableError)
      await expect(store.exists(key)).rejects.toBeInstanceOf(BlobStoreUnavailableError)
      await expect(keysUnder(store, 'documents/')).rejects.toBeInstanceOf(BlobStoreUnavailableError)
      await expect(store.check()).rejects.toBeInstanceOf(BlobStoreUnavailableError)
    } finally {
      await local.start()
    }
    expect((await readAll(await store.get(key)))?.length).toBe(100)
    await local.close()
  })
})
