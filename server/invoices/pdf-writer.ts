/**
 * A small PDF 1.4 writer: US Letter pages of text (the standard Helvetica fonts, WinAnsi encoding),
 * lines and filled rectangles. Enough for a printable invoice without a dependency; see
 * docs/decisions/2026-11-21-invoice-pdf.md. Coordinates are points from the bottom-left corner.
 */

export type FontName = 'regular' | 'bold'

const FONT_RESOURCE: Record<FontName, string> = { regular: 'F1', bold: 'F2' }

// Advance widths (1/1000 em) of characters 32..126 from the Adobe Helvetica and Helvetica-Bold metrics.
// prettier-ignore
const HELVETICA = [
  278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 278, 278, 584, 584, 584, 556, 1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667,
  556, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556, 333, 556,
  556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556, 556, 556, 333, 500, 278, 556, 500, 722,
  500, 500, 500, 334, 260, 334, 584,
]
// prettier-ignore
const HELVETICA_BOLD = [
  278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278, 556, 556, 556, 556, 556, 556,
  556, 556, 556, 556, 333, 333, 584, 584, 584, 611, 975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722,
  611, 833, 722, 778, 667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556, 333, 556,
  611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611, 611, 611, 389, 556, 333, 611, 556, 778,
  556, 556, 500, 389, 280, 389, 584,
]

// Characters outside Latin-1 that WinAnsiEncoding still has.
const WIN_ANSI_EXTRA: Record<string, number> = {
  '€': 0x80,
  '‚': 0x82,
  ƒ: 0x83,
  '„': 0x84,
  '…': 0x85,
  '†': 0x86,
  '‡': 0x87,
  ˆ: 0x88,
  '‰': 0x89,
  Š: 0x8a,
  '‹': 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  '‘': 0x91,
  '’': 0x92,
  '“': 0x93,
  '”': 0x94,
  '•': 0x95,
  '–': 0x96,
  '—': 0x97,
  '˜': 0x98,
  '™': 0x99,
  š: 0x9a,
  '›': 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
}

/** The text's WinAnsi codes; characters the standard fonts cannot show become '?'. */
function encode(text: string): number[] {
  const codes: number[] = []
  for (const ch of text.normalize('NFC')) {
    const cp = ch.codePointAt(0)!
    if (cp >= 0x20 && cp <= 0x7e) codes.push(cp)
    else if (cp >= 0xa0 && cp <= 0xff) codes.push(cp)
    else if (ch in WIN_ANSI_EXTRA) codes.push(WIN_ANSI_EXTRA[ch])
    else if (cp === 0x09 || cp === 0x0a || cp === 0x0d) codes.push(0x20)
    else codes.push(0x3f)
  }
  return codes
}

/** Width of text in points at the given size. */
export function textWidth(text: string, font: FontName, size: number): number {
  const table = font === 'bold' ? HELVETICA_BOLD : HELVETICA
  let units = 0
  for (const code of encode(text)) units += code >= 32 && code <= 126 ? table[code - 32] : 556
  return (units * size) / 1000
}

/** Splits text into lines no wider than maxWidth, breaking at spaces (or inside a word too long for a line). */
export function wrapText(text: string, font: FontName, size: number, maxWidth: number): string[] {
  const lines: string[] = []
  for (const paragraph of text.split(/\r?\n/)) {
    let line = ''
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word
      if (textWidth(candidate, font, size) <= maxWidth) {
        line = candidate
        continue
      }
      if (line) lines.push(line)
      let rest = word
      while (textWidth(rest, font, size) > maxWidth) {
        let cut = rest.length - 1
        while (cut > 1 && textWidth(rest.slice(0, cut), font, size) > maxWidth) cut--
        lines.push(rest.slice(0, cut))
        rest = rest.slice(cut)
      }
      line = rest
    }
    lines.push(line)
  }
  return lines
}

const literal = (text: string) =>
  `(${encode(text)
    .map((code) => {
      if (code === 0x28 || code === 0x29 || code === 0x5c) return `\\${String.fromCharCode(code)}`
      return code < 0x80 ? String.fromCharCode(code) : `\\${code.toString(8).padStart(3, '0')}`
    })
    .join('')})`

const num = (n: number) => (Math.round(n * 100) / 100).toString()

export class PdfPage {
  readonly ops: string[] = []

  text(text: string, x: number, y: number, options: { font?: FontName; size?: number; align?: 'left' | 'right'; gray?: number } = {}) {
    const font = options.font ?? 'regular'
    const size = options.size ?? 10
    const left = options.align === 'right' ? x - textWidth(text, font, size) : x
    const fill = options.gray !== undefined ? `${num(options.gray)} g ` : '0 g '
    this.ops.push(`BT ${fill}/${FONT_RESOURCE[font]} ${num(size)} Tf ${num(left)} ${num(y)} Td ${literal(text)} Tj ET`)
  }

  line(x1: number, y1: number, x2: number, y2: number, options: { width?: number; gray?: number } = {}) {
    this.ops.push(`${num(options.gray ?? 0)} G ${num(options.width ?? 0.5)} w ${num(x1)} ${num(y1)} m ${num(x2)} ${num(y2)} l S`)
  }

  rect(x: number, y: number, width: number, height: number, gray: number) {
    this.ops.push(`${num(gray)} g ${num(x)} ${num(y)} ${num(width)} ${num(height)} re f 0 g`)
  }
}

export class PdfDocument {
  static readonly WIDTH = 612
  static readonly HEIGHT = 792
  readonly pages: PdfPage[] = []

  constructor(private readonly info: { title: string; creationDate: Date }) {}

  addPage(): PdfPage {
    const page = new PdfPage()
    this.pages.push(page)
    return page
  }

  /** The finished file. */
  toBytes(): Uint8Array {
    const objects: string[] = []
    const add = (body: string) => objects.push(body) // object number = index + 1
    const pageCount = this.pages.length
    const firstPage = 5
    add('<< /Type /Catalog /Pages 2 0 R >>')
    add(`<< /Type /Pages /Kids [${this.pages.map((_, i) => `${firstPage + i * 2} 0 R`).join(' ')}] /Count ${pageCount} >>`)
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
    add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>')
    for (const [i, page] of this.pages.entries()) {
      const contentRef = firstPage + i * 2 + 1
      add(
        `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PdfDocument.WIDTH} ${PdfDocument.HEIGHT}] ` +
          `/Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentRef} 0 R >>`,
      )
      const stream = page.ops.join('\n')
      add(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`)
    }
    const d = this.info.creationDate
    const stamp = `D:${d.getUTCFullYear()}${[d.getUTCMonth() + 1, d.getUTCDate(), d.getUTCHours(), d.getUTCMinutes(), d.getUTCSeconds()]
      .map((n) => String(n).padStart(2, '0'))
      .join('')}Z`
    add(`<< /Title ${literal(this.info.title)} /Producer (Client Portal) /CreationDate (${stamp}) >>`)
    const infoRef = objects.length

    // Every string above holds only single-byte characters, so string length is byte length.
    let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n'
    const offsets: number[] = []
    for (const [i, body] of objects.entries()) {
      offsets.push(out.length)
      out += `${i + 1} 0 obj\n${body}\nendobj\n`
    }
    const xref = out.length
    out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`
    for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`
    out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${infoRef} 0 R >>\nstartxref\n${xref}\n%%EOF\n`
    return Uint8Array.from(Buffer.from(out, 'latin1'))
  }
}
