import { EventEmitter } from 'node:events'
import { describe, expect, it } from 'vitest'
import type { Logger } from '../logger'
import { startQueueLoop } from './queue-loop'

const logged: string[] = []
const logger: Logger = { debug() {}, info() {}, warn() {}, error: (msg) => logged.push(msg) }

/** A pass that waits until let go, counting its runs. */
function heldPass() {
  let release: () => void = () => {}
  const state = {
    runs: 0,
    more: false,
    release: () => release(),
    pass: async () => {
      state.runs++
      await new Promise<void>((resolve) => (release = resolve))
      return state.more
    },
  }
  return state
}

describe('startQueueLoop (the loop of the text reader and the notification worker)', () => {
  it('runs one pass at a time, and once more when asked while one ran', async () => {
    const held = heldPass()
    const loop = startQueueLoop({ name: 'test', logger, pass: held.pass, hints: new EventEmitter(), hintDelaysMs: [], pollMs: 60_000 })
    const first = loop.drain()
    void loop.drain()
    void loop.drain()
    expect(held.runs).toBe(1)
    held.release()
    await new Promise((resolve) => setImmediate(resolve))
    // The two asks during the first pass make one more pass, not two.
    expect(held.runs).toBe(2)
    held.release()
    await first
    expect(held.runs).toBe(2)
    await loop.stop()
  })

  it('passes again at once while a pass says more is waiting', async () => {
    let runs = 0
    const loop = startQueueLoop({ name: 'test', logger, pass: async () => ++runs < 3, hints: new EventEmitter(), hintDelaysMs: [], pollMs: 60_000 })
    await loop.drain()
    expect(runs).toBe(3)
    await loop.stop()
  })

  it('passes after a hint, logs a failed pass and goes on, and runs nothing after stop', async () => {
    const hints = new EventEmitter()
    let runs = 0
    let passed: () => void = () => {}
    const loop = startQueueLoop({
      name: 'hinted',
      logger,
      hints,
      hintDelaysMs: [1],
      pollMs: 60_000,
      pass: async () => {
        runs++
        passed()
        if (runs === 1) throw new Error('boom')
      },
    })
    await new Promise<void>((resolve) => {
      passed = resolve
      hints.emit('queued')
    })
    expect(runs).toBe(1)
    await loop.drain()
    expect(logged).toContain('hinted pass failed')
    expect(runs).toBe(2)
    await loop.stop()
    expect(hints.listenerCount('queued')).toBe(0)
    await loop.drain()
    expect(runs).toBe(2)
  })
})
