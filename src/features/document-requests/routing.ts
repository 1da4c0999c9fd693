/**
 * The mail request routes' search params (a public entry of this feature, free of components and
 * calls: it is part of every page's first script). Loaders come from ./loaders, on navigation.
 */
export { RequestListSearchSchema, requestStateFromSearch, searchFromRequestState, type RequestListSearch } from './list-params'
