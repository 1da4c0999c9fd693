import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { Readable } from 'node:stream'
import S3rver, { type S3rverContext, type S3rverMiddleware } from 's3rver'
import S3Error from 's3rver/lib/models/error.js'
import { s3BlobStore, type S3StoreSettings } from '../../server/storage/s3-blob-store'

const S3_XMLNS = 'http://s3.amazonaws.com/doc/2006-03-01/'

const noSuchUpload = (uploadId: string) =>
  new S3Error('NoSuchUpload', 'The specified upload does not exist. The upload ID may be invalid, or the upload may have been aborted or completed.', {
    UploadId: uploadId,
  })

/**
 * The two multipart calls s3rver lacks, answered as S3 answers them, from s3rver's own record of an
 * unfinished upload (a folder per upload id holding its key, and each part as a file beside its MD5):
 * - ListParts (`GET /bucket/key?uploadId=…`, with `max-parts` and `part-number-marker`): a
 *   ListPartsResult of the parts in order (number, ETag, size, last modified), paged;
 * - AbortMultipartUpload (`DELETE /bucket/key?uploadId=…`): the parts dropped, 204.
 * Both answer 404 NoSuchUpload for an upload id that is not one of the key's unfinished uploads (never
 * made, completed or aborted), as S3 does. Signatures are not checked for these two calls.
 */
const multipartCalls: S3rverMiddleware = async (ctx: S3rverContext, next) => {
  const uploadId = ctx.query.uploadId
  const address = /^\/([^/]+)\/(.+)$/.exec(ctx.path)
  if (typeof uploadId !== 'string' || !address || (ctx.method !== 'GET' && ctx.method !== 'DELETE')) return next()
  const bucket = address[1]
  const key = decodeURIComponent(address[2])
  const folder = path.join(ctx.store.getResourcePath(bucket, undefined, 'uploads'), path.basename(uploadId))
  const uploadKey = await readFile(path.join(folder, 'key'), 'utf8').catch(() => null)
  if (uploadKey !== key) throw noSuchUpload(uploadId)
  if (ctx.method === 'DELETE') {
    await rm(folder, { recursive: true, force: true })
    ctx.status = 204
    return
  }
  const maxParts = Math.min(Number(ctx.query['max-parts'] ?? 1000) || 1000, 1000)
  const marker = Number(ctx.query['part-number-marker'] ?? 0) || 0
  const numbers = (await readdir(folder))
    .filter((name) => /^\d+$/.test(name))
    .map(Number)
    .filter((n) => n > marker)
    .sort((a, b) => a - b)
  const page = numbers.slice(0, maxParts)
  const parts = await Promise.all(
    page.map(async (n) => {
      const file = path.join(folder, String(n))
      const [{ size, mtime }, md5] = await Promise.all([stat(file), readFile(`${file}.md5`, 'utf8')])
      return { PartNumber: n, LastModified: mtime.toISOString(), ETag: `"${md5}"`, Size: size }
    }),
  )
  ctx.body = {
    ListPartsResult: {
      '@': { xmlns: S3_XMLNS },
      Bucket: bucket,
      Key: key,
      UploadId: uploadId,
      StorageClass: 'STANDARD',
      PartNumberMarker: marker,
      ...(page.length ? { NextPartNumberMarker: page[page.length - 1] } : {}),
      MaxParts: maxParts,
      IsTruncated: numbers.length > page.length,
      Part: parts,
    },
  }
}

/**
 * A body the SDK streams (a part, an object of unknown length) comes in aws-chunked framing: each chunk
 * as `<hex size>[;signature]\r\n<bytes>\r\n`, a zero-size chunk last, then trailers (the SDK's CRC32).
 * S3 stores the bytes alone; s3rver would store the framing with them. The payload, unframed (the
 * trailer's checksum is not checked).
 */
async function* unframed(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  let buffer: Buffer = Buffer.alloc(0)
  let remaining = -1 // bytes of the current chunk still to pass on; -1 while a size line is awaited
  let ended = false
  for await (const piece of source) {
    if (ended) continue // the trailers: read, and dropped
    buffer = buffer.length ? Buffer.concat([buffer, piece]) : piece
    while (!ended) {
      if (remaining < 0) {
        const lineEnd = buffer.indexOf('\r\n')
        if (lineEnd < 0) break
        remaining = Number.parseInt(buffer.subarray(0, lineEnd).toString('latin1').split(';')[0], 16)
        buffer = buffer.subarray(lineEnd + 2)
        if (remaining === 0) ended = true
        continue
      }
      if (remaining > 0) {
        if (!buffer.length) break
        const bytes = buffer.subarray(0, remaining)
        buffer = buffer.subarray(bytes.length)
        remaining -= bytes.length
        yield bytes
        continue
      }
      if (buffer.length < 2) break
      buffer = buffer.subarray(2) // the \r\n after a chunk's bytes
      remaining = -1
    }
  }
}

/** Takes aws-chunked bodies as S3 does: the payload alone reaches s3rver, its headers without the framing's. */
const awsChunked: S3rverMiddleware = async (ctx, next) => {
  const headers = ctx.req.headers
  const encodings = String(headers['content-encoding'] ?? '')
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
  if (!encodings.includes('aws-chunked')) return next()
  const rest = encodings.filter((value) => value !== 'aws-chunked')
  if (rest.length) headers['content-encoding'] = rest.join(', ')
  else delete headers['content-encoding']
  headers['content-length'] = String(headers['x-amz-decoded-content-length'] ?? '')
  if (!headers['content-length']) delete headers['content-length']
  ctx.req = Object.assign(Readable.from(unframed(ctx.req)), { headers })
  return next()
}

/** An s3rver taking aws-chunked bodies and with the multipart calls above, both just before its router (after its logging and XML encoding). */
function s3rver(options: ConstructorParameters<typeof S3rver>[0]): S3rver {
  const server = new S3rver(options)
  server.middleware.splice(server.middleware.length - 1, 0, awsChunked, multipartCalls)
  return server
}

/**
 * A local S3-compatible server (s3rver, files in a temporary folder, with the multipart calls it lacks)
 * started by the test itself, on a free loopback port, with one empty bucket. s3rver accepts the
 * access key S3RVER only.
 */
export async function startS3Server(options: { port?: number } = {}) {
  const directory = mkdtempSync(path.join(tmpdir(), 'portal-s3-'))
  const bucket = `docs-${randomBytes(4).toString('hex')}`
  let server = s3rver({ port: options.port ?? 0, address: '127.0.0.1', silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] })
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
      server = s3rver({ port, address: '127.0.0.1', silent: true, directory })
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
