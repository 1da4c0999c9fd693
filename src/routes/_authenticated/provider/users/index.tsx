import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { loadUserList } from '~/features/users/loaders'
import { listStateFromSearch, searchFromListState, UserListSearchSchema } from '~/features/users/routing'
import { UsersPage } from '~/features/users/users-page'
import { PERM } from '~/lib/permissions'

/** Provider › Users (UCV): paging, sorting, search and filters live in the URL. */
export const Route = createFileRoute('/_authenticated/provider/users/')({
  beforeLoad: requirePermission(PERM.UCV),
  validateSearch: UserListSearchSchema,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) => loadUserList(context.queryClient, listStateFromSearch(deps)),
  component: ProviderUsersPage,
})

function ProviderUsersPage() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return (
    <UsersPage
      state={listStateFromSearch(search)}
      onStateChange={(patch) => void navigate({ search: (previous) => searchFromListState({ ...listStateFromSearch(previous), ...patch }), replace: true })}
    />
  )
}
