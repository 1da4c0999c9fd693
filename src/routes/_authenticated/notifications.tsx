import { createFileRoute } from '@tanstack/react-router'
import { NotificationsPage } from '~/features/notifications/page'
import { NotificationsSearchSchema } from '~/features/notifications/routing'

/** /notifications: the full list behind the bell's 'View More'. */
export const Route = createFileRoute('/_authenticated/notifications')({
  validateSearch: NotificationsSearchSchema,
  component: NotificationsRoute,
})

function NotificationsRoute() {
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  return <NotificationsPage search={search} onSearchChange={(patch) => void navigate({ search: (previous) => ({ ...previous, ...patch }), replace: true })} />
}
