import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { routePreloads, routePreloadTable, type ManifestChunk, type RoutePreloads } from '../../contract/route-preloads'

export { withPreloads, type RoutePreloads } from '../../contract/route-preloads'

/**
 * The scripts each page path needs beyond the entry, read from the build's manifest
 * (dist/.vite/manifest.json; see contract/route-preloads.ts): the server names them in the shell it
 * sends as <link rel="modulepreload">. Nothing without a build.
 */
export function loadRoutePreloads(distDir: string): RoutePreloads {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) return () => []
  return routePreloads(routePreloadTable(JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>))
}
