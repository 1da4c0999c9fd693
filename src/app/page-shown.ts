import { whenIdle } from '~/lib/idle'

/**
 * "The signed-in page is on screen with its data": set once the page inside the frame has first
 * rendered (AfterFrame in app-layout) and then the data it asked for has come in (or a few seconds have
 * passed), so that work the page does not need (building the top bar's menus, fetching the phone
 * drawer's code, the start-up chores) starts after it rather than competing with the page's own
 * requests and rendering for the network and the CPU.
 */
let shown = false
let marked = false
const waiting = new Set<() => void>()

/** The longest the page's data is waited for. */
export const PAGE_DATA_WAIT_MS = 4000

let dataSignal: () => Promise<void> = () => Promise.resolve()

/** How the app tells that the page's data is in (src/start.tsx: no query is on its way). */
export function setPageDataSignal(signal: () => Promise<void>): void {
  dataSignal = signal
}

/** Settles once the page's data is in, or after PAGE_DATA_WAIT_MS. */
export function pageDataIn(): Promise<void> {
  return Promise.race([dataSignal(), new Promise<void>((resolve) => setTimeout(resolve, PAGE_DATA_WAIT_MS))])
}

export function markPageShown(): void {
  if (marked) return
  marked = true
  void pageDataIn().then(() => {
    shown = true
    for (const run of waiting) run()
    waiting.clear()
  })
}

/**
 * Runs `run` once the page has been shown with its data and the browser then has an idle moment (at
 * most `timeoutMs` later). Returns a cancel function.
 */
export function afterPageShown(run: () => void, timeoutMs = 1500): () => void {
  let cancelIdle = () => {}
  const start = () => {
    cancelIdle = whenIdle(run, timeoutMs)
  }
  if (shown) start()
  else waiting.add(start)
  return () => {
    waiting.delete(start)
    cancelIdle()
  }
}
