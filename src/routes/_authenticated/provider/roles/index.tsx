import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { loadRoleList } from '~/features/roles/loaders'
import { RolesPage } from '~/features/roles/roles-page'
import { PERM } from '~/lib/permissions'

/** Provider › Roles (RCV). */
export const Route = createFileRoute('/_authenticated/provider/roles/')({
  beforeLoad: requirePermission(PERM.RCV),
  loader: ({ context }) => loadRoleList(context.queryClient),
  component: RolesPage,
})
