import type { Document } from '@contract/documents'
import { formatDocumentDate } from '~/lib/dates'

/* Sizes and names of the document pages; dates come from ~/lib/dates. */

/** 2.4 MB, 830 KB. */
export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${(bytes / (1024 * 1024)).toFixed(bytes >= 10 * 1024 * 1024 ? 0 : 1)} MB`
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`
  return `${bytes} B`
}

/** Words naming a document for labels: 'Tax Notice received 21-Nov-2026'. */
export function documentLabel(document: Pick<Document, 'documentTypeNavigation' | 'dateReceived'>): string {
  return `${document.documentTypeNavigation.name} received ${formatDocumentDate(document.dateReceived)}`
}

/** PDF and images open in the portal; TIFF only renders in a few browsers, so it is downloaded instead. */
export function opensInPortal(document: Pick<Document, 'documentBlobUrl'>): boolean {
  return document.documentBlobUrl !== 'tif'
}
