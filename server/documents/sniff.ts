import { DOCUMENT_FILE_TYPES, type DocumentFileType } from '../../contract/documents'

/** Bytes needed to recognise every accepted type (PNG's signature is the longest). */
export const SNIFF_BYTES = 8

const SIGNATURES: { type: DocumentFileType; bytes: number[] }[] = [
  { type: 'pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'jpg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'tif', bytes: [0x49, 0x49, 0x2a, 0x00] }, // little-endian TIFF
  { type: 'tif', bytes: [0x4d, 0x4d, 0x00, 0x2a] }, // big-endian TIFF
]

/**
 * The file's type from its first bytes, never from its name or the browser's claim: a renamed
 * executable or HTML page is refused, a scan saved as ".PDF.jpg" is accepted for what it is.
 */
export function sniffFileType(head: Uint8Array): { type: DocumentFileType; contentType: string } | null {
  for (const { type, bytes } of SIGNATURES) {
    if (head.length >= bytes.length && bytes.every((b, i) => head[i] === b)) {
      return { type, contentType: DOCUMENT_FILE_TYPES[type].contentType }
    }
  }
  return null
}

/** The file type of a stored content type ('application/pdf' -> 'pdf'). */
export function fileTypeOf(contentType: string): DocumentFileType {
  return TYPE_BY_CONTENT_TYPE.get(contentType) ?? 'pdf'
}
const TYPE_BY_CONTENT_TYPE = new Map<string, DocumentFileType>(
  Object.entries(DOCUMENT_FILE_TYPES).map(([type, info]) => [info.contentType, type as DocumentFileType]),
)
