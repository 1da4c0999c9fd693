import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { PERM } from '~/lib/permissions'
import { PlaceholderPage } from '~/features/shell/placeholder-page'

export const Route = createFileRoute('/_authenticated/provider/roles/')({
  beforeLoad: requirePermission(PERM.RCV),
  component: RolesPage,
})

/** LATER: the Roles feature replaces this placeholder. */
function RolesPage() {
  return <PlaceholderPage title="Roles" />
}
