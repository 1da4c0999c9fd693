import '@testing-library/jest-dom/vitest'
import { i18n } from '@lingui/core'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'

// findBy* and waitFor wait for their condition up to 5 s (1 s by default): a machine busy with other
// work must not fail a test that is only slower.
configure({ asyncUtilTimeout: 5000 })

// Components read their texts through Lingui; in tests they show the English written in the code.
i18n.loadAndActivate({ locale: 'en', messages: {} })

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
