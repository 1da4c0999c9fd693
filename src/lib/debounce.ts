import { useEffect, useLayoutEffect, useMemo, useRef } from 'react'

export type Debounced<A extends unknown[]> = {
  (...args: A): void
  /** Runs a pending call now. */
  flush: () => void
  cancel: () => void
}

/** Calls `fn` once `delayMs` have passed without another call. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, delayMs: number): Debounced<A> {
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending: A | undefined
  const run = () => {
    timer = undefined
    if (!pending) return
    const args = pending
    pending = undefined
    fn(...args)
  }
  const debounced = (...args: A) => {
    pending = args
    if (timer !== undefined) clearTimeout(timer)
    timer = setTimeout(run, delayMs)
  }
  debounced.flush = () => {
    if (timer !== undefined) clearTimeout(timer)
    run()
  }
  debounced.cancel = () => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    pending = undefined
  }
  return debounced
}

/**
 * A stable debounced callback that always calls the latest `fn`; a pending call is dropped on unmount.
 */
export function useDebouncedCallback<A extends unknown[]>(fn: (...args: A) => void, delayMs: number): Debounced<A> {
  const latest = useRef(fn)
  useLayoutEffect(() => {
    latest.current = fn
  })
  const debounced = useMemo(() => debounce((...args: A) => latest.current(...args), delayMs), [delayMs])
  useEffect(() => () => debounced.cancel(), [debounced])
  return debounced
}
