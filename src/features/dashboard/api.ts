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
    // Read again each time the dashboard opens; what was saved shows meanwhile.
    staleTime: 0,
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
