import { SecondFactorsSchema } from '@contract/second-factor'
import { queryOptions } from '@tanstack/react-query'
import { api } from '~/lib/api-client'

/**
 * The signed-in user's second factors: GET /api/auth/second-factors. Apart from the changes
 * (second-factor-api.ts), so a page that only reads them (the client dashboard's suggestion) loads
 * nothing more.
 */
export const secondFactorsQueryOptions = () =>
  queryOptions({
    queryKey: ['auth', 'second-factors'],
    queryFn: ({ signal }) => api.get('/auth/second-factors', { schema: SecondFactorsSchema, signal }),
  })
