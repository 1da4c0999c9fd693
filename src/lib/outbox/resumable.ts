import { Upload, type DetailedError, type UrlStorage } from 'tus-js-client'
import { getSession } from '../session'
import { CUT_OFF, IDEMPOTENCY_HEADER, outcomeOfRefusal, reasonOf } from './http'
import { clearProgress, reportProgress } from './progress'
import type { SendOutcome } from './replay'
import { updateEntry, type OutboxEntry, type ResumableUpload } from './store'

/**
 * The page's sender of a resumable upload (tus-js-client, loaded with the first upload only): creates the
 * upload (with the entry's Idempotency-Key) or, when the entry already holds its URL, asks the server's
 * offset with HEAD and sends the rest from there. The URL is kept with the outbox entry before any byte
 * is sent (the entry is tus-js-client's URL storage), so a cut, a reload or a restart loses at most what
 * was in flight. Progress and speed are reported as the bytes go (progress.ts).
 */

export const UPLOADS_PATH = '/api/uploads'
/** The header of a completed upload's answer naming its document. */
const DOCUMENT_ID_HEADER = 'Document-Id'
/** Tries within one send after a dropped connection, before the outbox's own wait. */
const RETRY_DELAYS = [0, 1_000, 3_000, 5_000]
const RESTARTED = 'The server no longer had the part already sent; it is sent again from the start.'

const uploadOf = (entry: OutboxEntry): ResumableUpload | null => ('upload' in entry.request ? entry.request.upload : null)

function setUrl(seq: number, url: string | undefined): Promise<unknown> {
  return updateEntry(seq, (entry) => ('upload' in entry.request ? { request: { ...entry.request, upload: { ...entry.request.upload, url } } } : {}))
}

/** The outbox entry as tus-js-client's store of upload URLs: one upload, this entry's. */
function entryStorage(seq: number): UrlStorage {
  return {
    findAllUploads: async () => [],
    findUploadsByFingerprint: async () => [],
    async removeUpload() {
      await setUrl(seq, undefined)
    },
    async addUpload(_fingerprint, upload) {
      await setUrl(seq, upload.uploadUrl ? new URL(upload.uploadUrl, location.origin).pathname : undefined)
      return `outbox-${seq}`
    },
  }
}

function outcomeOfError(error: Error | DetailedError): SendOutcome {
  const response = 'originalResponse' in error ? error.originalResponse : null
  const status = response?.getStatus() ?? 0
  if (!response || status === 0) return { kind: 'unreachable', reason: CUT_OFF }
  let body: unknown
  try {
    body = JSON.parse(response.getBody())
  } catch {
    body = undefined
  }
  return outcomeOfRefusal(status, reasonOf(body, status))
}

export async function sendResumable(entry: OutboxEntry): Promise<SendOutcome> {
  const upload = uploadOf(entry)
  // Sent already (its file is dropped once the server has it).
  if (!upload?.file) return { kind: 'sent', result: entry.result }
  const file = upload.file
  const outcome = await new Promise<SendOutcome>((resolve) => {
    const tus = new Upload(file, {
      endpoint: new URL(UPLOADS_PATH, location.origin).href,
      uploadUrl: upload.url ? new URL(upload.url, location.origin).href : null,
      metadata: upload.metadata,
      headers: { [IDEMPOTENCY_HEADER]: entry.idempotencyKey },
      fingerprint: async () => `outbox-${entry.seq}`,
      urlStorage: entryStorage(entry.seq),
      storeFingerprintForResuming: true,
      removeFingerprintOnSuccess: false,
      retryDelays: RETRY_DELAYS,
      onBeforeRequest(request) {
        const token = getSession()?.token
        if (token) request.setHeader('Authorization', `Bearer ${token}`)
      },
      onProgress: (sent, total) => reportProgress(entry.seq, sent, total),
      onSuccess({ lastResponse }) {
        const documentId = Number(lastResponse.getHeader(DOCUMENT_ID_HEADER))
        resolve({ kind: 'sent', result: Number.isSafeInteger(documentId) && documentId > 0 ? { documentId } : undefined })
      },
      onError(error) {
        const status = 'originalResponse' in error ? error.originalResponse?.getStatus() : undefined
        // The upload is gone from the server (expired, or removed): the next try starts a new one.
        if ((status === 404 || status === 410) && tus.url) {
          void setUrl(entry.seq, undefined).finally(() => resolve({ kind: 'unreachable', reason: RESTARTED }))
          return
        }
        resolve(outcomeOfError(error))
      },
    })
    tus.start()
  })
  clearProgress(entry.seq)
  return outcome
}
