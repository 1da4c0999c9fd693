import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createMemoryHistory, RouterProvider } from '@tanstack/react-router'
import { prerenderToNodeStream } from 'react-dom/static'
import { startLanguage } from './lib/i18n'
import { AccessDeniedError, type PermCode } from './lib/permissions'
import { clearSession, setSession, type Session } from './lib/session'
import { createAppRouter } from './router'

/**
 * Page frames, rendered at build time (scripts/prerender.ts runs this module in Node): for each page
 * path without parameters that renders at once without its data, the HTML of its first render. The
 * server puts a path's frame in the shell it sends, so a browser paints the page from the HTML alone,
 * before the scripts have arrived; the app's first render replaces it (src/app/page-frame.ts).
 *
 * The public pages' frames go to everyone. A signed-in page's frame is its layout and page before any
 * data, as a user of its area who holds no more permission codes than the page itself requires, and
 * without what belongs to one user (app/page-frame `renderingFrame`): the server sends it only to a
 * browser whose session is of that area.
 */

/** Who a frame is for: everyone, or a browser signed in as a client or as an agent. */
export type FrameArea = 'public' | 'client' | 'agent'

function areaOf(routeId: string): FrameArea | null {
  if (routeId.startsWith('/_public/')) return 'public'
  if (routeId.startsWith('/_authenticated/client/')) return 'client'
  if (routeId.startsWith('/_authenticated/provider/')) return 'agent'
  return null
}

/** The page paths that may have a frame: the public and area leaf routes without path parameters, unless marked `noFrame`. */
export function framePaths(): string[] {
  const router = createAppRouter(new QueryClient())
  return Object.values(router.routesById)
    .filter((route) => !route.children && !route.fullPath.includes('$') && !route.options.staticData?.noFrame && areaOf(route.id) !== null)
    .map((route) => route.fullPath.replace(/(.)\/$/, '$1'))
}

/** The session a signed-in frame renders with: a user of the area with no name and only `permissions`. */
function frameSession(area: 'client' | 'agent', permissions: PermCode[]): Session {
  return {
    token: 'page-frame',
    remember: false,
    permissions,
    user: {
      id: 0,
      firstName: '',
      lastName: '',
      email: '',
      role: '',
      clientId: area === 'client' ? 0 : null,
      agentId: area === 'agent' ? 0 : null,
      // No role: not the super admin, who holds every code.
      roleId: 0,
      roleType: area,
      companyName: null,
    },
  }
}

/** How long a page may take to be ready to render without its data (it needs none: a few microtasks). */
const READY_WITHIN_MS = 300

/**
 * The frame of one page path and who it is for, or null when the page does not render there on its own
 * (its loader waits for data, or it redirects, or fails).
 */
export async function renderFrame(path: string): Promise<{ html: string; area: FrameArea } | null> {
  // Frames are in English: the server sends them only to browsers that show English.
  startLanguage('en')
  const area = areaOf(createAppRouter(new QueryClient()).matchRoutes(path).at(-1)?.routeId ?? '')
  if (!area) return null
  // A page that requires a permission code is rendered as a user holding it (and no other).
  const permissions: PermCode[] = []
  for (;;) {
    if (area === 'public') clearSession()
    else setSession(frameSession(area, permissions))
    const rendered = await renderOnce(path)
    clearSession()
    if (rendered instanceof AccessDeniedError && rendered.code && !permissions.includes(rendered.code)) permissions.push(rendered.code)
    // An empty render (a page that sends the user on from its component) is no frame either.
    else return typeof rendered === 'string' && rendered ? { html: rendered, area } : null
  }
}

async function renderOnce(path: string): Promise<string | AccessDeniedError | null> {
  const queryClient = new QueryClient({ defaultOptions: { queries: { enabled: false, retry: false } } })
  const router = createAppRouter(queryClient)
  router.update({ ...router.options, history: createMemoryHistory({ initialEntries: [path] }), isServer: true })

  const loaded = router.load().then(
    () => true,
    () => false,
  )
  const ready = await Promise.race([loaded, new Promise<false>((resolve) => setTimeout(() => resolve(false), READY_WITHIN_MS))])
  if (!ready) return null
  const failed = router.state.matches.find((match) => match.status !== 'success')
  if (failed?.error instanceof AccessDeniedError) return failed.error
  if (router.state.location.pathname !== path || failed) return null

  const errors: unknown[] = []
  const { prelude } = await prerenderToNodeStream(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
    // Every part inline, in place: a part React would send later (to reveal progressively) would need
    // its inline script to show.
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  )
  let html = ''
  for await (const chunk of prelude) html += String(chunk)
  // A component that throws as it renders is a fault to fix, not a page without a frame: the build stops.
  if (errors.length > 0) throw new Error(`The frame of ${path} did not render`, { cause: errors[0] })
  // A part left to the browser (`<!--$?-->` still waiting) is not a frame.
  if (/<!--\$\?-->/.test(html)) return null
  // The router's scroll-restoration script is for server-rendered apps that hydrate; this one starts
  // over in the browser (and the Content-Security-Policy refuses inline scripts).
  return html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '')
}
