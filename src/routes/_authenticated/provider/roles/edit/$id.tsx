import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { PERM } from '~/lib/permissions'
import { PlaceholderPage } from '~/features/shell/placeholder-page'

export const Route = createFileRoute('/_authenticated/provider/roles/edit/$id')({
  beforeLoad: requirePermission(PERM.RCE),
  component: EditRolePage,
})

/** LATER: the Edit Role feature replaces this placeholder. */
function EditRolePage() {
  return <PlaceholderPage title="Edit Role" />
}
