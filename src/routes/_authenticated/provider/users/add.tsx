import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { PERM } from '~/lib/permissions'
import { PlaceholderPage } from '~/features/shell/placeholder-page'

export const Route = createFileRoute('/_authenticated/provider/users/add')({
  beforeLoad: requirePermission(PERM.UCC),
  component: AddUserPage,
})

/** LATER: the Add User feature replaces this placeholder. */
function AddUserPage() {
  return <PlaceholderPage title="Add User" />
}
