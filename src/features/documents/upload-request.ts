import { DocumentUploadResponseSchema, type Document } from '@contract/documents'
import * as v from 'valibot'
import { appConfig } from '~/lib/config'
import { ApiError, NETWORK_ERROR_MESSAGE, NetworkError, OfflineError, refreshAccessToken } from '~/lib/api-client'
import { markServerReachable } from '~/lib/online-status'
import { clearSession, getSession, tokenExpiresAt } from '~/lib/session'

/**
 * One file of a mailroom upload: POST /api/document/client/{id} as multipart, sent with
 * XMLHttpRequest because fetch cannot report upload progress. The bearer token and the 401 rule are
 * those of the API client (renew once through the refresh cookie, else end the session); a network
 * failure is reported as a NetworkError for this file only: a dropped upload on poor Wi-Fi does not
 * end the session, the file can be retried with the same Idempotency-Key.
 */

export interface UploadFields {
  documentTypeId: number
  jurisdiction: number
  /** YYYY-MM-DD. */
  dateReceived: string
}

export interface UploadFileOptions {
  clientId: number
  fields: UploadFields
  file: File
  /** The same key on every attempt of this file: a retry after a lost answer stores nothing twice. */
  idempotencyKey: string
  onProgress?: (fraction: number) => void
  signal?: AbortSignal
}

interface RawAnswer {
  status: number
  statusText: string
  body: string
}

const ErrorBody = v.object({ detail: v.optional(v.string()), details: v.optional(v.string()), message: v.optional(v.string()) })

function send(options: UploadFileOptions, token: string | undefined): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    if (typeof navigator !== 'undefined' && !navigator.onLine) {
      reject(new OfflineError())
      return
    }
    const form = new FormData()
    // Fields first, so the server knows them before the file streams in.
    form.append('documentTypeId', String(options.fields.documentTypeId))
    form.append('jurisdiction', String(options.fields.jurisdiction))
    form.append('dateReceived', options.fields.dateReceived)
    form.append('file', options.file, options.file.name)

    const xhr = new XMLHttpRequest()
    xhr.open('POST', `${appConfig.apiBase}/document/client/${options.clientId}`)
    xhr.setRequestHeader('accept', 'application/json')
    xhr.setRequestHeader('Idempotency-Key', options.idempotencyKey)
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.withCredentials = true
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(1, event.loaded / event.total))
    }
    xhr.onload = () => {
      markServerReachable()
      resolve({ status: xhr.status, statusText: xhr.statusText, body: xhr.responseText })
    }
    const failed = () => reject(typeof navigator !== 'undefined' && !navigator.onLine ? new OfflineError() : new NetworkError(NETWORK_ERROR_MESSAGE, true))
    xhr.onerror = failed
    xhr.ontimeout = failed
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'))
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true })
    xhr.send(form)
  })
}

function toApiError(answer: RawAnswer): ApiError {
  let body: v.InferOutput<typeof ErrorBody> = {}
  try {
    const parsed = v.safeParse(ErrorBody, JSON.parse(answer.body))
    if (parsed.success) body = parsed.output
  } catch {
    // not JSON: the status text says it
  }
  const detail = body.detail ?? body.message ?? (answer.statusText || `Upload failed (${answer.status})`)
  return new ApiError(answer.status, detail, body.details ?? detail)
}

/** Uploads one file; resolves with the stored document(s). */
export async function uploadDocumentFile(options: UploadFileOptions): Promise<Document[]> {
  const token = getSession()?.token
  const expiresAt = token ? tokenExpiresAt(token) : null
  // A token about to expire is renewed first: a large file may take longer than it has left.
  if (expiresAt !== null && expiresAt - Date.now() < appConfig.tokenRefreshLeadMs) await refreshAccessToken()

  let answer = await send(options, getSession()?.token)
  if (answer.status === 401 && getSession()) {
    if ((await refreshAccessToken()) === 'renewed') answer = await send(options, getSession()?.token)
    if (answer.status === 401) {
      // SPEC.md section 8: a 401 removes the session and reloads the page.
      clearSession()
      window.location.reload()
      throw new ApiError(401, 'Your session has ended. Please sign in again.')
    }
  }
  if (answer.status < 200 || answer.status >= 300) throw toApiError(answer)
  const parsed = v.safeParse(DocumentUploadResponseSchema, JSON.parse(answer.body))
  if (!parsed.success) throw new ApiError(answer.status, 'The server answered the upload in an unexpected way')
  return parsed.output.documents
}
