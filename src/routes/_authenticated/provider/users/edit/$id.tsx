import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { PERM } from '~/lib/permissions'
import { PlaceholderPage } from '~/features/shell/placeholder-page'

export const Route = createFileRoute('/_authenticated/provider/users/edit/$id')({
  beforeLoad: requirePermission(PERM.UCE),
  component: EditUserPage,
})

/** LATER: the Edit User feature replaces this placeholder. */
function EditUserPage() {
  return <PlaceholderPage title="Edit User" />
}
