import { Hono } from 'hono'
import type { ClientDashboard } from '../../contract/dashboard'
import { access, opensArea } from '../auth/policy'
import type { AppEnv, Caller } from '../context'
import { clientDashboard, providerDashboard } from '../dashboard/queries'

/** Activity about documents and mail requests, and about invoices, by the area each is of. */
const DOCUMENT_ACTIVITY = new Set(['new-mail', 'service-of-process', 'mail-request'])

/**
 * The figures a person's role in the company opens: a member sees no money, a billing person no
 * documents or mail (their counts read as none, their activity left out).
 */
function withinRole(dashboard: ClientDashboard, caller: Caller): ClientDashboard {
  const documents = opensArea(caller, 'documents')
  const billing = opensArea(caller, 'billing')
  return {
    ...dashboard,
    unreadDocuments: documents ? dashboard.unreadDocuments : { count: 0, mostUrgent: null },
    mailRequests: documents ? dashboard.mailRequests : { inProgress: 0, latest: [] },
    invoices: billing ? dashboard.invoices : { unpaidCount: 0, overdueCount: 0, totalDue: 0, payableIds: [] },
    recentActivity: dashboard.recentActivity.filter((item) =>
      DOCUMENT_ACTIVITY.has(item.kind) || item.documentId !== null || item.documentRequestId !== null ? documents : item.kind === 'invoice' ? billing : true,
    ),
  }
}

/** The dashboards' figures (contract/dashboard.ts): the client's own, and staff's of today. */
export const dashboardRoutes = new Hono<AppEnv>()
  .get('/dashboard/client', access.client('shared'), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const registeredAgentAddress = deps.env.COMPANY_LOCATION
    const dashboard = await clientDashboard(deps.db, { clientId: caller.clientId!, userId: caller.userId, registeredAgentAddress }, deps.clock.now())
    return c.json(withinRole(dashboard, caller))
  })
  .get('/dashboard/provider', access.agent(), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    return c.json(await providerDashboard(deps.db, caller, deps.clock.now()))
  })
