/**
 * Runs `run` at the browser's next idle moment, at most `timeoutMs` later. Where there is no
 * requestIdleCallback (Safari), after `fallbackMs` (200 ms, or the timeout if shorter). Returns the cancel.
 */
export function whenIdle(run: () => void, timeoutMs: number, fallbackMs = Math.min(timeoutMs, 200)): () => void {
  if (typeof globalThis.requestIdleCallback === 'function') {
    const id = globalThis.requestIdleCallback(run, { timeout: timeoutMs })
    return () => globalThis.cancelIdleCallback(id)
  }
  const timer = setTimeout(run, fallbackMs)
  return () => clearTimeout(timer)
}
