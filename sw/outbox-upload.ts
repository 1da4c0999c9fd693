import { CUT_OFF, IDEMPOTENCY_HEADER, outcomeOfRefusal, reasonOf, answerOf } from '../src/lib/outbox/http'
import type { SendOutcome } from '../src/lib/outbox/replay'
import { updateEntry, type OutboxEntry } from '../src/lib/outbox/store'

/**
 * The service worker's sender of a resumable upload (Background Sync, no page open): the same protocol
 * as the page's tus-js-client sender (src/lib/outbox/resumable.ts) with plain fetch, which shows no progress: HEAD the
 * kept URL for the server's offset (or create the upload, keeping its URL on the entry first), then one
 * PATCH with the rest of the file.
 */

const TUS = { 'Tus-Resumable': '1.0.0' }

type Send = (path: string, init: RequestInit) => Promise<Response>

const encode = (metadata: Record<string, string>) =>
  Object.entries(metadata)
    .map(([key, value]) => `${key} ${btoa(String.fromCharCode(...new TextEncoder().encode(value)))}`)
    .join(',')

async function refusal(res: Response): Promise<SendOutcome> {
  return outcomeOfRefusal(res.status, reasonOf(await answerOf(res), res.status, res.statusText))
}

const sent = (res: Response): SendOutcome => {
  const documentId = Number(res.headers.get('Document-Id'))
  return { kind: 'sent', result: Number.isSafeInteger(documentId) && documentId > 0 ? { documentId } : undefined }
}

export async function sendResumableWithFetch(entry: OutboxEntry, send: Send): Promise<SendOutcome> {
  if (!('upload' in entry.request)) throw new Error('Not a resumable upload')
  const upload = entry.request.upload
  if (!upload.file) return { kind: 'sent', result: entry.result }
  const file = upload.file
  try {
    let url = upload.url
    let offset = 0
    if (url) {
      const head = await send(url, { method: 'HEAD', headers: TUS })
      if (head.ok) {
        offset = Number(head.headers.get('Upload-Offset'))
        if (offset === file.size) return sent(head)
      } else if (head.status >= 400 && head.status < 500 && head.status !== 401 && head.status !== 423) {
        url = undefined
      } else {
        return await refusal(head)
      }
    }
    if (!url) {
      const created = await send('/api/uploads', {
        method: 'POST',
        headers: { ...TUS, [IDEMPOTENCY_HEADER]: entry.idempotencyKey, 'Upload-Length': String(file.size), 'Upload-Metadata': encode(upload.metadata) },
      })
      const location = created.headers.get('Location')
      if (created.status !== 201 || !location) return await refusal(created)
      url = new URL(location, self.location.origin).pathname
      const kept = url
      await updateEntry(entry.seq, (current) =>
        'upload' in current.request ? { request: { ...current.request, upload: { ...current.request.upload, url: kept } } } : {},
      )
      offset = 0
    }
    const patch = await send(url, {
      method: 'PATCH',
      headers: { ...TUS, 'Upload-Offset': String(offset), 'Content-Type': 'application/offset+octet-stream' },
      body: file.slice(offset),
    })
    if (patch.ok) return sent(patch)
    return await refusal(patch)
  } catch {
    return { kind: 'unreachable', reason: CUT_OFF }
  }
}
