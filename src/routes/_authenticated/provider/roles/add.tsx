import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { RoleFormPage } from '~/features/roles/role-form-page'
import { PERM } from '~/lib/permissions'

/** Provider › Roles › Add (RCC). */
export const Route = createFileRoute('/_authenticated/provider/roles/add')({
  beforeLoad: requirePermission(PERM.RCC),
  component: () => <RoleFormPage />,
})
