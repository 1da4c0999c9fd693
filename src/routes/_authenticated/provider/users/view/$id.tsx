import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { PERM } from '~/lib/permissions'
import { PlaceholderPage } from '~/features/shell/placeholder-page'

export const Route = createFileRoute('/_authenticated/provider/users/view/$id')({
  beforeLoad: requirePermission(PERM.UCV),
  component: ViewUserPage,
})

/** LATER: the User feature replaces this placeholder. */
function ViewUserPage() {
  return <PlaceholderPage title="User" />
}
