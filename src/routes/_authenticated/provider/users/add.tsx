import { createFileRoute } from '@tanstack/react-router'
import { requirePermission } from '~/features/auth'
import { loadRoleChoices } from '~/features/users/loaders'
import { UserFormPage } from '~/features/users/user-form-page'
import { PERM } from '~/lib/permissions'

/** Provider › Users › Add (UCC): the new user is invited by e-mail. */
export const Route = createFileRoute('/_authenticated/provider/users/add')({
  beforeLoad: requirePermission(PERM.UCC),
  loader: ({ context }) => loadRoleChoices(context.queryClient),
  component: () => <UserFormPage />,
})
