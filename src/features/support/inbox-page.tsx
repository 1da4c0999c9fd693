import { useSuspenseQuery } from '@tanstack/react-query'
import { css } from 'styled-system/css'
import { PageHeader } from '~/ui/page-header'
import { Button } from '~/ui/button'
import { EmptyState } from '~/ui/empty-state'
import { SavedAtNote } from '~/ui/list-page'
import { Tabs } from '~/ui/tabs'
import { conversationListQueryOptions, INBOX_PAGE_SIZE, inboxListParams, type ConversationFilter } from './api'
import { ConversationList } from './conversation-list'
import type { InboxSearch } from './routing'

const FILTERS: { value: ConversationFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'unanswered', label: 'Unanswered' },
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
]

const pager = css({ display: 'flex', justifyContent: 'space-between', alignItems: 'center', mt: '4', fontSize: 'sm' })

/** Provider › Support: every client's conversations, unanswered open ones first. */
export function SupportInboxPage({ search, onSearchChange }: { search: InboxSearch; onSearchChange: (search: InboxSearch) => void }) {
  const query = useSuspenseQuery(conversationListQueryOptions(inboxListParams(search)))
  const { data, total, page } = query.data
  const pages = Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE))
  return (
    <>
      <PageHeader title="Support inbox" description="Clients' questions, unanswered first." />
      <SavedAtNote updatedAt={query.dataUpdatedAt} hasData subject="the inbox" />
      <Tabs.Root value={search.status} onValueChange={(details) => onSearchChange({ status: details.value as ConversationFilter, page: 1 })}>
        <Tabs.List aria-label="Show">
          {FILTERS.map((f) => (
            <Tabs.Trigger key={f.value} value={f.value}>
              {f.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
      </Tabs.Root>
      <div className={css({ mt: '4' })}>
        {data.length === 0 ? (
          <EmptyState title="No conversations" description="Nothing to show here." />
        ) : (
          <ConversationList conversations={data} side="provider" />
        )}
      </div>
      {pages > 1 && (
        <div className={pager}>
          <Button variant="outline" size="sm" disabled={page <= 1} onClick={() => onSearchChange({ ...search, page: page - 1 })}>
            Previous
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="outline" size="sm" disabled={page >= pages} onClick={() => onSearchChange({ ...search, page: page + 1 })}>
            Next
          </Button>
        </div>
      )}
    </>
  )
}
