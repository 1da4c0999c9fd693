import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { routePreloads, type RoutePreloads, type RoutePreloadTable } from '../../contract/route-preloads'

export { withPreloads, type RoutePreloads } from '../../contract/route-preloads'

/**
 * The scripts each page path needs beyond the entry, as the build wrote them (dist/route-preloads.json;
 * see contract/route-preloads.ts): the server names them in the shell it sends as
 * <link rel="modulepreload">. Nothing without a build.
 */
export function loadRoutePreloads(distDir: string): RoutePreloads {
  const tablePath = path.join(distDir, 'route-preloads.json')
  if (!existsSync(tablePath)) return () => []
  return routePreloads(JSON.parse(readFileSync(tablePath, 'utf8')) as RoutePreloadTable)
}
