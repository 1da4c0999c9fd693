import { createFileRoute, Outlet, redirect, useLocation } from '@tanstack/react-router'
import { RoleDeniedPage } from '~/app/route-states'
import { requireClient } from '~/features/auth'
import { cachedCompanyRole, switchCompany, useCompanyRole } from '~/features/companies/api'
import { clientPageArea, roleOpens } from '~/features/companies/roles'
import { errorMessage } from '~/lib/api-client'
import { AccessDeniedError } from '~/lib/permissions'
import { getSession } from '~/lib/session'
import { notify } from '~/ui/toaster'

/**
 * The client area: client users only. A page the person's role in the session's company does not reach
 * (a member's invoices, a billing person's documents) shows "Your role in this company does not include
 * this" instead: at navigation when the role is known then, and as soon as it is known otherwise.
 *
 * An address with `?company=<clientId>` (a push or e-mail about one of the person's companies) opens in
 * that company: the session switches to it first, then the page loads without the parameter. A company
 * the person has left stays unswitched and says so.
 */
export const Route = createFileRoute('/_authenticated/client')({
  beforeLoad: async ({ context, location }) => {
    requireClient()
    const { company, ...search } = location.search as Record<string, unknown>
    if (company !== undefined) {
      const clientId = Number(company)
      if (Number.isInteger(clientId) && clientId > 0 && clientId !== getSession()?.user.clientId) {
        try {
          await switchCompany(context.queryClient, clientId)
        } catch (error) {
          notify.error(errorMessage(error, 'That company could not be opened'))
        }
      }
      throw redirect({ to: location.pathname, search, replace: true })
    }
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
