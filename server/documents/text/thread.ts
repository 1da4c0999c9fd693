import { Worker } from 'node:worker_threads'
import type { TextAnswer, TextRequest } from './thread-main'

/**
 * The worker thread that reads documents' words, off the thread that answers requests. One document at
 * a time. The time limit is per step, not per document: a reading that finishes no page (or image) within
 * `stepTimeoutMs` ends the thread (a new one starts for the next), so a long PDF on a busy machine is read
 * to its end while a reader stuck on one page is not waited for. A thread left idle for `idleMs` ends too,
 * which gives back the OCR engine's memory.
 */
export class TextThread {
  private worker: Worker | null = null
  private pending: { id: number; resolve: (text: string) => void; reject: (error: Error) => void; progressed: () => void } | null = null
  private nextId = 1
  private idleTimer: NodeJS.Timeout | null = null

  constructor(private readonly options: { stepTimeoutMs?: number; idleMs?: number; entry?: URL } = {}) {}

  private start(): Worker {
    const worker = new Worker(this.options.entry ?? new URL('./thread-entry.mjs', import.meta.url), {
      // The JavaScript heap of the reader; the OCR engine's WebAssembly memory comes on top (about 100 MB a page).
      resourceLimits: { maxOldGenerationSizeMb: 512 },
    })
    worker.unref()
    worker.on('message', (answer: TextAnswer) => {
      const pending = this.pending
      if (!pending || pending.id !== answer.id) return
      if ('pageDone' in answer) return pending.progressed()
      this.pending = null
      if ('text' in answer) pending.resolve(answer.text)
      else pending.reject(new Error(answer.error))
    })
    const lost = (error: Error) => {
      // A thread already let go of (stuck, closed) has no reading of its own left to fail.
      if (this.worker !== worker) return
      this.worker = null
      const pending = this.pending
      this.pending = null
      pending?.reject(error)
    }
    worker.on('error', lost)
    worker.on('exit', (code) => lost(new Error(`the text reader stopped (exit code ${code})`)))
    return worker
  }

  /** The words of one file; `pageDone` hears of each page read. */
  read(bytes: Uint8Array, contentType: string, pageDone: () => void = () => {}): Promise<string> {
    if (this.pending) return Promise.reject(new Error('the text reader is busy'))
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.worker ??= this.start()
    const worker = this.worker
    const id = this.nextId++
    const stepTimeoutMs = this.options.stepTimeoutMs ?? 3 * 60_000
    return new Promise<string>((resolve, reject) => {
      const stuck = () => {
        reject(new Error(`reading one page took longer than ${Math.round(stepTimeoutMs / 1000)} s`))
        this.pending = null
        // The next document gets a new thread, not this one on its way out.
        if (this.worker === worker) this.worker = null
        void worker.terminate()
      }
      let timer = setTimeout(stuck, stepTimeoutMs).unref()
      this.pending = {
        id,
        resolve: (text) => (clearTimeout(timer), resolve(text)),
        reject: (error) => (clearTimeout(timer), reject(error)),
        progressed: () => {
          clearTimeout(timer)
          timer = setTimeout(stuck, stepTimeoutMs).unref()
          pageDone()
        },
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
    const pending = this.pending
    this.worker = null
    this.pending = null
    pending?.reject(new Error('the text reader was closed'))
    if (!worker) return
    await worker.terminate()
  }
}
