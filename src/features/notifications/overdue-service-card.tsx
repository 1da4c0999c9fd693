import { DocumentAlertListSchema, UrgentDocumentListSchema, type DocumentAlert } from '@contract/alerts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { api } from '~/lib/api-client'
import { formatDateTime } from '~/lib/dates'
import { PERM, usePermission } from '~/lib/permissions'
import { Alert } from '~/ui/alert'
import { notificationKeys } from './keys'

const overdueServiceQueryOptions = () =>
  queryOptions({
    queryKey: [...notificationKeys.all, 'overdue-service'] as const,
    queryFn: ({ signal }) => api.get('/documents/overdue-service', { schema: UrgentDocumentListSchema, signal }),
  })

const alertHistoryQueryOptions = (documentId: number) =>
  queryOptions({
    queryKey: [...notificationKeys.all, 'alerts', documentId] as const,
    queryFn: ({ signal }) => api.get(`/document/${documentId}/alerts`, { schema: DocumentAlertListSchema, signal }),
  })

const list = css({ m: '0', p: '0', listStyle: 'none', display: 'grid', gap: '2' })
const margin = css({ mb: '4' })
const small = css({ fontSize: 'sm', color: 'fg.muted' })

const CHANNEL: Record<DocumentAlert['channel'], string> = { push: 'alert', email: 'e-mail', staff: 'staff flag' }

function AlertHistory({ documentId }: { documentId: number }) {
  const query = useQuery(alertHistoryQueryOptions(documentId))
  if (query.isPending) return <p className={small}>Loading…</p>
  if (query.isError) return <p className={small}>The history could not be loaded.</p>
  return (
    <ul className={small}>
      {query.data.alerts.map((alert, index) => (
        <li key={index}>
          {formatDateTime(alert.at)}: {CHANNEL[alert.channel]} to{' '}
          {alert.userEmail && alert.userEmail !== alert.recipient ? `${alert.userEmail} (${alert.recipient})` : alert.recipient}
          {alert.round === 'escalation' ? ' (repeated after 24 hours)' : ''}
        </li>
      ))}
    </ul>
  )
}

function OverdueItem({ document }: { document: { id: number; clientId: number; companyName: string; fileName: string; uploadedAt: string } }) {
  const [open, setOpen] = useState(false)
  return (
    <li>
      <Link to="/provider/documents" search={{ clientId: document.clientId }} className={css({ fontWeight: 'semibold', color: 'danger.fg' })}>
        {document.companyName}
      </Link>{' '}
      — {document.fileName}, received {formatDateTime(document.uploadedAt)}
      <details onToggle={(event) => setOpen(event.currentTarget.open)}>
        <summary className={small}>Who was alerted</summary>
        {open && <AlertHistory documentId={document.id} />}
      </details>
    </li>
  )
}

/**
 * The staff dashboard's flag: service of process a client has not opened 24 hours after upload (the
 * client was alerted again). Each shows who was alerted and when. Staff with DCV only.
 */
export function OverdueServiceCard() {
  const canViewDocuments = usePermission(PERM.DCV)
  const query = useQuery({ ...overdueServiceQueryOptions(), enabled: canViewDocuments, refetchOnWindowFocus: 'always' })
  const documents = query.data?.documents ?? []
  if (!canViewDocuments || documents.length === 0) return null
  return (
    <div className={margin}>
      <Alert status="danger" title={`Service of process unopened for over 24 hours (${documents.length})`}>
        <p>These clients have not opened legal papers served on them. Consider calling them.</p>
        <ul className={list}>
          {documents.map((document) => (
            <OverdueItem key={document.id} document={document} />
          ))}
        </ul>
      </Alert>
    </div>
  )
}
