import { whenIdle } from '~/lib/idle'

/**
 * "The signed-in page is on screen": set once the page inside the frame has first rendered (AfterFrame
 * in app-layout), so that work the page does not need (building the top bar's menus, fetching the
 * phone drawer's code) starts after it rather than competing with it for the network and the CPU.
 */
let shown = false
const waiting = new Set<() => void>()

export function markPageShown(): void {
  if (shown) return
  shown = true
  for (const run of waiting) run()
  waiting.clear()
}

/**
 * Runs `run` once the page has been shown and the browser then has an idle moment (at most
 * `timeoutMs` later). Returns a cancel function.
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
