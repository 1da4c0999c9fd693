import { ClientDashboardSchema, ProviderDashboardSchema } from '../../../contract/dashboard'
import { describeRoutes } from '../describe'

/** The dashboards' figures. */
export const dashboardDocs = describeRoutes('Dashboards', {
  'GET /api/dashboard/client': { summary: 'The signed-in client’s dashboard figures', answers: { 200: ClientDashboardSchema } },
  'GET /api/dashboard/provider': { summary: 'Staff’s dashboard figures of today', answers: { 200: ProviderDashboardSchema } },
})
