import { describe, expect, it } from 'vitest'
import { buildPdf, pdfTextString, readJpegInfo } from './scan-pdf'

/** The markers of a JPEG (SOI, an EXIF block, a baseline frame header) without image data. */
function jpegHeader(width: number, height: number, orientation?: number): Uint8Array {
  const bytes = [0xff, 0xd8]
  if (orientation !== undefined) {
    // APP1 "Exif\0\0", little-endian TIFF header, one IFD entry: 0x0112 (orientation), SHORT, 1.
    const tiff = [
      0x49,
      0x49,
      0x2a,
      0x00,
      0x08,
      0x00,
      0x00,
      0x00,
      0x01,
      0x00,
      0x12,
      0x01,
      0x03,
      0x00,
      0x01,
      0x00,
      0x00,
      0x00,
      orientation,
      0x00,
      0x00,
      0x00,
      0x00,
      0x00,
      0x00,
      0x00,
    ]
    const payload = [0x45, 0x78, 0x69, 0x66, 0x00, 0x00, ...tiff]
    bytes.push(0xff, 0xe1, (payload.length + 2) >> 8, (payload.length + 2) & 0xff, ...payload)
  }
  bytes.push(0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 0xff, width >> 8, width & 0xff, 0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1)
  bytes.push(0xff, 0xd9)
  return new Uint8Array(bytes)
}

const latin1 = (bytes: Uint8Array) => Array.from(bytes, (byte) => String.fromCharCode(byte)).join('')

describe('photos as one PDF', () => {
  it('reads a JPEG’s size, colours and the way the camera held it', () => {
    expect(readJpegInfo(jpegHeader(1200, 1600))).toEqual({ width: 1200, height: 1600, components: 3, orientation: 1 })
    expect(readJpegInfo(jpegHeader(1600, 1200, 6))?.orientation).toBe(6)
    expect(readJpegInfo(new Uint8Array([0x89, 0x50, 0x4e, 0x47]))).toBeNull()
  })

  it('makes one page per photo, in order, each JPEG embedded as it is, with a valid cross-reference table', () => {
    const photos = [jpegHeader(100, 200), jpegHeader(300, 150), jpegHeader(100, 100)].map((jpeg, index) => ({
      jpeg,
      width: [100, 300, 100][index],
      height: [200, 150, 100][index],
      components: 3 as const,
    }))
    const pdf = latin1(buildPdf(photos))
    expect(pdf.startsWith('%PDF-1.4')).toBe(true)
    expect(pdf).toContain('/Count 3')
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(3)
    expect(pdf.match(/\/Filter \/DCTDecode/g)).toHaveLength(3)
    // Pages keep the photos' order and proportions (US Letter width).
    const boxes = [...pdf.matchAll(/\/MediaBox \[0 0 ([\d.]+) ([\d.]+)\]/g)].map((match) => [Number(match[1]), Number(match[2])])
    expect(boxes).toEqual([
      [612, 1224],
      [612, 306],
      [612, 612],
    ])
    // Every offset of the xref table points at its object.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1])
    const rows = pdf
      .slice(xref)
      .split('\n')
      .slice(2)
      .filter((row) => / 00000 n $/.test(row))
    rows.forEach((row, index) => expect(pdf.slice(Number(row.slice(0, 10)), Number(row.slice(0, 10)) + 12)).toMatch(new RegExp(`^${index + 1} 0 obj`)))
    expect(rows).toHaveLength(2 + 3 * 3)
    expect(pdf).not.toContain('/Info')
  })

  it('carries its title in the information dictionary, so a PDF viewer shows it instead of the address', () => {
    const photo = { jpeg: jpegHeader(100, 100), width: 100, height: 100, components: 3 as const }
    const pdf = latin1(buildPdf([photo], { title: 'Tax Notice, Café Holdings LLC, received 2026-11-24' }))
    const info = /\/Info (\d+) 0 R/.exec(pdf)
    expect(info).not.toBeNull()
    expect(pdf).toContain(`${info![1]} 0 obj\n<< /Title ${pdfTextString('Tax Notice, Café Holdings LLC, received 2026-11-24')}`)
    expect(pdfTextString('Café')).toBe('<FEFF00430061006600E9>')
    // The information dictionary is in the cross-reference table too.
    const xref = Number(/startxref\n(\d+)/.exec(pdf)![1])
    const rows = pdf
      .slice(xref)
      .split('\n')
      .slice(2)
      .filter((row) => / 00000 n $/.test(row))
    expect(rows).toHaveLength(2 + 3 + 1)
    expect(pdf.slice(Number(rows[5].slice(0, 10)))).toMatch(new RegExp(`^${info![1]} 0 obj`))
  })
})
