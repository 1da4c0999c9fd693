import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { loadRole } from '~/features/roles/loaders'
import { RoleEditPage } from '~/features/roles/role-form-page'
import { roleIdFromParam } from '~/features/roles/routing'
import { PERM } from '~/lib/permissions'

/** Provider › Roles › Edit (RCE). */
export const Route = createFileRoute('/_authenticated/provider/roles/edit/$id')({
  beforeLoad: requirePermission(PERM.RCE),
  loader: ({ context, params }) => loadRole(context.queryClient, params.id),
  component: EditRoleRoute,
})

function EditRoleRoute() {
  const { id } = Route.useParams()
  return <RoleEditPage roleId={roleIdFromParam(id)} />
}
