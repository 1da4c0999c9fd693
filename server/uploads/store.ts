import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { S3ServiceException } from '@aws-sdk/client-s3'
import { FileStore } from '@tus/file-store'
import { S3Store } from '@tus/s3-store'
import { MemoryLocker, type DataStore, type Locker } from '@tus/server'
import type { AppDeps } from '../context'

/** An unfinished upload is kept this long after it was created, then refused (410) and removed. */
export const UPLOAD_TTL_MS = 24 * 60 * 60 * 1000

export interface UploadStore {
  datastore: DataStore
  /** One upload's requests run one at a time on this server (a resumed PATCH waits for the cut one to stop). */
  locker: Locker
  /** Where the bytes are, for the logs. */
  kind: 'filesystem' | 's3'
}

/**
 * The tus S3 store, removing all of an upload's objects. The stock `remove` aborts the multipart upload
 * and then deletes the assembled object and the `.info`; once the upload was completed S3 has no
 * multipart upload to abort (NoSuchUpload), and it stops there, leaving both behind (and it never
 * deletes the `.part` holding an unfinished last part). Here they are deleted whatever the abort said;
 * an upload the store never knew still answers 404.
 */
class S3UploadStore extends S3Store {
  override async remove(id: string): Promise<void> {
    let notFound: unknown
    try {
      await super.remove(id)
    } catch (error) {
      if ((error as { status_code?: number }).status_code !== 404) throw error
      notFound = error
    }
    await this.client.deleteObjects({
      Bucket: this.bucket,
      Delete: { Objects: [{ Key: id }, { Key: this.infoKey(id) }, { Key: this.partKey(id, true) }], Quiet: true },
    })
    if (notFound) throw notFound
  }
}

/** The file store's disk refusing: full, not writable, failing. */
const DISK_FAILURES = new Set(['ENOSPC', 'EDQUOT', 'EACCES', 'EPERM', 'EROFS', 'EIO', 'EMFILE', 'ENFILE'])

/**
 * Whether an error is the upload store failing rather than the request: a call to S3 that failed (S3
 * answering something the tus store does not expect, as it turns its own "not found" answers into
 * 404s, or not answering at all: the SDK marks every failed call with `$metadata`), or the disk
 * refusing. Answered with 503 and logged, never as a refusal of the request. A sender's broken-off body
 * is neither.
 */
export function isUploadStoreFailure(error: unknown): boolean {
  if (error instanceof S3ServiceException || (typeof error === 'object' && error !== null && '$metadata' in error)) return true
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' && DISK_FAILURES.has(code)
}

const stores = new WeakMap<AppDeps['env'], UploadStore>()

/**
 * Where the bytes of unfinished uploads go: DATA_DIR/uploads, or the S3 bucket of the documents when S3
 * is configured (objects named by the upload id, beside the documents/ prefix). One per configuration.
 */
export function uploadStore(deps: Pick<AppDeps, 'env'>): UploadStore {
  const env = deps.env
  let store = stores.get(env)
  if (!store) {
    store = env.S3_BUCKET
      ? {
          kind: 's3',
          locker: new MemoryLocker(),
          datastore: new S3UploadStore({
            partSize: 5 * 1024 * 1024,
            expirationPeriodInMilliseconds: UPLOAD_TTL_MS,
            s3ClientConfig: {
              bucket: env.S3_BUCKET,
              endpoint: env.S3_ENDPOINT,
              region: env.S3_REGION,
              forcePathStyle: env.S3_FORCE_PATH_STYLE,
              credentials:
                env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY } : undefined,
            },
          }),
        }
      : {
          kind: 'filesystem',
          locker: new MemoryLocker(),
          datastore: new FileStore({ directory: uploadDirectory(env.DATA_DIR), expirationPeriodInMilliseconds: UPLOAD_TTL_MS }),
        }
    stores.set(env, store)
  }
  return store
}

/** DATA_DIR/uploads; a database kept in memory (tests) keeps its uploads in a fresh temporary folder. */
function uploadDirectory(dataDir: string): string {
  return dataDir === 'memory://' ? mkdtempSync(path.join(tmpdir(), 'portal-uploads-')) : path.resolve(dataDir, 'uploads')
}
