import { describe, expect, it } from 'vitest'
import { clearProgress, progressOf, reportProgress } from './progress'

describe('upload progress', () => {
  it('reports the bytes sent and the speed over the last seconds', () => {
    reportProgress(1, 0, 10_000_000, 0)
    expect(progressOf(1)).toEqual({ sent: 0, total: 10_000_000, bytesPerSecond: null })
    reportProgress(1, 500_000, 10_000_000, 1000)
    expect(progressOf(1)?.bytesPerSecond).toBe(500_000)
    reportProgress(1, 1_000_000, 10_000_000, 2000)
    reportProgress(1, 1_500_000, 10_000_000, 3000)
    // Faster now: the window keeps the last three seconds only.
    reportProgress(1, 4_500_000, 10_000_000, 4000)
    reportProgress(1, 7_500_000, 10_000_000, 5000)
    expect(progressOf(1)?.sent).toBe(7_500_000)
    expect(progressOf(1)?.bytesPerSecond).toBeGreaterThan(2_000_000)
  })

  it('starts the measure again when a resumed upload goes back to the server’s offset', () => {
    reportProgress(2, 0, 1000, 0)
    reportProgress(2, 800, 1000, 1000)
    reportProgress(2, 600, 1000, 1500)
    reportProgress(2, 700, 1000, 2000)
    expect(progressOf(2)).toEqual({ sent: 700, total: 1000, bytesPerSecond: 200 })
  })

  it('forgets an upload that is no longer being sent', () => {
    reportProgress(3, 10, 100, 0)
    clearProgress(3)
    expect(progressOf(3)).toBeUndefined()
  })
})
