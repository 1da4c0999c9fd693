import type { Document } from '@contract/documents'
import { formatDocumentDate } from '~/lib/dates'

/* Sizes and names of the document pages; dates come from ~/lib/dates. */

/**
 * 26214400 -> '25 MB', 1536 -> '1.5 KB', 2516582 -> '2.4 MB': the server's rule (server/documents/naming.ts),
 * so the size limit reads the same in the form and in the server's answers.
 */
export function formatBytes(bytes: number): string {
  const units = [
    [1024 * 1024 * 1024, 'GB'],
    [1024 * 1024, 'MB'],
    [1024, 'KB'],
  ] as const
  for (const [size, unit] of units) {
    if (bytes >= size) {
      const value = bytes / size
      return `${Number.isInteger(value) ? value : value.toFixed(1)} ${unit}`
    }
  }
  return `${bytes} bytes`
}

/**
 * A file over the upload limit, in the words of the server's 413 answer (server/documents/upload.ts), so
 * a file refused in the form and one refused by the server read the same.
 */
export function tooLargeMessage(fileName: string, maxBytes: number): string {
  return `${fileName} is larger than ${formatBytes(maxBytes)}, the largest file the portal accepts. Split the scan or scan it at a lower resolution.`
}

/** Words naming a document for labels: 'Tax Notice received 21-Nov-2026'. */
export function documentLabel(document: Pick<Document, 'documentTypeNavigation' | 'dateReceived'>): string {
  return `${document.documentTypeNavigation.name} received ${formatDocumentDate(document.dateReceived)}`
}

/** PDF and images open in the portal; TIFF only renders in a few browsers, so it is downloaded instead. */
export function opensInPortal(document: Pick<Document, 'documentBlobUrl'>): boolean {
  return document.documentBlobUrl !== 'tif'
}
