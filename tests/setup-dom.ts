import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

// A test fails on an unexpected console.error.
let errorSpy: ReturnType<typeof vi.spyOn>
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error')
})
afterEach(() => {
  cleanup()
  const calls = errorSpy.mock.calls
  errorSpy.mockRestore()
  if (calls.length) throw new Error(`Unexpected console.error: ${calls.map((c: unknown[]) => c.map(String).join(' ')).join('\n')}`)
})
