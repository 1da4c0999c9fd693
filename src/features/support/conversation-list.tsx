import type { ConversationSummary } from '@contract/support'
import { Link } from '@tanstack/react-router'
import { css } from 'styled-system/css'
import { formatDateTime } from '~/lib/dates'
import { StatusBadge } from '~/ui/badge'

const list = css({ listStyle: 'none', m: '0', p: '0', display: 'grid', gap: '2' })
const row = css({
  display: 'grid',
  gap: '1',
  borderWidth: '1px',
  borderColor: 'border.default',
  borderRadius: 'md',
  p: '3',
  bg: 'bg.surface',
  _hover: { bg: 'bg.subtle' },
})
const line = css({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: '2' })
const subject = css({ fontWeight: 'semibold', color: 'fg.accent', textDecoration: 'underline', overflowWrap: 'anywhere' })
const meta = css({ fontSize: 'xs', color: 'fg.muted' })
const badges = css({ display: 'flex', gap: '2', flexWrap: 'wrap' })

/** Conversations as links to their threads, with their status; `side` says whose view it is. */
export function ConversationList({ conversations, side }: { conversations: ConversationSummary[]; side: 'client' | 'provider' }) {
  return (
    <ul className={list} aria-label="Conversations">
      {conversations.map((c) => (
        <li key={c.id} className={row}>
          <div className={line}>
            {side === 'client' ? (
              <Link to="/client/support/$id" params={{ id: String(c.id) }} className={subject}>
                {c.subject}
              </Link>
            ) : (
              <Link to="/provider/support/$id" params={{ id: String(c.id) }} className={subject}>
                {c.subject}
              </Link>
            )}
            <span className={badges}>
              {side === 'client' && c.unreadByClient && <StatusBadge tone="info">New reply</StatusBadge>}
              {side === 'provider' && c.status === 'open' && c.awaitingReply && <StatusBadge tone="warning">Unanswered</StatusBadge>}
              <StatusBadge tone={c.status === 'open' ? 'success' : 'neutral'}>{c.status === 'open' ? 'Open' : 'Closed'}</StatusBadge>
            </span>
          </div>
          <span className={meta}>
            {side === 'provider' && `${c.companyName} · `}
            {c.messageCount} {c.messageCount === 1 ? 'message' : 'messages'} · last {formatDateTime(c.lastMessageAt)}
          </span>
        </li>
      ))}
    </ul>
  )
}
