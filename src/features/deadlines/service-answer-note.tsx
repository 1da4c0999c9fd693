import type { Document } from '@contract/documents'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { css } from 'styled-system/css'
import { errorMessage } from '~/lib/api-client'
import { formatDateTime, formatDocumentDate } from '~/lib/dates'
import { documentKeys } from '~/features/documents/keys'
import { Alert } from '~/ui/alert'
import { Button } from '~/ui/button'
import { acknowledgeDocument, deadlineKeys } from './api'

const actions = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '2', mt: '2' })
const error = css({ color: 'fg.danger', fontSize: 'sm' })

/**
 * A service of process's answer date (an estimate unless staff confirmed it) and, for a client user,
 * Acknowledge: the repeated alerts stop once someone has it in hand (opening it is not enough).
 * Nothing for other documents. The deadlines and documents lists read themselves again; `onAcknowledged` tells the caller.
 */
export function ServiceAnswerNote({ document, canAcknowledge, onAcknowledged }: { document: Document; canAcknowledge: boolean; onAcknowledged?: () => void }) {
  const queryClient = useQueryClient()
  const [acknowledgedAt, setAcknowledgedAt] = useState(document.acknowledgedAt ?? null)
  const acknowledge = useMutation({
    mutationFn: () => acknowledgeDocument(document.id),
    onSuccess: (answer) => {
      setAcknowledgedAt(answer.acknowledgedAt)
      void queryClient.invalidateQueries({ queryKey: deadlineKeys.all })
      void queryClient.invalidateQueries({ queryKey: documentKeys.lists() })
      onAcknowledged?.()
    },
  })
  if (document.responseDueDate === undefined) return null
  const due = document.responseDueDate
  return (
    <Alert
      status={acknowledgedAt ? 'info' : 'warning'}
      title={due ? `Answer due ${formatDocumentDate(due)}${document.responseDueEstimate ? ' (estimate)' : ''}` : 'Service of process'}
    >
      {due
        ? document.responseDueEstimate
          ? `Estimated from the date served (${formatDocumentDate(document.servedOn ?? document.dateReceived)}): 20 days in a state court, 21 in a federal court. Confirm the date with your attorney.`
          : 'The answer date was confirmed by our staff. Confirm it with your attorney.'
        : 'No court answer date applies to these papers. Ask your attorney about any deadline.'}
      <div className={actions}>
        {acknowledgedAt ? (
          <span>Acknowledged {formatDateTime(acknowledgedAt)}: the reminders have stopped.</span>
        ) : canAcknowledge ? (
          <Button size="sm" onClick={() => acknowledge.mutate()} loading={acknowledge.isPending}>
            Acknowledge: we have it in hand
          </Button>
        ) : (
          <span>Not yet acknowledged by the client.</span>
        )}
        {acknowledge.isError && (
          <p role="alert" className={error}>
            {errorMessage(acknowledge.error)}
          </p>
        )}
      </div>
    </Alert>
  )
}
