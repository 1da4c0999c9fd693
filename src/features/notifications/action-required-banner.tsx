import { UrgentDocumentListSchema } from '@contract/alerts'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { api } from '~/lib/api-client'
import { formatDateTime } from '~/lib/dates'
import { Alert } from '~/ui/alert'
import { notificationKeys } from './keys'

/** GET /api/client/action-required/{clientId}: the client's unopened service of process. */
export const actionRequiredQueryOptions = (clientId: number) =>
  queryOptions({
    queryKey: notificationKeys.actionRequired(clientId),
    queryFn: ({ signal }) => api.get(`/client/action-required/${clientId}`, { schema: UrgentDocumentListSchema, signal }),
  })

const list = css({ m: '0', pl: '5', listStyle: 'disc' })
const margin = css({ mb: '4' })

/**
 * "Action required" on the client dashboard and documents list while a service of process waits to be
 * opened by a user of the client (opening it clears the banner for everyone of the client). It refetches
 * with the notifications (on a push, focus, reconnect, or the 50 s poll).
 */
export function ActionRequiredBanner({ clientId, onDocumentsList = false }: { clientId: number; onDocumentsList?: boolean }) {
  const query = useQuery({ ...actionRequiredQueryOptions(clientId), refetchOnWindowFocus: 'always' })
  const documents = query.data?.documents ?? []
  if (documents.length === 0) return null
  const one = documents.length === 1
  return (
    <div className={margin}>
      <Alert
        status="danger"
        title={one ? 'Action required: service of process received' : `Action required: ${documents.length} services of process received`}
        action={
          onDocumentsList ? undefined : (
            <Link to="/client/documents" className={css({ fontWeight: 'semibold', color: 'danger.fg', whiteSpace: 'nowrap', alignSelf: 'center' })}>
              Open documents
            </Link>
          )
        }
      >
        <p>
          Legal papers (such as a lawsuit) were served on your company. Deadlines to respond can be short: open {one ? 'it' : 'them'} now and contact your
          attorney.
        </p>
        <ul className={list}>
          {documents.map((document) => (
            <li key={document.id}>
              {document.fileName}, received {formatDateTime(document.uploadedAt)}
            </li>
          ))}
        </ul>
      </Alert>
    </div>
  )
}
