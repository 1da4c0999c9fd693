import { DOCUMENT_FILE_TYPES } from '@contract/documents'
import { tooLargeMessage } from '@contract/file-size'

/** What the upload form can tell about a file before it is stored for sending. */

const ACCEPTED_TYPES: readonly string[] = Object.values(DOCUMENT_FILE_TYPES).map((type) => type.contentType)
const ACCEPTED_EXTENSIONS = ['pdf', 'jpg', 'jpeg', 'png', 'tif', 'tiff']
const ACCEPTED_LABELS = 'a PDF, JPEG, PNG or TIFF file'

function extensionOf(file: File): string {
  return file.name.includes('.') ? file.name.split('.').pop()!.toLowerCase() : ''
}

/**
 * What can be told before sending (the server checks the content itself): the type by name or
 * declared type, an empty file, and the size limit (GET /api/config uploadMaxBytes) when known, each in
 * the server's words. Null when the file may go.
 */
export function checkUploadFile(file: File, maxBytes: number | null): string | null {
  if (!ACCEPTED_TYPES.includes(file.type) && !ACCEPTED_EXTENSIONS.includes(extensionOf(file))) return `${file.name} is not ${ACCEPTED_LABELS}`
  if (file.size === 0) return `${file.name} is empty`
  if (maxBytes !== null && file.size > maxBytes) return tooLargeMessage(file.name, maxBytes)
  return null
}

/** A photo (JPEG or PNG): a page that can go into a combined PDF. */
export function isPhoto(file: File): boolean {
  return file.type === 'image/jpeg' || file.type === 'image/png' || ['jpg', 'jpeg', 'png'].includes(extensionOf(file))
}

/** 'scan-2026-11-24-1432.pdf': the name of a batch's combined PDF. */
export function combinedScanName(now = new Date()): string {
  const pad = (value: number) => String(value).padStart(2, '0')
  return `scan-${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}${pad(now.getSeconds())}.pdf`
}
