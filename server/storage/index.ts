import path from 'node:path'
import type { Env } from '../env'
import type { BlobStore } from './blob-store'
import { fsBlobStore } from './fs-blob-store'
import { s3BlobStore } from './s3-blob-store'

/** The S3-compatible store when S3_BUCKET is set, else files under DATA_DIR/blobs. */
export function createBlobStore(env: Env): BlobStore {
  if (env.S3_BUCKET) {
    return s3BlobStore({
      bucket: env.S3_BUCKET,
      endpoint: env.S3_ENDPOINT,
      region: env.S3_REGION,
      accessKeyId: env.S3_ACCESS_KEY_ID,
      secretAccessKey: env.S3_SECRET_ACCESS_KEY,
      forcePathStyle: env.S3_FORCE_PATH_STYLE,
    })
  }
  return fsBlobStore(path.resolve(env.DATA_DIR, 'blobs'))
}

/** Where the files are, for the start-up line (never the credentials). */
export function describeBlobStore(env: Env): string {
  if (env.S3_BUCKET) return `s3://${env.S3_BUCKET}${env.S3_ENDPOINT ? ` at ${env.S3_ENDPOINT}` : ` in ${env.S3_REGION}`}`
  return path.resolve(env.DATA_DIR, 'blobs')
}
