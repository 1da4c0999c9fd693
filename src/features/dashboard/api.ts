import { ClientDashboardSchema, ProviderDashboardSchema } from '@contract/dashboard'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api-client'
import { isCacheRestored } from '~/lib/query-client'

/** The dashboards' figures (GET /api/dashboard/client, GET /api/dashboard/provider); saved for offline use. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  client: () => [...dashboardKeys.all, 'client'] as const,
  provider: () => [...dashboardKeys.all, 'provider'] as const,
}

export const clientDashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.client(),
    queryFn: ({ signal }) => api.get('/dashboard/client', { schema: ClientDashboardSchema, signal }),
    // Read again each time the dashboard opens (its loader asks); what was saved shows meanwhile. An answer
    // of the last two seconds is not asked for again as the page mounts: the one its loader just asked for.
    staleTime: 2000,
  })

export const providerDashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.provider(),
    queryFn: ({ signal }) => api.get('/dashboard/provider', { schema: ProviderDashboardSchema, signal }),
    staleTime: 0,
  })

/** The client dashboard's loader: its figures are asked for as the route loads, before the page renders. */
export function loadClientDashboard(queryClient: QueryClient): void {
  if (isCacheRestored()) void queryClient.prefetchQuery(clientDashboardQueryOptions())
}
