import type { Readable } from 'node:stream'

/** Where document files live: the local disk by default, an S3-compatible store at scale. */
export interface BlobStore {
  /**
   * Streams body to key without holding it whole in memory. Writes to a temporary name and renames,
   * so a reader never sees half a file. Throws (and leaves nothing) if the stream fails or exceeds maxBytes.
   */
  put(key: string, body: Readable | AsyncIterable<Uint8Array> | Uint8Array, options?: { maxBytes?: number }): Promise<{ size: number; sha256: string }>
  /** A stream of the file, or null when there is none. */
  get(key: string): Promise<Readable | null>
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
  /** Every key, for the orphan sweep (temporary files of writes in progress are not keys). */
  list(): AsyncIterable<string>
  /**
   * Removes temporary files last written before `before`: left by a server that stopped mid-write.
   * Returns how many were removed. Stores that write atomically without temporary files omit it.
   */
  sweepTemporary?(before: Date): Promise<number>
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File exceeds ${maxBytes} bytes`)
  }
}
