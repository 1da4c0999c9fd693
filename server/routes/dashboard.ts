import { Hono } from 'hono'
import { access } from '../auth/policy'
import type { AppEnv } from '../context'
import { clientDashboard, providerDashboard } from '../dashboard/queries'

/** The dashboards' figures (contract/dashboard.ts): the client's own, and staff's of today. */
export const dashboardRoutes = new Hono<AppEnv>()
  .get('/dashboard/client', access.client('shared'), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    const registeredAgentAddress = deps.env.COMPANY_LOCATION
    return c.json(await clientDashboard(deps.db, { clientId: caller.clientId!, userId: caller.userId, registeredAgentAddress }, deps.clock.now()))
  })
  .get('/dashboard/provider', access.agent(), async (c) => {
    const deps = c.get('deps')
    const caller = c.get('caller')
    return c.json(await providerDashboard(deps.db, caller, deps.clock.now()))
  })
