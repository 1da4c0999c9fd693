import { describe, expect, it } from 'vitest'
import { formatBytes, tooLargeMessage } from './file-size'

describe('file sizes in words', () => {
  it('uses the largest unit the size reaches, with one decimal only when needed', () => {
    expect(formatBytes(25 * 1024 * 1024)).toBe('25 MB')
    expect(formatBytes(1536)).toBe('1.5 KB')
    expect(formatBytes(2_516_582)).toBe('2.4 MB')
    expect(formatBytes(3 * 1024 ** 3)).toBe('3 GB')
    expect(formatBytes(512)).toBe('512 bytes')
  })

  it("words a refused file as the server's 413 answer does", () => {
    expect(tooLargeMessage('scan.pdf', 25 * 1024 * 1024)).toBe(
      'scan.pdf is larger than 25 MB, the largest file the portal accepts. Split the scan or scan it at a lower resolution.',
    )
  })
})
