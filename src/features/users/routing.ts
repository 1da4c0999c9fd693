import { notFound } from '@tanstack/react-router'
import { idFromParam } from '~/lib/route-params'

/**
 * What the user routes need outside their loaders: the list's search params and the `$id`. Light (no
 * components, no calls): route options are part of the app's first script. Loaders are in ./loaders.
 */
export { listStateFromSearch, searchFromListState, UserListSearchSchema } from './list-params'

/** The id of /provider/users/view/{id} and /edit/{id}; anything else is a not-found page. */
export function userIdFromParam(param: string): number {
  const id = idFromParam(param)
  if (id === null) throw notFound()
  return id
}
