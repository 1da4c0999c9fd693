import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { roleListQueryOptions } from '~/features/roles/api'
import { RolesPage } from '~/features/roles/roles-page'
import { PERM } from '~/lib/permissions'

/** Provider › Roles (RCV). */
export const Route = createFileRoute('/_authenticated/provider/roles/')({
  beforeLoad: requirePermission(PERM.RCV),
  loader: ({ context }) => context.queryClient.ensureQueryData(roleListQueryOptions()),
  component: RolesPage,
})
