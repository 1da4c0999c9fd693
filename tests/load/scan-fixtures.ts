import { randomBytes } from 'node:crypto'
import { createCanvas } from '@napi-rs/canvas'
import { pdfFile } from '../api/scan-fixtures'

/**
 * The documents the scan benchmarks read and download, made on the spot (as tests/api/scan-fixtures.ts
 * makes the API tests' ones): a one-page letter scanned at 300 dpi, an image-only PDF of such pages
 * (no text layer: every page goes through OCR) and a "searchable" scan of a given size (a page image with
 * its words in a text layer, as scanners that read the words themselves produce).
 */

/** US Letter at 300 dpi. */
export const LETTER_300DPI = { width: 2550, height: 3300 }

const PARAGRAPHS = [
  'We are writing to inform you that the annual report for the company named above has not been received by this office. Florida law requires every active corporation and limited liability company to file its annual report between January 1 and May 1 of each year.',
  'If the report is not filed by the third Friday of September, the company will be administratively dissolved and its name may become available to another entity. A late fee of four hundred dollars applies to reports filed after May 1.',
  'You may file the report online with a credit card. Please have the document number, the names and addresses of the officers or managers, and the name of the registered agent ready before you begin.',
  'Questions about this notice may be directed to the Division of Corporations at the address on this letter. Please include the reference number shown above with any correspondence so that we can find your records quickly.',
  'This notice was generated for the registered agent of record. If you are not the agent for this company, please forward this letter to the company at its principal address and notify us of the change.',
]

/** The lines of one page of a letter: letterhead, addresses, reference, paragraphs wrapped as typed. */
export function letterLines(page: number, marker: string): { text: string; size: number; bold?: boolean }[] {
  const lines: { text: string; size: number; bold?: boolean }[] = [
    { text: 'DEPARTMENT OF STATE, DIVISION OF CORPORATIONS', size: 58, bold: true },
    { text: 'Post Office Box 6327, Tallahassee, Florida 32314', size: 42 },
    { text: '', size: 42 },
    { text: `November ${(page % 27) + 1}, 2026`, size: 50 },
    { text: '', size: 50 },
    { text: 'Sunshine Holdings, LLC', size: 50 },
    { text: 'c/o Registered Agent Services', size: 50 },
    { text: '1200 Brickell Avenue, Suite 1950', size: 50 },
    { text: 'Miami, FL 33131', size: 50 },
    { text: '', size: 50 },
    { text: `Re: Document number L${String(21000000 + page * 7919).padStart(11, '0')}, reference ${marker}`, size: 50, bold: true },
    { text: '', size: 50 },
    { text: 'Dear Registered Agent:', size: 50 },
    { text: '', size: 50 },
  ]
  const paragraphs = [...PARAGRAPHS.slice(page % PARAGRAPHS.length), ...PARAGRAPHS.slice(0, page % PARAGRAPHS.length)]
  for (const paragraph of paragraphs) {
    let line = ''
    for (const word of paragraph.split(' ')) {
      if ((line + ' ' + word).trim().length > 78) {
        lines.push({ text: line, size: 50 })
        line = word
      } else line = (line + ' ' + word).trim()
    }
    lines.push({ text: line, size: 50 }, { text: '', size: 50 })
  }
  lines.push({ text: 'Sincerely,', size: 50 }, { text: '', size: 50 }, { text: 'Annual Report Section', size: 50 }, { text: `Page ${page + 1}`, size: 42 })
  return lines
}

/** One page of the letter, drawn as a scanner at 300 dpi gives it: black serif type on white. */
function letterCanvas(page: number, marker: string) {
  const canvas = createCanvas(LETTER_300DPI.width, LETTER_300DPI.height)
  const context = canvas.getContext('2d')
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.fillStyle = '#111111'
  let y = 300
  for (const line of letterLines(page, marker)) {
    context.font = `${line.bold ? 'bold ' : ''}${line.size}px serif`
    if (line.text) context.fillText(line.text, 300, y)
    y += Math.round(line.size * 1.45)
  }
  return canvas
}

/** A one-page letter scanned at 300 dpi, as PNG. */
export async function letterPng(marker: string): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array(await letterCanvas(0, marker).encode('png'))
}

const imageObject = (jpeg: Uint8Array, width: number, height: number): (string | Uint8Array)[] => [
  `<< /Type /XObject /Subtype /Image /Width ${width} /Height ${height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
  jpeg,
  '\nendstream',
]

/**
 * An image-only PDF of `pages` letter pages, each a 300 dpi JPEG filling a US Letter page: no text layer,
 * so the reader renders and OCRs every page.
 */
export async function imageOnlyPdf(pages: number, marker: string): Promise<Uint8Array<ArrayBuffer>> {
  // Objects: 1 catalog, 2 pages, then per page: page, image, content.
  const objects: (string | Uint8Array)[][] = [['<< /Type /Catalog /Pages 2 0 R >>'], []]
  const kids: string[] = []
  for (let page = 0; page < pages; page++) {
    const first = objects.length + 1
    kids.push(`${first} 0 R`)
    const jpeg = new Uint8Array(await letterCanvas(page, marker).encode('jpeg', 85))
    const content = `q 612 0 0 792 0 0 cm /Im1 Do Q`
    objects.push(
      [`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 ${first + 1} 0 R >> >> /Contents ${first + 2} 0 R >>`],
      imageObject(jpeg, LETTER_300DPI.width, LETTER_300DPI.height),
      [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`],
    )
  }
  objects[1] = [`<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages} >>`]
  return pdfFile(objects)
}

const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`)

/** A JPEG of grey noise (which does not compress): the picture of a scanned page, about `bytes` long. */
async function noiseJpeg(bytes: number): Promise<{ jpeg: Uint8Array; width: number; height: number }> {
  // Noise costs about 2.1 bytes a pixel at quality 90; the page keeps US Letter's proportions.
  const height = Math.round(Math.sqrt((bytes / 2.1) * (11 / 8.5)))
  const width = Math.round((height * 8.5) / 11)
  const canvas = createCanvas(width, height)
  const context = canvas.getContext('2d')
  const image = context.createImageData(width, height)
  const noise = randomBytes(width * height)
  for (let i = 0; i < width * height; i++) {
    const grey = 128 + (noise[i] >> 1)
    image.data[i * 4] = grey
    image.data[i * 4 + 1] = grey
    image.data[i * 4 + 2] = grey
    image.data[i * 4 + 3] = 255
  }
  context.putImageData(image, 0, 0)
  return { jpeg: new Uint8Array(await canvas.encode('jpeg', 90)), width, height }
}

/**
 * Searchable scans of exactly `bytes` each: a page picture (JPEG noise, which no ZIP can shrink) under a
 * text layer with the document's own line, padded to the size with an unused object. Their text layer
 * has words enough that the reader takes it and renders nothing.
 */
export async function searchableScans(count: number, bytes: number): Promise<Uint8Array<ArrayBuffer>[]> {
  const picture = await noiseJpeg(bytes - 40_000)
  const files: Uint8Array<ArrayBuffer>[] = []
  for (let i = 0; i < count; i++) {
    const lines = [`Notice number ${i + 1} of ${count} for the registered agent`, 'Please keep this letter with the company records.']
    const content = `q 612 0 0 792 0 0 cm /Im1 Do Q BT 3 Tr /F1 12 Tf 72 720 Td 16 TL ${lines.map((line) => `(${escape(line)}) Tj T*`).join(' ')} ET`
    const objects: (string | Uint8Array)[][] = [
      ['<< /Type /Catalog /Pages 2 0 R >>'],
      ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
      ['<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 4 0 R >> /Font << /F1 5 0 R >> >> /Contents 6 0 R >>'],
      imageObject(picture.jpeg, picture.width, picture.height),
      ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'],
      [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`],
    ]
    const padded = (length: number) => pdfFile([...objects, [`<< /Length ${length} >>\nstream\n`, randomBytes(length), '\nendstream']])
    // The padding's length is written in the file too (and moves the offsets after it): a few tries.
    let padding = bytes - padded(0).length
    let file = padded(Math.max(0, padding))
    for (let tries = 0; file.length !== bytes && tries < 4; tries++) {
      padding += bytes - file.length
      if (padding < 0) throw new Error(`a ${bytes}-byte scan cannot hold its page`)
      file = padded(padding)
    }
    if (file.length !== bytes) throw new Error(`the scan came out ${file.length} bytes, not ${bytes}`)
    files.push(file)
  }
  return files
}
