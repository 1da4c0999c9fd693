import { createFileRoute } from '@tanstack/react-router'
import * as v from 'valibot'
import { requirePermission } from '~/features/auth'
import { MailActionQueuePage } from '~/features/mail-actions'
import { DEFAULT_LIST_PAGE_SIZE, PositiveInt } from '~/lib/list-query'
import { PERM } from '~/lib/permissions'

const SearchSchema = v.object({
  status: v.fallback(v.optional(v.picklist(['open', 'done'])), undefined),
  page: PositiveInt(100_000),
  pageSize: PositiveInt(100),
})

/** Clients' requests about their mail, for the mailroom (agents with DCV, as the server asks); state in the URL. */
export const Route = createFileRoute('/_authenticated/provider/mail-actions')({
  beforeLoad: requirePermission(PERM.DCV),
  validateSearch: SearchSchema,
  component: ProviderMailActionsPage,
})

function ProviderMailActionsPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  const state = { status: search.status ?? 'open', page: search.page ?? 1, pageSize: search.pageSize ?? DEFAULT_LIST_PAGE_SIZE }
  return (
    <MailActionQueuePage
      state={state}
      onStateChange={(patch) => {
        const next = { ...state, ...patch }
        void navigate({
          search: {
            status: next.status === 'open' ? undefined : next.status,
            page: next.page === 1 ? undefined : next.page,
            pageSize: next.pageSize === DEFAULT_LIST_PAGE_SIZE ? undefined : next.pageSize,
          },
          replace: true,
        })
      }}
    />
  )
}
