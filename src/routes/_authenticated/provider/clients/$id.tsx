import { createFileRoute, notFound, type ErrorComponentProps } from '@tanstack/react-router'
import { RouteErrorPage } from '~/app/route-states'
import { useProfileLoadErrorToast } from '~/features/clients/profile-load-error'
import { ProviderClientProfile } from '~/features/clients/client-profile'
import { clientIdFromParam, ClientProfileSearchSchema } from '~/features/clients/routing'
import { loadClient } from '~/features/clients/loaders'

/** Provider › a client's profile; the tab lives in the URL: ?tab=basic|invoices|documents. */
export const Route = createFileRoute('/_authenticated/provider/clients/$id')({
  validateSearch: ClientProfileSearchSchema,
  loader: ({ context, params }) => {
    const clientId = clientIdFromParam(params.id)
    if (clientId === null) throw notFound()
    return loadClient(context.queryClient, clientId)
  },
  component: ProviderClientProfilePage,
  errorComponent: ProfileLoadError,
})

function ProviderClientProfilePage() {
  const { id } = Route.useParams()
  const { tab } = Route.useSearch()
  const navigate = Route.useNavigate()
  return <ProviderClientProfile clientId={Number(id)} tab={tab} onTabChange={(next) => void navigate({ search: { tab: next }, replace: true })} />
}

/** A profile that fails to load: the error page, and the error toast with the message. */
function ProfileLoadError(props: ErrorComponentProps) {
  useProfileLoadErrorToast(props.error)
  return <RouteErrorPage {...props} />
}
