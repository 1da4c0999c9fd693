import { PublicConfigSchema, type PublicConfig } from '@contract/config'
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query'
import { useCallback, useEffect, useSyncExternalStore } from 'react'
import { api } from './api-client'
import { whenIdle } from './idle'

const CONFIG_KEY = ['config'] as const
/** How long the configuration's request waits at most for an idle moment. */
const CONFIG_ASK_WITHIN_MS = 1000

/** Support contacts and the FAQs link (GET /api/config), for the footer, the sidebar and support. */
export const publicConfigQueryOptions = () =>
  queryOptions({
    queryKey: CONFIG_KEY,
    queryFn: ({ signal }) => api.get('/config', { auth: false, schema: PublicConfigSchema, signal }),
    staleTime: 60 * 60 * 1000,
  })

function askForConfig(client: QueryClient) {
  // Fetches only when missing or older than its staleTime; waits for the connection while offline.
  void client.prefetchQuery({ ...publicConfigQueryOptions(), retry: 2 })
}

/**
 * The public configuration from the query cache, fetched when missing or stale. Not `useQuery`: the
 * footer of the sign-in page needs only the data, and a query observer is code the first page can do
 * without (docs/decisions/2026-11-22-route-budgets.md). Re-renders when the configuration arrives or
 * changes, and asks again if the cache is emptied (a change of user clears it).
 */
export function usePublicConfig(): { data: PublicConfig | undefined } {
  const client = useQueryClient()
  const subscribe = useCallback(
    (onChange: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryKey[0] !== CONFIG_KEY[0]) return
        onChange()
        if (event.type === 'removed') askForConfig(client)
      }),
    [client],
  )
  const read = () => client.getQueryData<PublicConfig>(CONFIG_KEY)
  const data = useSyncExternalStore(subscribe, read, read)
  // At the browser's next idle moment: starting the request is a few milliseconds of main thread that
  // would otherwise lengthen the first render's effects, and the footer keeps its place meanwhile.
  useEffect(() => whenIdle(() => askForConfig(client), CONFIG_ASK_WITHIN_MS), [client])
  return { data }
}
