import { RequestListSearchSchema, type RequestListSearch } from './list-params'

/**
 * The search options the client and provider Requested Documents routes share (route options are part
 * of every page's first script: no components or calls here). Their loaders are in ./loaders, which the
 * router loads on navigation.
 */
export const requestListRouteOptions = {
  validateSearch: RequestListSearchSchema,
  loaderDeps: ({ search }: { search: RequestListSearch }) => search,
}
