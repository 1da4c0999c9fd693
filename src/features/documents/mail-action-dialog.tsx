import type { Document } from '@contract/documents'
import type { MailActionKind } from '@contract/mail-actions'
import { css } from 'styled-system/css'
import { ApiError, errorMessage } from '~/lib/api-client'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { notify } from '~/ui/toaster'
import { useMailAction } from './api'
import { documentLabel } from './format'

const text = css({ m: '0', fontSize: 'sm' })

const WORDING: Record<MailActionKind, { title: string; confirm: string; done: string }> = {
  'open-and-scan': { title: 'Open and scan', confirm: 'Open and scan', done: 'The mailroom will open it and scan its contents' },
  shred: { title: 'Shred', confirm: 'Shred', done: 'Shredded' },
  hold: { title: 'Hold for pick-up', confirm: 'Hold for pick-up', done: 'The mailroom will hold the original for you to pick up' },
}

function explanation(document: Document, action: MailActionKind): string {
  if (action === 'open-and-scan')
    return 'The mailroom opens the envelope and scans what is inside. The scan appears among your documents, and you are notified.'
  if (action === 'hold') return 'The mailroom sets the original aside for you to pick up, and tells you when it is ready.'
  return document.kind === 'envelope'
    ? 'The mailroom shreds the envelope and its contents unopened. This cannot be undone.'
    : 'The scan is deleted now and the paper original is shredded. This cannot be undone.'
}

/** Asks before a client's action on a piece of mail (open and scan, shred, hold), then asks the server. */
export function MailActionDialog({ document, action, onClose }: { document: Document; action: MailActionKind; onClose: () => void }) {
  const mutation = useMailAction()
  const wording = WORDING[action]
  const confirm = () =>
    mutation.mutate(
      { document, action },
      {
        onSuccess: (result) => {
          notify.success(result.status === 'done' ? `${documentLabel(document)}: ${wording.done.toLowerCase()}` : wording.done)
          onClose()
        },
        onError: (error) => notify.error(error instanceof ApiError ? error.details || error.detail : errorMessage(error)),
      },
    )
  return (
    <Dialog.Root open size="sm" role="alertdialog" onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Content>
        <Dialog.Header>{wording.title}</Dialog.Header>
        <Dialog.Body>
          <p className={text}>
            <strong>{documentLabel(document)}</strong>
            {document.kind === 'envelope' ? ' (envelope)' : ''}: {explanation(document, action)}
          </p>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={mutation.isPending}>
            Cancel
          </Button>
          <Button variant={action === 'shred' ? 'danger' : 'solid'} onClick={confirm} loading={mutation.isPending}>
            {wording.confirm}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}
