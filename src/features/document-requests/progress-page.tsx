import { REQUEST_STATUS, type DocumentRequestDetail, type DocumentRequestEvent } from '@contract/document-requests'
import { useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense, useState } from 'react'
import { css, cx } from 'styled-system/css'
import { ApiError, errorMessage } from '~/lib/api-client'
import { useRequiredSession, userKind } from '~/lib/session'
import { formatMoney } from '~/lib/money'
import { PERM, usePermission } from '~/lib/permissions'
import { shippingName } from '~/features/shipping'
import { formatDateTime, formatDocumentDate } from '~/lib/dates'
import { PageHeader } from '~/ui/page-header'
import { Button } from '~/ui/button'
import { LoadError, SavedAtNote } from '~/ui/list-page'
import { Spinner } from '~/ui/spinner'
import { documentRequestQueryOptions, requestStatusesQueryOptions } from './api'
import { moveLabel, RequestStatusBadge } from './status'
import { TrackingNumber } from '~/ui/tracking-number'

// The dialog of a status change loads when staff (or a client cancelling) first open it.
const StatusDialog = lazy(() => import('./status-dialog').then((m) => ({ default: m.StatusDialog })))

const layout = css({ display: 'grid', gap: '5', gridTemplateColumns: { base: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' }, alignItems: 'start' })
const panel = css({ bg: 'bg.surface', borderWidth: '1px', borderColor: 'border.default', borderRadius: 'lg', p: { base: '4', md: '6' } })
const panelTitle = css({ m: '0', mb: '4', fontSize: 'md', fontWeight: 'semibold' })
const details = css({
  display: 'grid',
  gridTemplateColumns: 'auto minmax(0, 1fr)',
  columnGap: '4',
  rowGap: '2',
  m: '0',
  fontSize: 'sm',
  '& dt': { color: 'fg.muted' },
  '& dd': { m: '0' },
})
const shipmentList = css({ listStyle: 'none', m: '0', mt: '1', p: '0', display: 'flex', flexDirection: 'column', gap: '1' })
const muted = css({ color: 'fg.muted' })
const actions = css({ display: 'flex', flexWrap: 'wrap', gap: '2', mt: '5' })
const timeline = css({ listStyle: 'none', m: '0', p: '0' })
const step = css({
  position: 'relative',
  display: 'grid',
  gridTemplateColumns: '1.75rem minmax(0, 1fr)',
  columnGap: '3',
  pb: '5',
  _last: { pb: '0' },
  // The line between markers.
  '&:not(:last-child)::before': { content: '""', position: 'absolute', left: '0.8125rem', top: '1.75rem', bottom: '0', w: '2px', bg: 'border.default' },
  '&[data-state=done]:not(:last-child)::before': { bg: 'accent' },
})
const marker = css({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  w: '7',
  h: '7',
  borderRadius: 'full',
  borderWidth: '2px',
  borderColor: 'border.strong',
  bg: 'bg.surface',
  fontSize: 'xs',
  fontWeight: 'bold',
  color: 'fg.muted',
  '[data-state=done] &': { bg: 'accent', borderColor: 'accent', color: 'accent.fg' },
  '[data-state=current] &': { borderColor: 'accent', color: 'accent.text' },
  '[data-state=cancelled] &': { bg: 'neutral', borderColor: 'neutral', color: 'fg.inverted' },
})
const stepTitle = css({ m: '0', fontSize: 'sm', fontWeight: 'semibold', lineHeight: '1.75rem' })
const stepUpcoming = css({ color: 'fg.muted', fontWeight: 'normal' })
const stepMeta = css({ m: '0', fontSize: 'sm', color: 'fg.muted' })
const stepNote = css({ m: '0', mt: '1', fontSize: 'sm' })
const backLink = css({
  alignSelf: 'center',
  display: 'inline-flex',
  alignItems: 'center',
  minH: { base: '11', lg: '6' },
  fontSize: 'sm',
  fontWeight: 'semibold',
})

type StepState = 'done' | 'current' | 'upcoming' | 'cancelled'
interface TimelineStep {
  status: number
  name: string
  state: StepState
  event?: DocumentRequestEvent
}

/**
 * The timeline of a request over the statuses of GET /api/client/resources/status: Requested,
 * Processing, Mailed, Delivered; a cancelled request ends at Cancelled after the steps it reached.
 */
export function timelineSteps(request: Pick<DocumentRequestDetail, 'status' | 'events'>, statuses: readonly { id: number; name: string }[]): TimelineStep[] {
  const lastEvent = new Map<number, DocumentRequestEvent>()
  for (const event of request.events) lastEvent.set(event.status, event)
  const path = statuses.filter((s) => s.id !== REQUEST_STATUS.cancelled)
  if (request.status === REQUEST_STATUS.cancelled) {
    const reached = path
      .filter((s) => lastEvent.has(s.id))
      .map((s): TimelineStep => ({ status: s.id, name: s.name, state: 'done', event: lastEvent.get(s.id) }))
    const cancelled = statuses.find((s) => s.id === REQUEST_STATUS.cancelled)
    return [
      ...reached,
      { status: REQUEST_STATUS.cancelled, name: cancelled?.name ?? 'Cancelled', state: 'cancelled', event: lastEvent.get(REQUEST_STATUS.cancelled) },
    ]
  }
  return path.map((s): TimelineStep => {
    const state: StepState = s.id < request.status ? 'done' : s.id === request.status ? (s.id === REQUEST_STATUS.delivered ? 'done' : 'current') : 'upcoming'
    return { status: s.id, name: s.name, state, event: lastEvent.get(s.id) }
  })
}

function byText(by: DocumentRequestEvent['by'], asClient: boolean): string {
  if (by === 'client') return asClient ? 'by you' : 'by the client'
  if (by === 'agent') return asClient ? 'by our mailroom' : 'by staff'
  return ''
}

function Timeline({ request, asClient }: { request: DocumentRequestDetail; asClient: boolean }) {
  const statuses = useQuery(requestStatusesQueryOptions())
  const steps = timelineSteps(request, statuses.data ?? [])
  return (
    <ol className={timeline} aria-label="Request timeline">
      {steps.map((s, index) => (
        <li key={s.status} className={step} data-state={s.state} aria-current={s.state === 'current' ? 'step' : undefined}>
          <span className={marker} aria-hidden="true">
            {s.state === 'done' ? '✓' : s.state === 'cancelled' ? '×' : index + 1}
          </span>
          <div>
            <p className={cx(stepTitle, s.state === 'upcoming' && stepUpcoming)}>
              {s.name}
              <span className={css({ srOnly: true })}>{s.state === 'upcoming' ? ' (not yet)' : s.state === 'current' ? ' (current)' : ''}</span>
            </p>
            {s.event && (
              <p className={stepMeta}>
                <time dateTime={s.event.createdAt}>{formatDateTime(s.event.createdAt)}</time> {byText(s.event.by, asClient)}
              </p>
            )}
            {s.event?.carrier && s.event.trackingNumber && (
              <p className={stepNote}>
                {s.event.carrier}, tracking number{' '}
                <strong>
                  <TrackingNumber carrier={s.event.carrier} value={s.event.trackingNumber} />
                </strong>
              </p>
            )}
            {s.event?.note && <p className={stepNote}>{s.event.note}</p>}
          </div>
        </li>
      ))}
    </ol>
  )
}

/**
 * The shipment of a request: the documents in it (the others open their own progress), the carrier and
 * speed chosen, and the charge with a link to its invoice (for staff, only with ICV, who may open it).
 */
function ShipmentDetails({ request, asClient }: { request: DocumentRequestDetail; asClient: boolean }) {
  const opensInvoices = usePermission(PERM.ICV)
  const shipping = request.shipping
  const invoiceId = shipping?.invoiceId ?? null
  const progressPath = asClient ? '/client/document-progress/$id' : '/provider/document-progress/$id'
  return (
    <>
      <dt>Shipment</dt>
      <dd>
        {request.documents.length === 1 ? '1 document' : `${request.documents.length} documents, mailed together`}
        <ul className={shipmentList} aria-label="Documents in this shipment">
          {request.documents.map((document) => (
            <li key={document.requestId}>
              {document.requestId === request.id ? (
                <>
                  {document.documentTypeNavigation.name}, received {formatDocumentDate(document.dateReceived)} <span className={muted}>(this request)</span>
                </>
              ) : (
                <Link to={progressPath} params={{ id: String(document.requestId) }}>
                  {document.documentTypeNavigation.name}, received {formatDocumentDate(document.dateReceived)}
                </Link>
              )}
            </li>
          ))}
        </ul>
      </dd>
      {shipping && (
        <>
          <dt>Shipping</dt>
          <dd>{shippingName(shipping) || 'Chosen by the mailroom'}</dd>
          <dt>Shipping Charge</dt>
          <dd>
            {shipping.price > 0 ? formatMoney(shipping.price) : 'No charge'}
            {invoiceId !== null && (asClient || opensInvoices) && (
              <>
                {' · '}
                <Link
                  to={asClient ? '/client/invoices/$id' : '/provider/invoices/$id'}
                  params={{ id: String(invoiceId) }}
                  aria-label={`View invoice of the ${formatMoney(shipping.price)} shipping charge`}
                >
                  View invoice
                </Link>
              </>
            )}
          </dd>
        </>
      )}
    </>
  )
}

export type DocumentProgressPageProps = { requestId: number }

/**
 * document-progress/{id}: where a mail request is, as a timeline, with the document and mailing
 * address. Staff move it along (Processing, Mailed with carrier and tracking number, Delivered,
 * Cancelled); a client may cancel while it is Requested. Each change notifies the other side.
 */
export function DocumentProgressPage({ requestId }: DocumentProgressPageProps) {
  const { user } = useRequiredSession()
  const asClient = userKind(user) === 'client'
  const query = useQuery(documentRequestQueryOptions(requestId))
  const [moving, setMoving] = useState<number | null>(null)
  const request = query.data
  const back = (
    <Link to={asClient ? '/client/requested-documents' : '/provider/requested-documents'} className={backLink}>
      All requested documents
    </Link>
  )

  if (query.isPending) {
    return (
      <>
        <PageHeader title="Document Progress" actions={back} />
        <div className={css({ display: 'flex', justifyContent: 'center', py: '10' })}>
          <Spinner label="Loading the request" />
        </div>
      </>
    )
  }
  if (!request) {
    const notFound = query.error instanceof ApiError && query.error.status === 404
    return (
      <>
        <PageHeader title="Document Progress" actions={back} />
        <LoadError
          title={notFound ? 'This request does not exist' : 'The request could not be loaded'}
          onRetry={notFound ? undefined : () => void query.refetch()}
        >
          {notFound ? 'It may have been removed, or it belongs to another account.' : errorMessage(query.error)}
        </LoadError>
      </>
    )
  }

  const documentName = request.document.documentTypeNavigation.name
  // A client may only cancel; staff may make every move the server allows now.
  const moves = request.allowedStatuses.filter((status) => !asClient || status === REQUEST_STATUS.cancelled)
  return (
    <>
      <PageHeader title="Document Progress" description={`${documentName} received ${formatDocumentDate(request.document.dateReceived)}`} actions={back} />
      <SavedAtNote updatedAt={query.dataUpdatedAt} hasData subject="this request" />
      <div className={layout}>
        <section className={panel} aria-labelledby="progress-timeline">
          <h2 id="progress-timeline" className={panelTitle}>
            Timeline
          </h2>
          <Timeline request={request} asClient={asClient} />
        </section>
        <section className={panel} aria-labelledby="progress-details">
          <h2 id="progress-details" className={panelTitle}>
            Request #{request.id}
          </h2>
          <dl className={details}>
            <dt>Status</dt>
            <dd>
              <RequestStatusBadge status={request.status} name={request.statusName} />
            </dd>
            {!asClient && (
              <>
                <dt>Company</dt>
                <dd>{request.client.companyName}</dd>
              </>
            )}
            <dt>Document</dt>
            <dd>
              {documentName}, received {formatDocumentDate(request.document.dateReceived)}
              {request.document.status === 'shredded' ? ' (file shredded)' : ''}
            </dd>
            <ShipmentDetails request={request} asClient={asClient} />
            <dt>Mail to</dt>
            <dd>
              {request.recipientName}
              <br />
              {request.address}
              <br />
              {request.city}, {request.stateProvince} {request.zipcode}
              {request.countryName ? (
                <>
                  <br />
                  {request.countryName}
                </>
              ) : null}
            </dd>
            {request.trackingNumber && (
              <>
                <dt>Carrier</dt>
                <dd>{request.carrier}</dd>
                <dt>Tracking Number</dt>
                <dd>
                  <strong>
                    <TrackingNumber carrier={request.carrier} value={request.trackingNumber} />
                  </strong>
                </dd>
              </>
            )}
            <dt>Requested</dt>
            <dd>{formatDateTime(request.createdAt)}</dd>
          </dl>
          {moves.length > 0 && (
            <div className={actions}>
              {moves.map((status) => (
                <Button key={status} variant={status === REQUEST_STATUS.cancelled ? 'outline' : 'solid'} onClick={() => setMoving(status)}>
                  {moveLabel(status)}
                </Button>
              ))}
            </div>
          )}
        </section>
      </div>
      {moving !== null && (
        <Suspense fallback={null}>
          <StatusDialog request={request} status={moving} asClient={asClient} onClose={() => setMoving(null)} />
        </Suspense>
      )}
    </>
  )
}
