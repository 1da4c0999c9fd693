import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { loadUser } from '~/features/users/loaders'
import { userIdFromParam } from '~/features/users/routing'
import { UserViewPage } from '~/features/users/user-view-page'
import { PERM } from '~/lib/permissions'

/** Provider › Users › View (UCV): details, actions (with UCE) and history. */
export const Route = createFileRoute('/_authenticated/provider/users/view/$id')({
  beforeLoad: requirePermission(PERM.UCV),
  loader: ({ context, params }) => loadUser(context.queryClient, params.id),
  component: ViewUserRoute,
})

function ViewUserRoute() {
  const { id } = Route.useParams()
  return <UserViewPage userId={userIdFromParam(id)} />
}
