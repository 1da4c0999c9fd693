import type { BlobStore } from './blob-store'

/**
 * Copies every document file of one store into another (DATA_DIR/blobs into a bucket), streaming each
 * file and skipping those already there (same key). Safe to
 * run again after an interruption; the source is left as it is.
 */
export async function copyBlobs(
  from: BlobStore,
  to: BlobStore,
  options: { prefix?: string; onFile?: (key: string, outcome: 'copied' | 'skipped') => void } = {},
) {
  let copied = 0
  let skipped = 0
  for await (const key of from.list(options.prefix ?? '')) {
    if (await to.exists(key)) {
      skipped++
      options.onFile?.(key, 'skipped')
      continue
    }
    const source = await from.get(key)
    if (!source) continue
    await to.put(key, source)
    copied++
    options.onFile?.(key, 'copied')
  }
  return { copied, skipped }
}
