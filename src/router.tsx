import type { QueryClient } from '@tanstack/react-query'
import { createRouter, lazyRouteComponent, type RouterHistory } from '@tanstack/react-router'
import { routeTree } from './routeTree.gen'

/**
 * The router: file-based routes (src/routes), each page's code split into its own chunk. The error,
 * not-found and pending states load on demand too, so the first page stays small. `history` defaults to
 * the browser's (the app's start makes it a task earlier, src/start.tsx).
 */
export function createAppRouter(queryClient: QueryClient, history?: RouterHistory) {
  return createRouter({
    routeTree,
    history,
    context: { queryClient },
    defaultPreload: 'intent',
    // Freshness is TanStack Query's business: the router always asks it.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
    defaultErrorComponent: lazyRouteComponent(() => import('~/app/route-states'), 'RouteErrorPage'),
    defaultNotFoundComponent: lazyRouteComponent(() => import('~/app/route-states'), 'NotFoundPage'),
    defaultPendingComponent: lazyRouteComponent(() => import('~/app/route-states'), 'RoutePending'),
  })
}

export type AppRouter = ReturnType<typeof createAppRouter>

declare module '@tanstack/react-router' {
  interface Register {
    router: AppRouter
  }
  interface StaticDataRouteOption {
    /**
     * No page frame (src/prerender.tsx) for a page whose largest text is its data: the frame would hold
     * back the app's scripts, and with them that text, until the frame is painted.
     */
    noFrame?: boolean
  }
}
