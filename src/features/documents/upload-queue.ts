import { DOCUMENT_FILE_TYPES, type Document } from '@contract/documents'
import { useCallback, useEffect, useReducer, useRef } from 'react'
import { ApiError, NetworkError } from '~/lib/api-client'
import { tooLargeMessage } from '@contract/file-size'

/**
 * The files of one mailroom upload, each sent on its own (one request per file, for per-file progress
 * and so a dropped connection costs one file, not the batch). Each file keeps one Idempotency-Key for
 * all its attempts: retrying a file whose answer was lost gets the stored answer instead of a second
 * copy. Files that failed for want of a network are retried once the connection returns.
 */

export type UploadStatus = 'ready' | 'invalid' | 'uploading' | 'done' | 'failed'

export interface UploadItem {
  id: string
  file: File
  idempotencyKey: string
  status: UploadStatus
  /** 0..1 while uploading. */
  progress: number
  error?: string
  /** Failed before reaching the server: retried when the connection returns. */
  offline?: boolean
  documents?: Document[]
}

const ACCEPTED_TYPES: readonly string[] = Object.values(DOCUMENT_FILE_TYPES).map((type) => type.contentType)
const ACCEPTED_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'tif', 'tiff']
const ACCEPTED_LABELS = 'a PDF, JPEG, PNG or TIFF file'

/**
 * What can be told before sending (the server checks the content itself): the type by name or
 * declared type, an empty file, and the size limit (GET /api/config uploadMaxBytes) when known, each in
 * the server's words. Null when the file may go.
 */
export function checkUploadFile(file: File, maxBytes: number | null): string | null {
  const extension = file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : ''
  if (!ACCEPTED_TYPES.includes(file.type) && !ACCEPTED_EXTENSIONS.includes(extension)) return `${file.name} is not ${ACCEPTED_LABELS}`
  if (file.size === 0) return `${file.name} is empty`
  if (maxBytes !== null && file.size > maxBytes) return tooLargeMessage(file.name, maxBytes)
  return null
}

/** The words of a failed upload for its row. */
export function uploadErrorMessage(file: File, error: unknown): { message: string; offline: boolean } {
  if (error instanceof NetworkError) {
    return { message: `The connection was lost while sending ${file.name}. It will be sent again when the connection returns, or retry it now.`, offline: true }
  }
  if (error instanceof ApiError) {
    const { detail, details } = error
    // The server's details often repeat the detail and go on ('scan.pdf is larger than 25 MB, the largest…').
    const message = !details || details === detail ? detail : details.startsWith(detail) ? details : `${detail}. ${details}`
    return { message, offline: false }
  }
  return { message: `${file.name} could not be uploaded. Please try again.`, offline: false }
}

type Action =
  | { type: 'add'; items: UploadItem[] }
  | { type: 'remove'; id: string }
  | { type: 'start'; id: string }
  | { type: 'progress'; id: string; progress: number }
  | { type: 'done'; id: string; documents: Document[] }
  | { type: 'failed'; id: string; error: string; offline: boolean }
  | { type: 'clear' }
  | { type: 'check'; maxBytes: number | null }

function reducer(items: UploadItem[], action: Action): UploadItem[] {
  const update = (id: string, patch: Partial<UploadItem>) => items.map((item) => (item.id === id ? { ...item, ...patch } : item))
  switch (action.type) {
    case 'add':
      return [...items, ...action.items]
    case 'remove':
      return items.filter((item) => item.id !== action.id)
    case 'start':
      return update(action.id, { status: 'uploading', progress: 0, error: undefined, offline: undefined })
    case 'progress':
      return update(action.id, { progress: action.progress })
    case 'done':
      return update(action.id, { status: 'done', progress: 1, documents: action.documents })
    case 'failed':
      return update(action.id, { status: 'failed', error: action.error, offline: action.offline })
    case 'clear':
      return []
    case 'check': {
      // The size limit arrived after the files were chosen: files not sent yet are checked again.
      let changed = false
      const next = items.map((item) => {
        if (item.status !== 'ready') return item
        const problem = checkUploadFile(item.file, action.maxBytes)
        if (!problem) return item
        changed = true
        return { ...item, status: 'invalid' as const, error: problem }
      })
      return changed ? next : items
    }
  }
}

const sameFile = (a: File, b: File) => a.name === b.name && a.size === b.size && a.lastModified === b.lastModified

/** How a run went: files stored and files that failed (the rows say why). */
export interface UploadOutcome {
  done: number
  failed: number
}

export type SendFile = (item: UploadItem, onProgress: (fraction: number) => void) => Promise<Document[]>

export function useUploadQueue() {
  const [items, dispatch] = useReducer(reducer, [])
  const current = useRef(items)
  current.current = items
  const running = useRef(false)
  const lastSend = useRef<SendFile | null>(null)

  const add = useCallback((files: Iterable<File>, maxBytes: number | null) => {
    const added: UploadItem[] = []
    for (const file of files) {
      if ([...current.current, ...added].some((item) => sameFile(item.file, file))) continue
      const problem = checkUploadFile(file, maxBytes)
      added.push({
        id: crypto.randomUUID(),
        file,
        idempotencyKey: `upload-${crypto.randomUUID()}`,
        status: problem ? 'invalid' : 'ready',
        progress: 0,
        error: problem ?? undefined,
      })
    }
    if (added.length) dispatch({ type: 'add', items: added })
  }, [])

  const remove = useCallback((id: string) => dispatch({ type: 'remove', id }), [])
  const clear = useCallback(() => dispatch({ type: 'clear' }), [])
  /** Checks the files not sent yet against a size limit learnt after they were chosen. */
  const recheck = useCallback((maxBytes: number | null) => dispatch({ type: 'check', maxBytes }), [])

  /** Sends the files waiting (ready, or failed when `retry` names them), one after another. */
  const run = useCallback(async (send: SendFile, only?: (item: UploadItem) => boolean): Promise<UploadOutcome> => {
    const outcome: UploadOutcome = { done: 0, failed: 0 }
    if (running.current) return outcome
    running.current = true
    lastSend.current = send
    try {
      const queue = current.current.filter((item) => (only ? only(item) : item.status === 'ready'))
      for (const item of queue) {
        if (!current.current.some((candidate) => candidate.id === item.id)) continue
        dispatch({ type: 'start', id: item.id })
        try {
          const documents = await send(item, (progress) => dispatch({ type: 'progress', id: item.id, progress }))
          dispatch({ type: 'done', id: item.id, documents })
          outcome.done++
        } catch (error) {
          const { message, offline } = uploadErrorMessage(item.file, error)
          dispatch({ type: 'failed', id: item.id, error: message, offline })
          outcome.failed++
        }
      }
    } finally {
      running.current = false
    }
    return outcome
  }, [])

  const retry = useCallback((send: SendFile, id?: string) => run(send, (item) => item.status === 'failed' && (id === undefined || item.id === id)), [run])

  // Files that failed for want of a network go again when it returns.
  useEffect(() => {
    const onOnline = () => {
      const send = lastSend.current
      if (send && current.current.some((item) => item.status === 'failed' && item.offline)) void run(send, (item) => item.status === 'failed' && item.offline === true)
    }
    window.addEventListener('online', onOnline)
    return () => window.removeEventListener('online', onOnline)
  }, [run])

  return { items, add, remove, clear, recheck, run, retry }
}
