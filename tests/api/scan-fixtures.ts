import { createCanvas } from '@napi-rs/canvas'

/**
 * Small documents made in the test, each carrying words: a PNG letter (a scan), a PDF with a text layer
 * and a PDF whose only page is a scanned image (no text layer).
 */

/** A white page with the lines in black, as a scanner gives it (150 dpi, one third of a US Letter page). */
async function scanImage(lines: string[], format: 'png' | 'jpeg') {
  const canvas = createCanvas(1275, 120 + lines.length * 90)
  const context = canvas.getContext('2d')
  context.fillStyle = '#ffffff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.fillStyle = '#000000'
  context.font = '44px sans-serif'
  lines.forEach((line, i) => context.fillText(line, 70, 110 + i * 90))
  return { bytes: format === 'png' ? await canvas.encode('png') : await canvas.encode('jpeg', 92), width: canvas.width, height: canvas.height }
}

export async function pngLetter(lines: string[]): Promise<Uint8Array<ArrayBuffer>> {
  return new Uint8Array((await scanImage(lines, 'png')).bytes)
}

/** A PDF file from its objects (numbered from 1 in order), with a correct cross-reference table. */
export function pdfFile(objects: (string | Uint8Array)[][]): Uint8Array<ArrayBuffer> {
  const parts: Uint8Array[] = []
  const offsets: number[] = []
  let length = 0
  const push = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : part
    parts.push(bytes)
    length += bytes.length
  }
  push('%PDF-1.4\n')
  objects.forEach((object, i) => {
    offsets.push(length)
    push(`${i + 1} 0 obj\n`)
    object.forEach(push)
    push('\nendobj\n')
  })
  const xref = length
  push(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`)
  for (const offset of offsets) push(`${String(offset).padStart(10, '0')} 00000 n \n`)
  push(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`)
  return new Uint8Array(Buffer.concat(parts))
}

const escape = (text: string) => text.replace(/[\\()]/g, (c) => `\\${c}`)

/** A one-page PDF whose words are in its text layer (Helvetica). */
export function textPdf(lines: string[]): Uint8Array<ArrayBuffer> {
  const content = `BT /F1 14 Tf 72 720 Td 18 TL ${lines.map((line) => `(${escape(line)}) Tj T*`).join(' ')} ET`
  return pdfFile([
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    ['<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>'],
    ['<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'],
    [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`],
  ])
}

/** A one-page PDF holding only a scanned image of the lines (JPEG), without a text layer. */
export async function imagePdf(lines: string[]): Promise<Uint8Array<ArrayBuffer>> {
  const image = await scanImage(lines, 'jpeg')
  // The image fills the page's width at 150 dpi.
  const width = (image.width * 72) / 150
  const height = (image.height * 72) / 150
  const content = `q ${width} 0 0 ${height} 0 ${792 - height} cm /Im1 Do Q`
  return pdfFile([
    ['<< /Type /Catalog /Pages 2 0 R >>'],
    ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'],
    ['<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im1 4 0 R >> >> /Contents 5 0 R >>'],
    [
      `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${image.bytes.length} >>\nstream\n`,
      image.bytes,
      '\nendstream',
    ],
    [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`],
  ])
}
