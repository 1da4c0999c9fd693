import { ClientDashboardSchema, ProviderDashboardSchema } from '@contract/dashboard'
import { queryOptions, type QueryClient } from '@tanstack/react-query'
import { api } from '~/lib/api-client'
import { appConfig } from '~/lib/config'
import { hasEarlyResponse } from '~/lib/early-response'
import { CLIENT_DASHBOARD_PATH } from './client-figures'

/** The dashboards' figures (GET /api/dashboard/client, GET /api/dashboard/provider); saved for offline use. */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  client: () => [...dashboardKeys.all, 'client'] as const,
  provider: () => [...dashboardKeys.all, 'provider'] as const,
}

export const clientDashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.client(),
    queryFn: ({ signal }) => api.get(CLIENT_DASHBOARD_PATH, { schema: ClientDashboardSchema, signal }),
    // Read again each time the dashboard opens; what was saved shows meanwhile. An answer of the last
    // two seconds is not asked for again as the page mounts: the one its loader has just taken.
    staleTime: 2000,
  })

export const providerDashboardQueryOptions = () =>
  queryOptions({
    queryKey: dashboardKeys.provider(),
    queryFn: ({ signal }) => api.get('/dashboard/provider', { schema: ProviderDashboardSchema, signal }),
    staleTime: 0,
  })

/**
 * The client dashboard's loader. Over the page's frame the entry has asked for the figures already and
 * the frame shows them when they come (app/early-call.ts): the page waits for that answer, so that its
 * first render has the figures rather than putting placeholders back in their place. Otherwise the page
 * renders at once and its query fetches (saved figures show meanwhile).
 */
export async function loadClientDashboard(queryClient: QueryClient): Promise<void> {
  if (!hasEarlyResponse(`${appConfig.apiBase}${CLIENT_DASHBOARD_PATH}`)) return
  await queryClient.ensureQueryData(clientDashboardQueryOptions()).catch(() => undefined)
}
