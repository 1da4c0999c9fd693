import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { PERM } from '~/lib/permissions'
import { PlaceholderPage } from '~/features/shell/placeholder-page'

export const Route = createFileRoute('/_authenticated/provider/roles/add')({
  beforeLoad: requirePermission(PERM.RCC),
  component: AddRolePage,
})

/** LATER: the Add Role feature replaces this placeholder. */
function AddRolePage() {
  return <PlaceholderPage title="Add Role" />
}
