import { HostedFieldsConfigSchema } from '@contract/payments'
import { queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api-client'

/** GET /api/payments/config: which hosted-fields script to load, with which public key. Public. */
export const paymentsConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['payments', 'config'],
    queryFn: ({ signal }) => api.get('/payments/config', { schema: HostedFieldsConfigSchema, auth: false, signal }),
    // Changes only when the server is reconfigured.
    staleTime: 60 * 60_000,
  })
