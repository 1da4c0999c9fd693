/**
 * The scripts a page path needs beyond the entry, from the build's manifest (dist/.vite/manifest.json):
 * the app's start, which the entry imports at once, and the route's own: the router splits each route
 * file into chunks (component, loader, ...), and a page needs those of its route file and of every
 * layout above it, with their static imports. The shell names them as <link rel="modulepreload">, so
 * the browser fetches them in parallel with the entry instead of one level of imports after another:
 * the server in the shell it sends (server/http/route-preload.ts), the service worker in the shell it
 * serves from its cache (sw/sw.ts, from dist/route-preloads.json, which the build writes). Error and
 * not-found chunks load only when shown, and are left out. Plain data and string work, so that the
 * server, the build and the service worker share it.
 */
export interface ManifestChunk {
  file: string
  isEntry?: boolean
  imports?: string[]
  dynamicImports?: string[]
}

export interface RoutePreloadTable {
  /**
   * Most specific first (fewer parameters, then longer paths); `pattern` is a case-insensitive RegExp
   * source, `path` the page path as written in the route file ('/client/invoices/$id'), `source` that file.
   */
  routes: { pattern: string; path: string; source: string; files: string[] }[]
  /** What a path no route matches still needs: the app's start. */
  start: string[]
  /** The entry and what it imports statically: in the page's HTML already, so in no list above. */
  entry: string[]
}

/** A page path's scripts, as the table names them. */
export type RoutePreloads = (urlPath: string) => string[]

export function routePreloadTable(manifest: Record<string, ManifestChunk>): RoutePreloadTable {
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

  const routes: (RoutePreloadTable['routes'][number] & { params: number; length: number })[] = []
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
      pattern: `^/${source}/?$`,
      path: `/${segments.join('/')}`,
      source: routeFile,
      params: segments.filter((s) => s.startsWith('$')).length,
      length: segments.length,
      files: [...files].filter((file) => !inEntry.has(file)),
    })
  }
  routes.sort((a, b) => a.params - b.params || b.length - a.length || a.pattern.localeCompare(b.pattern))
  return {
    routes: routes.map(({ pattern, path, source, files }) => ({ pattern, path, source, files })),
    start: [...start].filter((file) => !inEntry.has(file)),
    entry: [...inEntry],
  }
}

export function routePreloads(table: RoutePreloadTable): RoutePreloads {
  const routes = table.routes.map((route) => ({ pattern: new RegExp(route.pattern, 'i'), files: route.files }))
  return (urlPath) => routes.find((route) => route.pattern.test(urlPath))?.files ?? table.start
}

/** The shell with a modulepreload link for each file, placed before </head>. */
export function withPreloads(html: string, files: string[]): string {
  if (!files.length) return html
  const links = files.map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`).join('')
  return html.replace('</head>', `${links}</head>`)
}
