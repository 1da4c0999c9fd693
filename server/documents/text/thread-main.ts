import { parentPort } from 'node:worker_threads'
import { closeOcr, extractText } from './extract'

/** Inside the text thread: reads one document at a time, as the server's reader asks (./thread.ts). */
export interface TextRequest {
  id: number
  bytes: Uint8Array
  contentType: string
}
/** The answer to a request, or word that one more page of it was read (the reader is making headway). */
export type TextAnswer = { id: number; text: string } | { id: number; error: string } | { id: number; pageDone: number }

const port = parentPort
if (port) {
  port.on('message', (request: TextRequest | 'close') => {
    if (request === 'close') {
      void closeOcr().finally(() => port.close())
      return
    }
    const pageDone = (page: number) => port.postMessage({ id: request.id, pageDone: page } satisfies TextAnswer)
    extractText(request.bytes, request.contentType, pageDone).then(
      (text) => port.postMessage({ id: request.id, text } satisfies TextAnswer),
      (error: unknown) => port.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) } satisfies TextAnswer),
    )
  })
}
