import { createFileRoute, notFound, type ErrorComponentProps } from '@tanstack/react-router'
import { RouteErrorPage } from '~/app/route-states'
import { useProfileLoadErrorToast } from '~/features/clients/profile-load-error'
import { OwnClientProfile } from '~/features/clients/client-profile'
import { clientIdFromParam } from '~/features/clients/routing'
import { loadClient } from '~/features/clients/loaders'

/** Client › Profile: only the signed-in client's own profile; any other id is not found. */
export const Route = createFileRoute('/_authenticated/client/profile/$id')({
  loader: ({ context, params }) => {
    const clientId = clientIdFromParam(params.id)
    if (clientId === null || clientId !== context.session.user.clientId) throw notFound()
    return loadClient(context.queryClient, clientId)
  },
  component: ClientProfilePage,
  errorComponent: ProfileLoadError,
})

function ClientProfilePage() {
  const { id } = Route.useParams()
  return <OwnClientProfile clientId={Number(id)} />
}

/** A profile that fails to load: the error page, and the error toast with the message. */
function ProfileLoadError(props: ErrorComponentProps) {
  useProfileLoadErrorToast(props.error)
  return <RouteErrorPage {...props} />
}
