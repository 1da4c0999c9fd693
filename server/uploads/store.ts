import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
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
          datastore: new S3Store({
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
