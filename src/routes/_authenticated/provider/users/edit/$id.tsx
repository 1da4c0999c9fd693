import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { UserEditPage } from '~/features/users/user-form-page'
import { loadRoleChoices, loadUser } from '~/features/users/loaders'
import { userIdFromParam } from '~/features/users/routing'
import { PERM } from '~/lib/permissions'

/** Provider › Users › Edit (UCE): name and role. */
export const Route = createFileRoute('/_authenticated/provider/users/edit/$id')({
  beforeLoad: requirePermission(PERM.UCE),
  loader: ({ context, params }) => Promise.all([loadUser(context.queryClient, params.id), loadRoleChoices(context.queryClient)]),
  component: EditUserRoute,
})

function EditUserRoute() {
  const { id } = Route.useParams()
  return <UserEditPage userId={userIdFromParam(id)} />
}
