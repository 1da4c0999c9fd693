import { idFromParam } from '~/lib/route-params'
import { RequestListSearchSchema, requestStateFromSearch, searchFromRequestState, type RequestListSearch, type RequestListState } from './list-params'

/**
 * What the mail request routes need outside their loaders: the list's search params and the next
 * search of a list change, the request `$id`. Light (no components, no calls): route options are part
 * of every page's first script. Loaders are in ./loaders, which the router loads on navigation.
 */
export { requestStateFromSearch, type RequestListSearch }

/** The search options the client and provider Requested Documents routes share. */
export const requestListRouteOptions = {
  validateSearch: RequestListSearchSchema,
  loaderDeps: ({ search }: { search: RequestListSearch }) => search,
}

/** The next search params after a change of the list's state. */
export function nextRequestListSearch(previous: RequestListSearch, patch: Partial<RequestListState>): RequestListSearch {
  return searchFromRequestState({ ...requestStateFromSearch(previous), ...patch })
}

/** The `$id` of a Document Progress route, or null when it cannot be a request's. */
export const requestIdFromParam = idFromParam
