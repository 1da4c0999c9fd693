import { describe, expect, it } from 'vitest'
import { todayYmd } from '~/lib/dates'
import { detailsOf, fileDetailsProblem } from './upload-files'

const batch = { documentTypeId: '6', jurisdiction: '3', dateReceived: '2026-11-30' }

describe("a file's details over its batch's", () => {
  it('takes the batch’s where the file has none of its own', () => {
    expect(detailsOf(batch, undefined)).toEqual(batch)
    expect(detailsOf(batch, { documentTypeId: '5' })).toEqual({ ...batch, documentTypeId: '5' })
    expect(detailsOf(batch, { jurisdiction: '1', dateReceived: '2026-11-29' })).toEqual({ documentTypeId: '6', jurisdiction: '1', dateReceived: '2026-11-29' })
  })

  it('refuses a date received in the future, and only that', () => {
    const tomorrow = new Date(Date.parse(`${todayYmd()}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10)
    expect(fileDetailsProblem({ dateReceived: tomorrow })).toBe('The date received cannot be in the future')
    expect(fileDetailsProblem({ dateReceived: todayYmd() })).toBeNull()
    expect(fileDetailsProblem(undefined)).toBeNull()
  })
})
