import type { Readable } from 'node:stream'

/** Inclusive byte offsets of a part of a file, as in an HTTP Range header. */
export interface ByteRange {
  start: number
  end: number
}

/**
 * Where document files live: the local disk by default (fs-blob-store.ts), an S3-compatible store when
 * several servers share them (s3-blob-store.ts). Both pass the same contract tests.
 */
export interface BlobStore {
  /** 'filesystem' or 's3', for the health answer and the logs. */
  readonly kind: string
  /**
   * Streams body to key without holding it whole in memory; a reader never sees half a file.
   * Throws (and leaves nothing) if the stream fails or exceeds maxBytes.
   */
  put(key: string, body: Readable | AsyncIterable<Uint8Array> | Uint8Array, options?: { maxBytes?: number }): Promise<{ size: number; sha256: string }>
  /** A stream of the file (or of `range` of it), or null when there is none. */
  get(key: string, options?: { range?: ByteRange }): Promise<Readable | null>
  /** Deleting a key that does not exist is not an error. */
  delete(key: string): Promise<void>
  exists(key: string): Promise<boolean>
  /** Every key under prefix, for the orphan sweep (temporary files of writes in progress are not keys). */
  list(prefix: string): AsyncIterable<string>
  /**
   * Removes what writes interrupted before `before` left behind (temporary files, unfinished multipart
   * uploads). Returns how many were removed.
   */
  sweepTemporary?(before: Date): Promise<number>
  /** Resolves when the store answers; throws BlobStoreUnavailableError with the reason otherwise. */
  check(): Promise<void>
}

export class BlobTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`File exceeds ${maxBytes} bytes`)
  }
}

/** The store did not answer (network, timeout, refused credentials, server error): the API answers 503. */
export class BlobStoreUnavailableError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options)
  }
}
