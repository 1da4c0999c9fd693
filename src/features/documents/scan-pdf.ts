/**
 * Photos of a multi-page letter become one PDF, one page per photo in the order given. A JPEG goes
 * into the PDF as it is (the PDF's DCTDecode filter is JPEG), so nothing is re-compressed and no PDF
 * library is needed; other images (PNG), JPEGs a camera stored sideways (EXIF orientation) and CMYK
 * JPEGs are drawn upright on a canvas and encoded as JPEG first. Loaded only when a batch is combined.
 */

/** Page width in points (US Letter); the height follows the photo's proportions. */
const PAGE_WIDTH = 612

export interface JpegInfo {
  width: number
  height: number
  components: number
  /** EXIF orientation (1 = upright). */
  orientation: number
}

/** Reads a JPEG's size, colour components and EXIF orientation from its markers; null when not a JPEG. */
export function readJpegInfo(bytes: Uint8Array): JpegInfo | null {
  if (bytes[0] !== 0xff || bytes[1] !== 0xd8) return null
  let orientation = 1
  let offset = 2
  while (offset + 4 <= bytes.length) {
    if (bytes[offset] !== 0xff) return null
    const marker = bytes[offset + 1]
    if (marker === 0xff) {
      offset++
      continue
    }
    const length = (bytes[offset + 2] << 8) | bytes[offset + 3]
    if (marker === 0xe1) orientation = exifOrientation(bytes, offset + 4, length - 2) ?? orientation
    // SOF0..SOF15 except DHT (C4), JPG (C8) and DAC (CC): the frame header with the size.
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      const height = (bytes[offset + 5] << 8) | bytes[offset + 6]
      const width = (bytes[offset + 7] << 8) | bytes[offset + 8]
      return { width, height, components: bytes[offset + 9], orientation }
    }
    offset += 2 + length
  }
  return null
}

function exifOrientation(bytes: Uint8Array, start: number, length: number): number | null {
  // "Exif\0\0", then a TIFF header (II or MM), the first IFD's offset, and its entries.
  if (length < 14 || String.fromCharCode(...bytes.subarray(start, start + 4)) !== 'Exif') return null
  const tiff = start + 6
  const little = bytes[tiff] === 0x49
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const u16 = (at: number) => view.getUint16(at, little)
  const u32 = (at: number) => view.getUint32(at, little)
  const ifd = tiff + u32(tiff + 4)
  if (ifd + 2 > bytes.length) return null
  const count = u16(ifd)
  for (let index = 0; index < count; index++) {
    const entry = ifd + 2 + index * 12
    if (entry + 12 > bytes.length) return null
    if (u16(entry) === 0x0112) return u16(entry + 8)
  }
  return null
}

export interface PdfImage {
  jpeg: Uint8Array
  width: number
  height: number
  /** 1 grey, 3 RGB. */
  components: 1 | 3
}

const text = (value: string) => new TextEncoder().encode(value)

/** A PDF text string in UTF-16BE (hex, with its byte-order mark), so any name reads right. */
export function pdfTextString(value: string): string {
  let hex = 'FEFF'
  for (let index = 0; index < value.length; index++) hex += value.charCodeAt(index).toString(16).padStart(4, '0').toUpperCase()
  return `<${hex}>`
}

/**
 * Writes a PDF with one page per image, each image filling its page. The title goes into the PDF's
 * information dictionary: a PDF viewer shows it in place of the file's address (a random id when the
 * file is shown from memory).
 */
export function buildPdf(images: PdfImage[], { title }: { title?: string } = {}): Uint8Array {
  const parts: Uint8Array[] = []
  const offsets: number[] = []
  let length = 0
  const push = (part: Uint8Array) => {
    parts.push(part)
    length += part.length
  }
  const object = (id: number, body: string, stream?: Uint8Array) => {
    offsets[id] = length
    push(text(`${id} 0 obj\n${body}\n`))
    if (stream) {
      push(text('stream\n'))
      push(stream)
      push(text('\nendstream\n'))
    }
    push(text('endobj\n'))
  }

  // The binary comment tells tools the file holds binary data.
  push(new Uint8Array([...text('%PDF-1.4\n%'), 0xe2, 0xe3, 0xcf, 0xd3, 0x0a]))
  const pageIds = images.map((_, index) => 3 + index * 3)
  object(1, '<< /Type /Catalog /Pages 2 0 R >>')
  object(2, `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${images.length} >>`)
  images.forEach((image, index) => {
    const pageId = pageIds[index]
    const width = PAGE_WIDTH
    const height = Math.round(((PAGE_WIDTH * image.height) / image.width) * 100) / 100
    const content = text(`q ${width} 0 0 ${height} 0 0 cm /Scan Do Q`)
    object(
      pageId,
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${width} ${height}] /Resources << /XObject << /Scan ${pageId + 2} 0 R >> >> /Contents ${pageId + 1} 0 R >>`,
    )
    object(pageId + 1, `<< /Length ${content.length} >>`, content)
    object(
      pageId + 2,
      `<< /Type /XObject /Subtype /Image /Width ${image.width} /Height ${image.height} /ColorSpace /${image.components === 1 ? 'DeviceGray' : 'DeviceRGB'} /BitsPerComponent 8 /Filter /DCTDecode /Length ${image.jpeg.length} >>`,
      image.jpeg,
    )
  })
  let objectCount = 3 + images.length * 3
  const info = title ? objectCount++ : null
  if (info !== null) object(info, `<< /Title ${pdfTextString(title!)} /Producer (Registered Agent Portal) >>`)
  const xref = length
  const rows = ['0000000000 65535 f \n']
  for (let id = 1; id < objectCount; id++) rows.push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`)
  push(
    text(
      `xref\n0 ${objectCount}\n${rows.join('')}trailer\n<< /Size ${objectCount} /Root 1 0 R${info !== null ? ` /Info ${info} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`,
    ),
  )

  const out = new Uint8Array(length)
  let at = 0
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

/** Draws an image upright (the browser applies EXIF orientation) and encodes it as JPEG. */
async function reencode(file: Blob): Promise<PdfImage> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' })
  const canvas = document.createElement('canvas')
  canvas.width = bitmap.width
  canvas.height = bitmap.height
  const context = canvas.getContext('2d')
  if (!context) throw new Error('This browser cannot prepare the scan')
  // PNGs with transparency become white paper, not black.
  context.fillStyle = '#fff'
  context.fillRect(0, 0, canvas.width, canvas.height)
  context.drawImage(bitmap, 0, 0)
  bitmap.close()
  const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', 0.9))
  if (!blob) throw new Error('This browser cannot prepare the scan')
  return { jpeg: new Uint8Array(await blob.arrayBuffer()), width: canvas.width, height: canvas.height, components: 3 }
}

async function toPdfImage(file: Blob): Promise<PdfImage> {
  const bytes = new Uint8Array(await file.arrayBuffer())
  const info = readJpegInfo(bytes)
  if (info && info.orientation === 1 && (info.components === 1 || info.components === 3)) {
    return { jpeg: bytes, width: info.width, height: info.height, components: info.components }
  }
  return reencode(file)
}

/** One PDF of the photos, in order, named `fileName`, titled `title` (what the letter is). */
export async function photosToPdf(photos: Blob[], fileName: string, title?: string): Promise<File> {
  const images: PdfImage[] = []
  for (const photo of photos) images.push(await toPdfImage(photo))
  return new File([buildPdf(images, { title }) as Uint8Array<ArrayBuffer>], fileName, { type: 'application/pdf' })
}
