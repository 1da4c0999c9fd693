import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

/**
 * The scripts a page path needs beyond the entry, from the build's manifest (dist/.vite/manifest.json):
 * the app's start, which the entry imports at once, and the route's own: the router splits each route
 * file into chunks (component, loader, ...), and a page needs those of its route file and of every
 * layout above it, with their static imports. The server names them in the shell
 * it sends as <link rel="modulepreload">, so the browser fetches them in parallel with the entry instead
 * of after it has run. Error and not-found chunks load only when shown, and are left out.
 */
interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

interface RoutePattern {
  pattern: RegExp
  /** More specific routes first: fewer parameters, then longer paths. */
  params: number
  length: number
  files: string[]
}

export type RoutePreloads = (urlPath: string) => string[]

const NONE: RoutePreloads = () => []

export function loadRoutePreloads(distDir: string): RoutePreloads {
  const manifestPath = path.join(distDir, '.vite', 'manifest.json')
  if (!existsSync(manifestPath)) return NONE
  const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Record<string, ManifestChunk>

  const closure = (key: string, into: Set<string>): Set<string> => {
    const chunk = manifest[key]
    if (!chunk || into.has(chunk.file)) return into
    if (chunk.file.endsWith('.js')) into.add(chunk.file)
    for (const dep of chunk.imports ?? []) closure(dep, into)
    return into
  }
  const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry)
  const inEntry = entryKey ? closure(entryKey, new Set()) : new Set<string>()
  // The entry imports the app's start at once (dynamically, so that a page frame is painted first):
  // every page needs it.
  const start = new Set<string>()
  for (const key of (entryKey && manifest[entryKey].dynamicImports) || []) closure(key, start)

  const splits = new Map<string, string[]>()
  for (const key of Object.keys(manifest)) {
    const match = /^(src\/routes\/.+\.tsx)\?tsr-split=(.+)$/.exec(key)
    if (!match || /errorComponent|notFoundComponent/.test(match[2])) continue
    splits.set(match[1], [...(splits.get(match[1]) ?? []), key])
  }

  const layoutsAbove = (routeFile: string) => {
    const parts = routeFile.replace(/^src\/routes\//, '').split('/')
    const found = ['src/routes/__root.tsx']
    for (let i = 1; i < parts.length; i++) {
      const dir = parts.slice(0, i).join('/')
      found.push(`src/routes/${dir}/route.tsx`, `src/routes/${dir}.tsx`)
    }
    return found.filter((file) => file !== routeFile)
  }

  const routes: RoutePattern[] = []
  for (const routeFile of splits.keys()) {
    if (/\/route\.tsx$/.test(routeFile) || routeFile === 'src/routes/__root.tsx') continue
    const segments = routeFile
      .replace(/^src\/routes\//, '')
      .replace(/\.tsx$/, '')
      .split(/[/.]/)
      .filter((s) => !s.startsWith('_') && s !== 'index' && s !== 'route')
    const files = new Set<string>(start)
    for (const file of [routeFile, ...layoutsAbove(routeFile)]) for (const key of splits.get(file) ?? []) closure(key, files)
    const source = segments.map((s) => (s.startsWith('$') ? '[^/]+' : s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/')
    routes.push({
      pattern: new RegExp(`^/${source}/?$`, 'i'),
      params: segments.filter((s) => s.startsWith('$')).length,
      length: segments.length,
      files: [...files].filter((file) => !inEntry.has(file)),
    })
  }
  routes.sort((a, b) => a.params - b.params || b.length - a.length)
  const startOnly = [...start].filter((file) => !inEntry.has(file))
  return (urlPath) => routes.find((route) => route.pattern.test(urlPath))?.files ?? startOnly
}

/** The shell with a modulepreload link for each file, placed before </head>. */
export function withPreloads(html: string, files: string[]): string {
  if (!files.length) return html
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')
  return html.replace('</head>', `${links}</head>`)
}
