import { afterEach, describe, expect, it } from 'vitest'
import { TextThread } from './thread'

const entry = new URL('./thread.test-reader.mjs', import.meta.url)
// Far longer than one step of the stand-in reader (100 ms), even on a busy machine; far shorter than a document.
const stepTimeoutMs = 2_000

describe('the text thread', () => {
  let thread: TextThread | undefined
  afterEach(async () => {
    await thread?.close()
  })

  it('reads a document longer than the limit while its pages keep coming', async () => {
    thread = new TextThread({ entry, stepTimeoutMs })
    const pages: number[] = []
    // Forty pages 100 ms apart: twice the limit for one step in all.
    await expect(thread.read(new Uint8Array(4), 'pages:40:100', () => pages.push(pages.length + 1))).resolves.toBe('read 40 pages')
    expect(pages).toHaveLength(40)
  })

  it('gives up on a reading that finishes no page within the limit, and reads the next document', async () => {
    thread = new TextThread({ entry, stepTimeoutMs })
    await expect(thread.read(new Uint8Array(4), 'stuck')).rejects.toThrow('reading one page took longer than 2 s')
    await expect(thread.read(new Uint8Array(4), 'pages:3:100')).resolves.toBe('read 3 pages')
  })
})
