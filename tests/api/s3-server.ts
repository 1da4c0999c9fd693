import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import { s3BlobStore, type S3StoreSettings } from '../../server/storage/s3-blob-store'

/**
 * A local S3-compatible server (s3rver, files in a temporary folder) started by the test itself, on
 * a free loopback port, with one empty bucket. s3rver accepts the access key S3RVER only.
 */
export async function startS3Server(options: { port?: number } = {}) {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'))
  const bucket = `docs-${randomBytes(4).toString('hex')}`
  let server = new S3rver({ port: options.port ?? 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
  const { port } = await server.run()
  const endpoint = `http://127.0.0.1:${port}`
  const settings: S3StoreSettings = { bucket, endpoint, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true }
  /** The server settings that choose this store (S3_*). */
  const env = {
    S3_BUCKET: bucket,
    S3_ENDPOINT: endpoint,
    S3_REGION: 'us-east-1',
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
  }
  let running = true
  return {
    bucket,
    endpoint,
    settings,
    env,
    /** A store on this server (small parts by default, so tests reach multipart uploads quickly). */
    store: (overrides: Partial<S3StoreSettings> = {}) => s3BlobStore({ ...settings, ...overrides }),
    /** Every key in the bucket. */
    async keys() {
      const keys: string[] = []
      for await (const key of s3BlobStore(settings).list('')) keys.push(key)
      return keys
    },
    /** Stops answering (an outage); start() brings it back on the same port with the same files. */
    async stop() {
      if (running) await server.close()
      running = false
    },
    async start() {
      if (running) return
      server = new S3rver({ port, address: '127.0.0.1', silent: true, directory })
      await server.run()
      running = true
    },
    async close() {
      if (running) await server.close()
      running = false
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

export type TestS3Server = Awaited<ReturnType<typeof startS3Server>>
