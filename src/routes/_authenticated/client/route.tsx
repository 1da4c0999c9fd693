import { createFileRoute, Outlet, useLocation } from '@tanstack/react-router'
import { RoleDeniedPage } from '~/app/route-states'
import { requireClient } from '~/features/auth'
import { cachedCompanyRole, useCompanyRole } from '~/features/companies/api'
import { clientPageArea, roleOpens } from '~/features/companies/roles'
import { AccessDeniedError } from '~/lib/permissions'

/**
 * The client area: client users only. A page the person's role in the session's company does not reach
 * (a member's invoices, a billing person's documents) shows "Your role in this company does not include
 * this" instead: at navigation when the role is known then, and as soon as it is known otherwise.
 */
export const Route = createFileRoute('/_authenticated/client')({
  beforeLoad: ({ context, location }) => {
    requireClient()
    if (!roleOpens(cachedCompanyRole(context.queryClient), clientPageArea(location.pathname))) throw new AccessDeniedError('role')
  },
  component: ClientArea,
})

function ClientArea() {
  const role = useCompanyRole()
  const { pathname } = useLocation()
  if (!roleOpens(role, clientPageArea(pathname))) return <RoleDeniedPage />
  return <Outlet />
}
