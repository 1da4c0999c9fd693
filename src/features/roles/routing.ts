import { notFound } from '@tanstack/react-router'
import { idFromParam } from '~/lib/route-params'

/** What the role routes need outside their loaders (light: no components, no calls). Loaders are in ./loaders. */

/** The id of /provider/roles/edit/{id}; anything else is a not-found page. */
export function roleIdFromParam(param: string): number {
  const id = idFromParam(param)
  if (id === null) throw notFound()
  return id
}
