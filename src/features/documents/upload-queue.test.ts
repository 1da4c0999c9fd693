import { act, renderHook } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { ApiError } from '~/lib/api-client'
import { uploadErrorMessage, useUploadQueue } from './upload-queue'

const MB = 1024 * 1024
const file = (name: string, size: number) => new File([new Uint8Array(size)], name, { type: 'application/pdf' })
const TOO_LARGE = 'scan.pdf is larger than 1 MB, the largest file the portal accepts. Split the scan or scan it at a lower resolution.'

describe('the upload size limit in the form', () => {
  it('refuses a file over the limit before sending, in the server’s words, on that file’s row', () => {
    const { result } = renderHook(() => useUploadQueue())
    act(() => result.current.add([file('scan.pdf', MB + 1), file('small.pdf', MB)], MB))
    expect(result.current.items.map((item) => [item.file.name, item.status, item.error])).toEqual([
      ['scan.pdf', 'invalid', TOO_LARGE],
      ['small.pdf', 'ready', undefined],
    ])
  })

  it('checks files chosen before the limit was known once it arrives, and leaves sent files alone', () => {
    const { result } = renderHook(() => useUploadQueue())
    act(() => result.current.add([file('scan.pdf', 2 * MB), file('small.pdf', 10)], null))
    expect(result.current.items.every((item) => item.status === 'ready')).toBe(true)
    act(() => result.current.recheck(MB))
    expect(result.current.items.map((item) => [item.status, item.error])).toEqual([
      ['invalid', 'scan.pdf is larger than 1 MB, the largest file the portal accepts. Split the scan or scan it at a lower resolution.'],
      ['ready', undefined],
    ])
  })

  it('shows the server’s 413 once, not its detail and then its details repeating it', () => {
    const error = new ApiError(413, 'scan.pdf is larger than 1 MB', TOO_LARGE)
    expect(uploadErrorMessage(file('scan.pdf', 2 * MB), error)).toEqual({ message: TOO_LARGE, offline: false })
    expect(uploadErrorMessage(file('a.pdf', 1), new ApiError(422, 'Invalid form', 'Pick a type'))).toEqual({ message: 'Invalid form. Pick a type', offline: false })
    expect(uploadErrorMessage(file('a.pdf', 1), new ApiError(404, 'Client not found'))).toEqual({ message: 'Client not found', offline: false })
  })
})
