import { PublicConfigSchema } from '@contract/config'
import { queryOptions, useQuery } from '@tanstack/react-query'
import { api } from '~/lib/api-client'

/** Support contacts and the FAQs link (GET /api/config), for the footer, the sidebar and support. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['config'],
    queryFn: ({ signal }) => api.get('/config', { auth: false, schema: PublicConfigSchema, signal }),
    staleTime: 60 * 60 * 1000,
  })

export function usePublicConfig() {
  return useQuery(publicConfigQueryOptions())
}
