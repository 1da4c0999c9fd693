import { DOCUMENT_REQUEST_STATUSES, REQUEST_STATUS, type DocumentRequestDetail } from '@contract/document-requests'
import { useState, type FormEvent } from 'react'
import { css } from 'styled-system/css'
import { ApiError, errorMessage } from '~/lib/api-client'
import { Button } from '~/ui/button'
import { Dialog } from '~/ui/dialog'
import { Field } from '~/ui/field'
import { REQUIRED_MESSAGE, tooLongMessage } from '~/ui/forms'
import { Textarea, TextInput } from '~/ui/text-input'
import { notify } from '~/ui/toaster'
import { useUpdateRequestStatus } from './api'
import { moveLabel } from './status'

export const CARRIERS = ['USPS', 'UPS', 'FedEx', 'DHL'] as const

const form = css({ display: 'flex', flexDirection: 'column', gap: '4' })
const text = css({ m: '0', fontSize: 'sm' })
const STATUS_NAMES: Record<number, string> = Object.fromEntries(DOCUMENT_REQUEST_STATUSES.map((s) => [s.id, s.name]))

function successMessage(status: number, count: number): string {
  const what = count > 1 ? `The ${count} documents of the shipment` : 'The request'
  const are = count > 1 ? 'are' : 'is'
  if (status === REQUEST_STATUS.cancelled) return count > 1 ? `${what} were cancelled` : 'The request was cancelled'
  if (status === REQUEST_STATUS.mailed) return `${what} ${are} marked as Mailed; the client has been notified`
  if (status === REQUEST_STATUS.delivered) return `${what} ${are} marked as Delivered; the client has been notified`
  return `${what} ${are} marked as Processing; the client has been notified`
}

/**
 * What the dialog says of the shipment it moves: every document requested together moves at once.
 * Null for a shipment of one document.
 */
export function shipmentMoveText(request: Pick<DocumentRequestDetail, 'documents'>, status: number): string | null {
  const count = request.documents.length
  if (count < 2) return null
  const names = request.documents.map((document) => document.documentTypeNavigation.name).join(', ')
  const move = status === REQUEST_STATUS.cancelled ? 'cancels' : `marks as ${STATUS_NAMES[status] ?? 'the new status'}`
  return `This ${move} all ${count} documents of the shipment, which go together: ${names}.`
}

export function statusErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.details && error.details !== error.detail ? `${error.detail}. ${error.details}` : error.detail
  return errorMessage(error)
}

/**
 * Moving a request to a new status, and with it every document of its shipment (the dialog says so):
 * Mailed asks for the carrier (the one the client chose to start with) and the tracking number, the
 * others for an optional note (a client cancelling is told what it means first).
 */
export function StatusDialog({
  request,
  status,
  asClient,
  onClose,
}: {
  request: DocumentRequestDetail
  status: number
  asClient: boolean
  onClose: () => void
}) {
  const update = useUpdateRequestStatus(request.id)
  const [carrier, setCarrier] = useState(request.shipping?.carrier ?? '')
  const [trackingNumber, setTrackingNumber] = useState('')
  const [note, setNote] = useState('')
  const [errors, setErrors] = useState<{ carrier?: string; trackingNumber?: string; note?: string }>({})
  const isMailed = status === REQUEST_STATUS.mailed
  const title = asClient && status === REQUEST_STATUS.cancelled ? 'Cancel your request' : moveLabel(status)
  const moveText = shipmentMoveText(request, status)
  const chosen = request.shipping?.carrier && request.shipping.speed ? `${request.shipping.carrier} ${request.shipping.speed}` : null

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const next: typeof errors = {}
    if (isMailed) {
      if (!carrier.trim()) next.carrier = REQUIRED_MESSAGE
      else if (carrier.trim().length > 60) next.carrier = tooLongMessage('Carrier', 60)
      if (!trackingNumber.trim()) next.trackingNumber = REQUIRED_MESSAGE
      else if (trackingNumber.trim().length > 60) next.trackingNumber = tooLongMessage('Tracking number', 60)
    }
    if (note.trim().length > 500) next.note = tooLongMessage('Note', 500)
    setErrors(next)
    if (Object.keys(next).length) return
    update.mutate(
      {
        status: status as 1 | 2 | 3 | 4 | 5,
        ...(isMailed ? { carrier: carrier.trim(), trackingNumber: trackingNumber.trim() } : {}),
        ...(note.trim() ? { note: note.trim() } : {}),
      },
      {
        onSuccess: () => {
          notify.success(asClient ? 'Your request was cancelled' : successMessage(status, request.documents.length))
          onClose()
        },
        onError: (error) => notify.error(statusErrorMessage(error)),
      },
    )
  }

  return (
    <Dialog.Root open size="md" onOpenChange={(details) => !details.open && onClose()}>
      <Dialog.Content>
        <Dialog.Header>{title}</Dialog.Header>
        <form onSubmit={submit} noValidate>
          <Dialog.Body>
            <div className={form}>
              {moveText && <p className={text}>{moveText}</p>}
              {status === REQUEST_STATUS.cancelled && (
                <p className={text}>
                  {asClient
                    ? `The ${request.document.documentTypeNavigation.name} will not be mailed. While its 60 days last, you can request it again.`
                    : `The ${request.document.documentTypeNavigation.name} of ${request.client.companyName} will not be mailed; the client is told.`}
                </p>
              )}
              {isMailed && (
                <>
                  <Field label="Carrier" required error={errors.carrier} helperText={chosen ? `The client chose ${chosen}.` : 'USPS, UPS, FedEx, DHL…'}>
                    <TextInput value={carrier} onChange={(event) => setCarrier(event.target.value)} list="carriers" maxLength={60} autoComplete="off" />
                  </Field>
                  <datalist id="carriers">
                    {CARRIERS.map((name) => (
                      <option key={name} value={name} />
                    ))}
                  </datalist>
                  <Field label="Tracking Number" required error={errors.trackingNumber}>
                    <TextInput value={trackingNumber} onChange={(event) => setTrackingNumber(event.target.value)} maxLength={60} autoComplete="off" />
                  </Field>
                </>
              )}
              <Field label="Note" error={errors.note} helperText="Optional; shown on the request's timeline.">
                <Textarea value={note} onChange={(event) => setNote(event.target.value)} rows={3} maxLength={500} />
              </Field>
            </div>
          </Dialog.Body>
          <Dialog.Footer>
            <Button variant="outline" onClick={onClose} disabled={update.isPending}>
              {status === REQUEST_STATUS.cancelled ? 'Keep the request' : 'Cancel'}
            </Button>
            <Button type="submit" variant={status === REQUEST_STATUS.cancelled ? 'danger' : 'solid'} loading={update.isPending}>
              {title}
            </Button>
          </Dialog.Footer>
        </form>
      </Dialog.Content>
    </Dialog.Root>
  )
}
