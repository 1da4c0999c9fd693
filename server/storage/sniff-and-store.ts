import type { Readable } from 'node:stream'
import { DOCUMENT_FILE_TYPES, type DocumentFileType } from '../../contract/documents'
import { tooLargeMessage } from '../../contract/file-size'
import type { AppDeps } from '../context'
import { cleanOriginalName, formatBytes, uuidV7 } from '../documents/naming'
import { SNIFF_BYTES, sniffFileType } from '../documents/sniff'
import { HttpError, unprocessable } from '../http/errors'
import { BlobTooLargeError } from './blob-store'

const ACCEPTED = Object.values(DOCUMENT_FILE_TYPES)
  .map((t) => t.label)
  .join(', ')
  .replace(/, (?=[^,]*$)/, ' or ')

export interface SniffedBlob {
  key: string
  /** The uploader's file name, cleaned for display. */
  name: string
  type: DocumentFileType
  contentType: string
  size: number
  sha256: string
}

/**
 * Stores one uploaded file (a document or a support attachment): its type is recognised from its first
 * bytes (PDF, JPEG, PNG or TIFF, never from the name), then the whole stream goes to a fresh key
 * `<prefix><uuid v7>.<type>`, stopping at maxBytes. Refusals are HTTP errors naming the file: 422 when
 * it is empty, 415 for another type, 413 over the limit; nothing is left under the key when it fails.
 */
export async function sniffAndStore(
  deps: Pick<AppDeps, 'blobs' | 'clock'>,
  file: { prefix: string; rawName: string; stream: Readable; maxBytes: number },
): Promise<SniffedBlob> {
  const { prefix, stream, maxBytes } = file
  const name = cleanOriginalName(file.rawName)
  const chunks = stream.iterator({ destroyOnReturn: false })
  try {
    let head = Buffer.alloc(0)
    let ended = false
    while (head.length < SNIFF_BYTES) {
      const next = await chunks.next()
      if (next.done) {
        ended = true
        break
      }
      head = Buffer.concat([head, next.value as Buffer])
    }
    if (head.length === 0) throw unprocessable(`${name} is empty`, `${name} is empty: choose the file again`)
    const sniffed = sniffFileType(head)
    if (!sniffed) throw new HttpError(415, `${name} is not a ${ACCEPTED} file`)

    const key = `${prefix}${uuidV7(deps.clock.now())}.${sniffed.type}`
    async function* body() {
      yield head
      if (ended) return
      for (;;) {
        const next = await chunks.next()
        if (next.done) return
        yield next.value as Buffer
      }
    }
    try {
      const { size, sha256 } = await deps.blobs.put(key, body(), { maxBytes })
      return { key, name, type: sniffed.type, contentType: sniffed.contentType, size, sha256 }
    } catch (error) {
      // The store removes its partial file; make sure nothing is left under the key either way.
      await deps.blobs.delete(key).catch(() => {})
      if (error instanceof BlobTooLargeError) throw new HttpError(413, `${name} is larger than ${formatBytes(maxBytes)}`, tooLargeMessage(name, maxBytes))
      throw error
    }
  } finally {
    await chunks.return?.()
  }
}
