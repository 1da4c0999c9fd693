import type { Document } from '@contract/documents'
import { css } from 'styled-system/css'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { notify } from '~/ui/toaster'
import { deleteErrorMessage, useDeleteDocument } from './api'
import { documentLabel } from './format'

const text = css({ m: '0', fontSize: 'sm' })

/**
 * Asks before deleting a document and its file (agents with DCD). Success says the server's 'Document
 * deleted successfully'; a failure its detail, else 'Failed to delete document'.
 */
export function DeleteDocumentDialog({ document, onClose }: { document: Document; onClose: () => void }) {
  const remove = useDeleteDocument()
  const label = documentLabel(document)
  const confirm = () =>
    remove.mutate(document, {
      onSuccess: (result) => {
        notify.success(result.message)
        onClose()
      },
      onError: (error) => notify.error(deleteErrorMessage(error)),
    })
  return (
    <Dialog.Root open size="sm" role="alertdialog" onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Content>
        <Dialog.Header>Delete document</Dialog.Header>
        <Dialog.Body>
          <p className={text}>
            Delete <strong>{label}</strong>
            {document.client ? ` of ${document.client.companyName}` : ''}? The file is removed for good and the client can no longer see it or request it by
            mail.
          </p>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={remove.isPending}>
            Cancel
          </Button>
          <Button variant="danger" onClick={confirm} loading={remove.isPending}>
            Delete
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}
