import { Worker } from 'node:worker_threads'
import type { TextAnswer, TextRequest } from './thread-main'

/**
 * The worker thread that reads documents' words, off the thread that answers requests. One document at
 * a time; a reading that takes longer than `timeoutMs` ends the thread (a new one starts for the next),
 * and so does a thread left idle for `idleMs`, which gives back the OCR engine's memory.
 */
export class TextThread {
  private worker: Worker | null = null
  private pending: { id: number; resolve: (text: string) => void; reject: (error: Error) => void } | null = null
  private nextId = 1
  private idleTimer: NodeJS.Timeout | null = null

  constructor(private readonly options: { timeoutMs?: number; idleMs?: number } = {}) {}

  private start(): Worker {
    const worker = new Worker(new URL('./thread-entry.mjs', import.meta.url), {
      // The JavaScript heap of the reader; the OCR engine's WebAssembly memory comes on top (about 100 MB a page).
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    })
    worker.unref()
    worker.on('message', (answer: TextAnswer) => {
      const pending = this.pending
      if (!pending || pending.id !== answer.id) return
      this.pending = null
      if ('text' in answer) pending.resolve(answer.text)
      else pending.reject(new Error(answer.error))
    })
    const lost = (error: Error) => {
      if (this.worker === worker) this.worker = null
      const pending = this.pending
      this.pending = null
      pending?.reject(error)
    }
    worker.on('error', lost)
    worker.on('exit', (code) => lost(new Error(`the text reader stopped (exit code ${code})`)))
    return worker
  }

  /** The words of one file. */
  read(bytes: Uint8Array, contentType: string): Promise<string> {
    if (this.pending) return Promise.reject(new Error('the text reader is busy'))
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.worker ??= this.start()
    const worker = this.worker
    const id = this.nextId++
    const timeoutMs = this.options.timeoutMs ?? 5 * 60_000
    return new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`reading took longer than ${Math.round(timeoutMs / 1000)} s`))
        this.pending = null
        void worker.terminate()
      }, timeoutMs)
      timer.unref()
      this.pending = {
        id,
        resolve: (text) => (clearTimeout(timer), resolve(text)),
        reject: (error) => (clearTimeout(timer), reject(error)),
      }
      worker.postMessage({ id, bytes, contentType } satisfies TextRequest, [bytes.buffer as ArrayBuffer])
    }).finally(() => {
      this.idleTimer = setTimeout(() => void this.close(), this.options.idleMs ?? 120_000)
      this.idleTimer.unref()
    })
  }

  async close(): Promise<void> {
    if (this.idleTimer) clearTimeout(this.idleTimer)
    const worker = this.worker
    this.worker = null
    if (!worker) return
    await worker.terminate()
  }
}
