import type { Document } from '@contract/documents'
import { formatDocumentDate } from '~/lib/dates'

/* Names of the document pages; dates come from ~/lib/dates, sizes from @contract/file-size. */

/** Words naming a document for labels: 'Tax Notice received 21-Nov-2026'. */
export function documentLabel(document: Pick<Document, 'documentTypeNavigation' | 'dateReceived'>): string {
  return `${document.documentTypeNavigation.name} received ${formatDocumentDate(document.dateReceived)}`
}

/** PDF and images open in the portal; TIFF only renders in a few browsers, so it is downloaded instead. */
export function opensInPortal(document: Pick<Document, 'documentBlobUrl'>): boolean {
  return document.documentBlobUrl !== 'tif'
}
