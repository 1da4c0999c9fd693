import { DOCUMENT_RETENTION_DAYS } from '@contract/documents'
import { Alert } from '~/ui/alert'

/** The documents notice. */
export const RETENTION_NOTICE = `You have ${DOCUMENT_RETENTION_DAYS} days from upload to request a document by mail. After that, it is shredded.`

/** The documents notice, shown with the client's documents and on the mail request form. */
export function RetentionNotice() {
  return (
    <Alert status="info" title="Paper originals are kept for 60 days">
      {RETENTION_NOTICE} Each document shows how many days are left.
    </Alert>
  )
}
