import { createFileRoute, notFound } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { roleQueryOptions } from '~/features/roles/api'
import { RoleEditPage } from '~/features/roles/role-form-page'
import { PERM } from '~/lib/permissions'

function roleIdFromParam(param: string): number {
  if (!/^[1-9][0-9]{0,9}$/.test(param)) throw notFound()
  return Number(param)
}

/** Provider › Roles › Edit (RCE). */
export const Route = createFileRoute('/_authenticated/provider/roles/edit/$id')({
  beforeLoad: requirePermission(PERM.RCE),
  loader: ({ context, params }) => context.queryClient.ensureQueryData(roleQueryOptions(roleIdFromParam(params.id))),
  component: EditRoleRoute,
})

function EditRoleRoute() {
  const { id } = Route.useParams()
  return <RoleEditPage roleId={roleIdFromParam(id)} />
}
