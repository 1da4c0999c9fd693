import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { PERM } from '~/lib/permissions'
import { PlaceholderPage } from '~/features/shell/placeholder-page'

export const Route = createFileRoute('/_authenticated/provider/users/')({
  beforeLoad: requirePermission(PERM.UCV),
  component: UsersPage,
})

/** LATER: the Users feature replaces this placeholder. */
function UsersPage() {
  return <PlaceholderPage title="Users" />
}
