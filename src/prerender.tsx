import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { prerenderToNodeStream } from 'react-dom/static'
import { createAppRouter } from './router'

/**
 * Page frames, rendered at build time (scripts/prerender.ts runs this module in Node): for each public
 * page path without parameters, the HTML of its first render. The server puts a path's frame in the
 * shell it sends, so a browser paints the page from the HTML alone, before the scripts have arrived;
 * the app's first render replaces it (src/app/page-frame.ts).
 *
 * Only the public pages have one: they are where a first visit lands. A signed-in page loaded in full
 * is mostly served by the service worker's shell (an installed app, a reload), and its frame would be
 * placeholders that the app then rebuilds, adding main-thread work on a phone.
 */

const isPublicPage = (routeId: string) => routeId.startsWith('/_public/')

/** The page paths that have a frame: the public leaf routes without path parameters. */
export function framePaths(): string[] {
  const router = createAppRouter(new QueryClient())
  return Object.values(router.routesById)
    .filter((route) => !route.children && !route.fullPath.includes('$') && isPublicPage(route.id))
    .map((route) => route.fullPath.replace(/(.)\/$/, '$1'))
}

/** How long a page may take to be ready to render without its data (it needs none: a few microtasks). */
const READY_WITHIN_MS = 300

/**
 * The frame of one page path, or null when the page does not render there on its own (its loader waits
 * for data, or it redirects, or fails).
 */
export async function renderFrame(path: string): Promise<string | null> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } })
  const router = createAppRouter(queryClient)
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }), isServer: true })
  const leaf = router.matchRoutes(router.latestLocation).at(-1)
  if (!leaf || !isPublicPage(leaf.routeId)) return null

  const loaded = router.load().then(
    () => true,
    () => false,
  )
  const ready = await Promise.race([loaded, new Promise<false>((resolve) => setTimeout(() => resolve(false), READY_WITHIN_MS))])
  if (!ready) return null
  if (router.state.location.pathname !== path || router.state.matches.some((match) => match.status !== 'success')) return null

  let failed = false
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    // Every part inline, in place: a part React would send later (to reveal progressively) would need
    // its inline script to show.
    { onError: () => void (failed = true), progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  let html = ''
  for await (const chunk of prelude) html += String(chunk)
  // A part left to the browser (`<!--$?-->` waiting, `<!--$!-->` to render there) is not a frame.
  if (failed || /<!--\$[?!]-->/.test(html)) return null
  // The router's scroll-restoration script is for server-rendered apps that hydrate; this one starts
  // over in the browser (and the Content-Security-Policy refuses inline scripts).
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
}
