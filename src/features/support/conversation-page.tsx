import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { PageHeader } from '~/ui/page-header'
import { errorMessage } from '~/lib/api-client'
import { formatDateTime } from '~/lib/dates'
import { usePermission } from '~/lib/permissions'
import { StatusBadge } from '~/ui/badge'
import { Button } from '~/ui/button'
import { ChevronLeftIcon } from '~/ui/icons'
import { SavedAtNote } from '~/ui/list-page'
import { notify } from '~/ui/toaster'
import { conversationQueryOptions, useSetConversationStatus } from './api'
import { ConversationThread } from './conversation-thread'

const backLink = css({ display: 'inline-flex', alignItems: 'center', gap: '1', fontSize: 'sm', mb: '3' })
const facts = css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center', fontSize: 'sm', color: 'fg.muted', mb: '4' })

/** One support conversation: its subject, status, what it is about, the messages and the reply form. */
export function ConversationPage({ id, side }: { id: number; side: 'client' | 'provider' }) {
  const query = useSuspenseQuery(conversationQueryOptions(id))
  const conversation = query.data
  const canReply = usePermission('SPR')
  const setStatus = useSetConversationStatus(id)
  const staffCanAct = side === 'provider' && canReply
  return (
    <>
      {side === 'client' ? (
        <Link to="/client/support" className={backLink}>
          <ChevronLeftIcon aria-hidden="true" /> Support
        </Link>
      ) : (
        <Link to="/provider/support" className={backLink}>
          <ChevronLeftIcon aria-hidden="true" /> Support inbox
        </Link>
      )}
      <PageHeader
        title={conversation.subject}
        description={side === 'provider' ? conversation.companyName : `Started ${formatDateTime(conversation.createdAt)}`}
        actions={
          staffCanAct ? (
            <Button
              variant="outline"
              loading={setStatus.isPending}
              onClick={() =>
                setStatus.mutate(conversation.status === 'open' ? 'closed' : 'open', {
                  onError: (error) => notify.error(errorMessage(error, 'The status could not be changed.')),
                })
              }
            >
              {conversation.status === 'open' ? 'Close conversation' : 'Reopen conversation'}
            </Button>
          ) : undefined
        }
      />
      <SavedAtNote updatedAt={query.dataUpdatedAt} hasData subject="this conversation" />
      <div className={facts}>
        <StatusBadge tone={conversation.status === 'open' ? 'success' : 'neutral'}>{conversation.status === 'open' ? 'Open' : 'Closed'}</StatusBadge>
        {side === 'provider' && conversation.status === 'open' && conversation.awaitingReply && <StatusBadge tone="warning">Unanswered</StatusBadge>}
        {conversation.document && <span>About document: {conversation.document.name}</span>}
        {conversation.invoice && <span>About invoice: {conversation.invoice.invoiceNumber}</span>}
      </div>
      <ConversationThread
        conversation={conversation}
        canReply={side === 'client' || canReply}
        replyLabel={side === 'client' ? 'Your message' : 'Reply to the client'}
      />
    </>
  )
}
