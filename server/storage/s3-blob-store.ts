import { createHash } from 'node:crypto'
import { Readable } from 'node:stream'
import {
  AbortMultipartUploadCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  ListMultipartUploadsCommand,
  paginateListObjectsV2,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3'
import { Upload } from '@aws-sdk/lib-storage'
import { BlobStoreUnavailableError, BlobTooLargeError, type BlobStore } from './blob-store'

export interface S3StoreSettings {
  bucket: string
  /** For a store other than AWS (MinIO, Ceph, R2...); AWS's own endpoint otherwise. */
  endpoint?: string
  region: string
  /** Both or neither: without them the SDK's usual credential chain applies (instance role...). */
  accessKeyId?: string
  secretAccessKey?: string
  /** bucket-in-the-path URLs (http://host/bucket/key), which most self-hosted stores need. */
  forcePathStyle: boolean
  /** Multipart part size; an upload holds at most PART_QUEUE parts of it in memory. */
  partSize?: number
}

/** The smallest part S3 accepts; a 25 MB scan goes up in five parts, two in flight at a time. */
// The SDK prints a multi-line notice on Node 20 about its releases after January 2027; the versions
// in package-lock.json run on Node 20, and the notice would break the one-line start-up errors.
process.env.AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED ??= 'true'

const DEFAULT_PART_SIZE = 5 * 1024 * 1024
const PART_QUEUE = 2
const CHECK_TIMEOUT_MS = 5_000
const SAFE_KEY = /^[A-Za-z0-9][A-Za-z0-9/_.-]*$/

const statusOf = (error: unknown) => (error as { $metadata?: { httpStatusCode?: number } })?.$metadata?.httpStatusCode
const isNotFound = (error: unknown) =>
  error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || statusOf(error) === 404)

/** Why a call failed, in words an operator can act on. */
function describe(error: unknown, settings: S3StoreSettings): string {
  const where = settings.endpoint ?? `AWS S3 (${settings.region})`
  const status = statusOf(error)
  if (status === 403 || status === 401)
    return `${where} refused the credentials for bucket "${settings.bucket}" (check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY)`
  if (status === 404 || (error as Error)?.name === 'NoSuchBucket') return `bucket "${settings.bucket}" does not exist at ${where} (check S3_BUCKET)`
  if (status && status >= 500) return `${where} answered ${status} for bucket "${settings.bucket}"`
  const code = (error as { code?: string })?.code
  const message = error instanceof Error ? error.message : String(error)
  return `cannot reach ${where}: ${code ?? ''}${code && message.includes(code) ? '' : ` ${message}`}`.replace(/: $/, '').trim()
}

/**
 * Document files in an S3-compatible bucket, one object per key. Uploads stream through the multipart
 * upload of @aws-sdk/lib-storage (a failed or too large upload is aborted, so no object appears);
 * downloads stream the object (or a byte range of it). Any failure other than "no such key" is a
 * BlobStoreUnavailableError, which the API answers with 503.
 */
export function s3BlobStore(settings: S3StoreSettings): BlobStore & { client: S3Client } {
  const client = new S3Client({
    endpoint: settings.endpoint,
    region: settings.region,
    forcePathStyle: settings.forcePathStyle,
    credentials:
      settings.accessKeyId && settings.secretAccessKey ? { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } : undefined,
    maxAttempts: 3,
    requestHandler: { connectionTimeout: 5_000, requestTimeout: 60_000 },
  })
  const Bucket = settings.bucket
  const checkKey = (key: string) => {
    if (!SAFE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid blob key: ${key}`)
    return key
  }
  const unavailable = (error: unknown) => new BlobStoreUnavailableError(`Document store unavailable: ${describe(error, settings)}`, { cause: error })

  return {
    kind: 's3',
    client,
    async put(key, body, options = {}) {
      checkKey(key)
      const hash = createHash('sha256')
      let size = 0
      let tooLarge: BlobTooLargeError | undefined
      let sourceError: unknown
      const source: AsyncIterable<Uint8Array> = body instanceof Uint8Array ? ([body] as never) : (body as AsyncIterable<Uint8Array>)
      async function* metered() {
        try {
          for await (const chunk of source) {
            size += chunk.length
            if (options.maxBytes !== undefined && size > options.maxBytes) throw (tooLarge = new BlobTooLargeError(options.maxBytes))
            hash.update(chunk)
            yield chunk
          }
        } catch (error) {
          sourceError ??= error
          throw error
        }
      }
      const upload = new Upload({
        client,
        params: { Bucket, Key: key, Body: Readable.from(metered(), { objectMode: false }) },
        partSize: settings.partSize ?? DEFAULT_PART_SIZE,
        queueSize: PART_QUEUE,
        leavePartsOnError: false,
      })
      try {
        await upload.done()
      } catch (error) {
        // A multipart upload is aborted by lib-storage; make sure a small one did not land either.
        if (tooLarge || sourceError) {
          await client.send(new DeleteObjectCommand({ Bucket, Key: key })).catch(() => {})
          throw tooLarge ?? sourceError
        }
        throw unavailable(error)
      }
      return { size, sha256: hash.digest('hex') }
    },
    async get(key, options = {}) {
      checkKey(key)
      const range = options.range ? `bytes=${options.range.start}-${options.range.end}` : undefined
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket, Key: key, Range: range }))
        return answer.Body as Readable
      } catch (error) {
        if (isNotFound(error)) return null
        throw unavailable(error)
      }
    },
    async delete(key) {
      checkKey(key)
      try {
        await client.send(new DeleteObjectCommand({ Bucket, Key: key }))
      } catch (error) {
        if (isNotFound(error)) return
        throw unavailable(error)
      }
    },
    async exists(key) {
      checkKey(key)
      try {
        await client.send(new HeadObjectCommand({ Bucket, Key: key }))
        return true
      } catch (error) {
        if (isNotFound(error)) return false
        throw unavailable(error)
      }
    },
    async *list(prefix) {
      try {
        for await (const page of paginateListObjectsV2({ client, pageSize: 1000 }, { Bucket, Prefix: prefix })) {
          for (const object of page.Contents ?? []) if (object.Key) yield object.Key
        }
      } catch (error) {
        throw unavailable(error)
      }
    },
    async sweepTemporary(before) {
      // Parts of uploads that a stopped server never finished or aborted: invisible, but billed.
      let removed = 0
      let KeyMarker: string | undefined
      let UploadIdMarker: string | undefined
      for (;;) {
        let page
        try {
          page = await client.send(new ListMultipartUploadsCommand({ Bucket, KeyMarker, UploadIdMarker }))
        } catch (error) {
          // Some small test stores do not implement the listing; they keep no parts either.
          if ((error as Error).name === 'NotImplemented') return removed
          throw unavailable(error)
        }
        for (const upload of page.Uploads ?? []) {
          if (!upload.Key || !upload.UploadId || !upload.Initiated || upload.Initiated >= before) continue
          await client.send(new AbortMultipartUploadCommand({ Bucket, Key: upload.Key, UploadId: upload.UploadId })).catch(() => {})
          removed++
        }
        if (!page.IsTruncated) return removed
        KeyMarker = page.NextKeyMarker
        UploadIdMarker = page.NextUploadIdMarker
      }
    },
    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket }), { abortSignal: AbortSignal.timeout(CHECK_TIMEOUT_MS) })
      } catch (error) {
        throw new BlobStoreUnavailableError(describe(error, settings), { cause: error })
      }
    },
  }
}
