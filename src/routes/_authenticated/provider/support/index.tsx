import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { SupportInboxPage } from '~/features/support'
import { loadInbox } from '~/features/support/loaders'
import { InboxSearchSchema } from '~/features/support/routing'
import { PERM } from '~/lib/permissions'

/** Provider › Support inbox (SPV); the filter and page live in the URL. */
export const Route = createFileRoute('/_authenticated/provider/support/')({
  beforeLoad: requirePermission(PERM.SPV),
  validateSearch: InboxSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadInbox(context.queryClient, deps),
  component: SupportInboxRoute,
})

function SupportInboxRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <SupportInboxPage search={search} onSearchChange={(next) => void navigate({ search: next })} />
}
