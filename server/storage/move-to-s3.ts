import path from 'node:path'
import { loadEnv } from '../env'
import { copyBlobs } from './copy-blobs'
import { fsBlobStore } from './fs-blob-store'
import { createBlobStore, describeBlobStore } from './index'

/**
 * `npm run blobs:to-s3`: copies the document files under DATA_DIR/blobs into the bucket of S3_BUCKET
 * (the same S3_* settings the server reads). Run it with the server stopped, or run it twice: once
 * live, and once more after the last server on the disk store stopped, to copy what came meanwhile.
 */
async function main() {
  const env = loadEnv()
  if (!env.S3_BUCKET) throw new Error('S3_BUCKET is not set: nothing to copy into')
  const source = fsBlobStore(path.resolve(env.DATA_DIR, 'blobs'))
  const target = createBlobStore(env)
  await target.check()
  console.log(`copying ${path.resolve(env.DATA_DIR, 'blobs')} into ${describeBlobStore(env)}`)
  const { copied, skipped } = await copyBlobs(source, target)
  console.log(`done: ${copied} copied, ${skipped} already there`)
}

main().catch((error: unknown) => {
  console.error(`Copy failed: ${error instanceof Error ? error.message : String(error)}`)
  process.exit(1)
})
