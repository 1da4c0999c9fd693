import { describe, expect, it } from 'vitest'
import { fileNameFromDisposition } from './download'

describe("the server's file name", () => {
  it('takes the plain Content-Disposition name', () => {
    expect(fileNameFromDisposition('attachment; filename="invoice-INV-2026-0001.pdf"')).toBe('invoice-INV-2026-0001.pdf')
    expect(fileNameFromDisposition('inline; filename=report.pdf')).toBe('report.pdf')
  })

  it('prefers the UTF-8 name and falls back to the plain one when it cannot be decoded', () => {
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''invoice%20A.pdf")).toBe('invoice A.pdf')
    expect(fileNameFromDisposition('attachment; filename="plain.pdf"; filename*=UTF-8\'\'bad%E0%A4')).toBe('plain.pdf')
  })

  it('answers null without a header or a name', () => {
    expect(fileNameFromDisposition(null)).toBeNull()
    expect(fileNameFromDisposition('attachment')).toBeNull()
  })
})
