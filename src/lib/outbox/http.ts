import type { ErrorBody } from '@contract/common'
import type { SendOutcome } from './replay'
import type { OutboxEntry } from './store'

/**
 * How an outbox entry becomes an HTTP request, and how an answer becomes its outcome; shared by the
 * page (through the API client) and the service worker (through fetch), so both send the same thing.
 */

export const IDEMPOTENCY_HEADER = 'Idempotency-Key'

/** The body and headers of an entry's request (the bearer token is the sender's business). */
export function entryBody(entry: OutboxEntry): { body: BodyInit | undefined; headers: Record<string, string> } {
  const headers: Record<string, string> = { accept: 'application/json', [IDEMPOTENCY_HEADER]: entry.idempotencyKey }
  const { request } = entry
  if ('form' in request) {
    const form = new FormData()
    // Fields first, so the server knows them before the file streams in.
    for (const [name, value] of request.form.fields) form.append(name, value)
    if (request.form.file) form.append('file', request.form.file, request.form.fileName)
    return { body: form, headers }
  }
  // A resumable upload is sent by its own sender (resumable.ts; sw/outbox-upload.ts), never as one request.
  if ('upload' in request) throw new Error('A resumable upload is not sent as one request')
  if (request.json === undefined) return { body: undefined, headers }
  headers['content-type'] = 'application/json'
  return { body: JSON.stringify(request.json), headers }
}

/** Statuses that mean "not now" rather than "no": the entry waits and goes again. */
const BUSY = new Set([408, 423, 425, 429, 502, 503, 504])

export const WAITING_FOR_NETWORK = 'Waiting for a connection. It is saved on this device and will be sent when the connection returns.'
export const CUT_OFF = 'The connection dropped while sending. It will be sent again when the connection returns; the server keeps one copy.'
export const SERVER_BUSY = 'The server is busy. It will be sent again shortly.'

/** The outcome of an error answer (status and the server's readable reason). */
export function outcomeOfRefusal(status: number, reason: string): SendOutcome {
  if (BUSY.has(status)) return { kind: 'unreachable', reason: SERVER_BUSY }
  if (status === 401) return { kind: 'unreachable', reason: 'Waiting for you to sign in again.' }
  return { kind: 'failed', reason, status, retryable: status >= 500 }
}

/** The readable reason of an error body `{ detail, details }`, with the status as a last resort. */
export function reasonOf(body: unknown, status: number, statusText = ''): string {
  const { detail, details } = (body && typeof body === 'object' ? body : {}) as Partial<Record<keyof ErrorBody, unknown>>
  const first = typeof detail === 'string' && detail ? detail : statusText || `Refused by the server (${status})`
  if (typeof details !== 'string' || !details || details === first) return first
  // The details often repeat the detail and go on ('scan.pdf is larger than 25 MB, the largest…').
  return details.startsWith(first) ? details : `${first}. ${details}`
}

/** Reads a successful answer's JSON, if any. */
export async function answerOf(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined
  const text = await response.text()
  try {
    return text ? (JSON.parse(text) as unknown) : undefined
  } catch {
    return undefined
  }
}
