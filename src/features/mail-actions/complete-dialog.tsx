import { DOCUMENT_UPLOAD_ACCEPT } from '@contract/documents'
import { MAIL_ACTION_LABELS, type MailAction } from '@contract/mail-actions'
import { useRef, useState } from 'react'
import { css } from 'styled-system/css'
import { ApiError, errorMessage } from '~/lib/api-client'
import { formatDocumentDate } from '~/lib/dates'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { Field } from '~/ui/field'
import { notify } from '~/ui/toaster'
import { useCompleteMailAction } from './api'

const text = css({ m: '0', fontSize: 'sm' })
const stack = css({ display: 'flex', flexDirection: 'column', gap: '3' })

const WHAT_TO_DO: Record<MailAction['action'], string> = {
  'open-and-scan': 'Open the envelope, scan its contents and choose the scan here: it is uploaded for the client and joins the envelope.',
  shred: 'Shred the piece of mail, then complete the request: its file is deleted and the record stays, shredded.',
  hold: 'Set the original aside for pick-up, then complete the request: the client is told it is ready.',
}

/** A shred asked for by the client's mail rule: the paper only. */
const PAPER_ONLY = 'Shred the paper original, then complete the request: the client’s mail rule keeps the scan, which is not deleted.'

/** Staff complete a client's action; an open and scan with the scan it produced. */
export function CompleteMailActionDialog({ action, onClose }: { action: MailAction; onClose: () => void }) {
  const complete = useCompleteMailAction()
  const [file, setFile] = useState<File | null>(null)
  const [error, setError] = useState<string | null>(null)
  // One upload per dialog, however often "Complete" is pressed: the key and the scan uploaded are kept.
  const uploadKey = useRef(crypto.randomUUID())
  const scan = useRef<{ file: File; uploadedId?: number } | null>(null)
  const needsScan = action.action === 'open-and-scan'
  const label = `${action.documentTypeName} received ${formatDocumentDate(action.dateReceived)}`

  const confirm = () => {
    if (needsScan && !file) return setError('Choose the scan of the envelope’s contents')
    if (needsScan && file && scan.current?.file !== file) scan.current = { file }
    complete.mutate(
      { action, scan: needsScan ? (scan.current ?? undefined) : undefined, uploadKey: uploadKey.current },
      {
        onSuccess: () => {
          notify.success(`${MAIL_ACTION_LABELS[action.action]} done for ${action.clientName}`)
          onClose()
        },
        onError: (failure) => setError(failure instanceof ApiError ? failure.details || failure.detail : errorMessage(failure)),
      },
    )
  }

  return (
    <Dialog.Root open size="sm" onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Content>
        <Dialog.Header>{MAIL_ACTION_LABELS[action.action]}</Dialog.Header>
        <Dialog.Body>
          <div className={stack}>
            <p className={text}>
              <strong>{action.clientName}</strong>: {label}
              {action.documentKind === 'envelope' ? ' (envelope)' : ''}. {action.originalOnly ? PAPER_ONLY : WHAT_TO_DO[action.action]}
            </p>
            {needsScan && (
              <Field id="mail-action-scan" label="Scan" required error={error}>
                <input
                  id="mail-action-scan"
                  type="file"
                  accept={DOCUMENT_UPLOAD_ACCEPT}
                  onChange={(event) => {
                    setFile(event.target.files?.[0] ?? null)
                    setError(null)
                  }}
                />
              </Field>
            )}
            {!needsScan && error && (
              <p className={text} role="alert">
                {error}
              </p>
            )}
          </div>
        </Dialog.Body>
        <Dialog.Footer>
          <Button variant="outline" onClick={onClose} disabled={complete.isPending}>
            Cancel
          </Button>
          <Button onClick={confirm} loading={complete.isPending}>
            {needsScan ? 'Upload the scan and complete' : 'Complete'}
          </Button>
        </Dialog.Footer>
      </Dialog.Content>
    </Dialog.Root>
  )
}
