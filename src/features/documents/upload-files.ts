import { DOCUMENT_FILE_TYPES } from '@contract/documents'
import { tooLargeMessage } from '@contract/file-size'
import { todayYmd } from '~/lib/dates'

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

/**
 * A batch's type, jurisdiction and date received are every file's defaults; one file of the batch may
 * differ (an invoice among bank letters, a letter that arrived yesterday). Only what differs is kept.
 */
export interface FileDetails {
  documentTypeId?: string
  jurisdiction?: string
  dateReceived?: string
}

export interface BatchDetails {
  documentTypeId: string | null
  jurisdiction: string | null
  dateReceived: string
}

/** A file's own details over the batch's. */
export function detailsOf(batch: BatchDetails, own: FileDetails | undefined): BatchDetails {
  return {
    documentTypeId: own?.documentTypeId ?? batch.documentTypeId,
    jurisdiction: own?.jurisdiction ?? batch.jurisdiction,
    dateReceived: own?.dateReceived ?? batch.dateReceived,
  }
}

/** What a file's own details say wrong, or null. */
export function fileDetailsProblem(own: FileDetails | undefined): string | null {
  if (own?.dateReceived !== undefined && own.dateReceived > todayYmd()) return 'The date received cannot be in the future'
  return null
}
