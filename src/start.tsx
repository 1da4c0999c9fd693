/**
 * The app's start (loaded by main.tsx): the query cache and its saved copy, the router, the session's
 * upkeep, the first render and the chores after it.
 */
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { createBrowserHistory, RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode, useInsertionEffect, type ReactNode } from 'react'
import { createRoot } from './app/react-dom-client'
import { keepPermissionsFresh, refreshPermissions } from '~/features/auth'
import { keepAccessTokenFresh, onNetworkError } from '~/lib/api-client'
import { applyAppStyles, releaseAppStyles } from '~/lib/app-styles'
import { whenIdle } from '~/lib/idle'
import { createQueryClient, markCacheRestored, persistOptions, queriesSettled, startCacheRestore } from '~/lib/query-client'
import { registerServiceWorker } from '~/lib/service-worker'
import { listenForInstallOffer } from '~/lib/install'
import { isBrowserOffline } from '~/lib/online-status'
import { getSession } from '~/lib/session'
import { requestToaster } from '~/lib/toaster-host'
import { startedFromFrame } from './app/page-frame'
import { pageDataIn, setPageDataSignal } from './app/page-shown'
import { createAppRouter, type AppRouter } from './router'

// The style sheet first: a lazy chunk's loader adds the sheet itself, not held, unless it is already in
// the document (the page's chunks start loading a few lines down).
const stylesApplied = applyAppStyles(document, { held: startedFromFrame })
startCacheRestore()
const queryClient = createQueryClient()
// Work the page does not need waits for the page's data (app/page-shown).
setPageDataSignal(() => queriesSettled(queryClient))

// The toast of a network error (api-client removes the session).
// The toaster loads on demand, keeping sonner out of the first page's script.
onNetworkError((message) => {
  requestToaster()
  void import('~/ui/toaster').then(({ notify }) => notify.error(message, { id: 'network-error' }))
})
keepAccessTokenFresh()
keepPermissionsFresh()
// The browser's install offer comes soon after load: listened for from the start (a few lines).
listenForInstallOffer()

// Building the router and rendering is the larger part of the start, in tasks of their own so that none
// holds back a tap for long on a phone: the browser history (its first entry is rewritten with the
// router's key), then the router (the route tree, the first match), then the page's chunks and the
// first render.
setTimeout(() => {
  const history = createBrowserHistory()
  setTimeout(() => {
    const router = createAppRouter(queryClient, history)
    setTimeout(() => startRouter(router), 0)
  }, 0)
}, 0)

function startRouter(router: AppRouter) {
  // The page's own chunks start loading now, alongside the saved cache being read back: the router would
  // ask for them only once the signed-in layout's wait for that cache is over, and a page the service
  // worker serves (offline, or any later visit) has no modulepreload links for them.
  for (const match of router.matchRoutes(router.latestLocation)) {
    void router.loadRouteChunk(router.routesById[match.routeId as keyof typeof router.routesById])?.catch(() => undefined)
  }
  void firstRender(router)
  // Work the first page does not need waits until that page is on screen with its data (start-up chores).
  // (Rendered, not only resolved: over a page frame the router has resolved the page before the first render.)
  const stopWaiting = router.subscribe('onRendered', () => {
    stopWaiting()
    void pageDataIn().then(startChores)
  })
}

// The first render waits for the style sheet (preloaded by the shell, so it is normally in already):
// the shell's frame stays on screen until the page can be painted styled.
// React recovers from an error in a background render by rendering again in one go (the router's state
// can move while the page renders in the background, see AfterFrame in app-layout). The page shown is
// then right, so it is noted as a warning rather than raised as an uncaught error.
const onRecoverableError = (error: unknown) =>
  console.warn('React rendered again after an error in a background render:', error, (error as Error | undefined)?.cause)

// Over a page frame (app/page-frame.ts) the first render is a background one: React builds the page in
// slices that leave the browser free between them, and the frame stays until the page replaces it. The
// router has loaded the page first (its chunks, guards and loaders; a framed page's loaders do not wait
// for data), so that first commit is the page, not the empty screen of a route still loading. The
// frame has its own rules inline: the full sheet applies with the commit that replaces it.
async function firstRender(router: AppRouter) {
  const pageLoaded = startedFromFrame ? Promise.race([router.load().catch(() => undefined), new Promise((resolve) => setTimeout(resolve, 2000))]) : undefined
  await Promise.all([stylesApplied, pageLoaded])
  const root = createRoot(document.getElementById('root')!, { onRecoverableError })
  const render = () =>
    root.render(
      <StrictMode>
        <StylesApplied>
          <PersistQueryClientProvider client={queryClient} persistOptions={persistOptions} onSuccess={markCacheRestored} onError={markCacheRestored}>
            <RouterProvider router={router} />
          </PersistQueryClientProvider>
        </StylesApplied>
      </StrictMode>,
    )
  if (startedFromFrame) startTransition(render)
  else render()
}

// Work the first page does not need waits until that page is on screen with its data and the browser
// is idle (at most a few seconds): re-reading the permission codes (a role may have changed since the
// session began; the page renders with the codes saved at sign-in meanwhile) and registering the
// service worker.
const idle = (run: () => void, timeout: number) => whenIdle(run, timeout, Math.min(timeout, 1000))
function startChores() {
  // Shared devices: a log out made offline reaches the server at the first contact, and what an ended
  // session left behind is wiped before anyone else signs in (a sign-in also wipes another user's
  // data first, features/auth). Neither is needed for the first page.
  idle(() => {
    void import('~/lib/signed-out').then(({ settleSignOutWhenOnline }) => settleSignOutWhenOnline())
    void import('~/lib/device-data').then(({ settleDeviceData }) => settleDeviceData())
  }, 500)
  idle(() => {
    if (getSession() && !isBrowserOffline()) void refreshPermissions().catch(() => undefined)
  }, 2000)
  // The outbox replays changes made offline (once the first page is on screen, then when the
  // connection returns and on focus); the service worker also waits for the page's own load.
  idle(() => void import('~/lib/outbox/outbox').then(({ startOutbox }) => startOutbox(queryClient)), 1000)
  const afterLoad = (run: () => void) => (document.readyState === 'complete' ? run() : window.addEventListener('load', run, { once: true }))
  afterLoad(() => idle(() => registerSW(), 3000))
}

/**
 * Applies the style sheet, if it was held, in the app's first commit: before that commit is painted, and
 * before any layout effect (which runs first in the components inside) reads a style.
 */
function StylesApplied({ children }: { children: ReactNode }) {
  useInsertionEffect(() => releaseAppStyles(), [])
  return children
}

function registerSW() {
  void registerServiceWorker({
    onNeedRefresh: (update) => {
      requestToaster()
      void import('sonner').then(({ toast }) =>
        // Stays until answered (the kit's notify toasts time out): the user picks the moment to reload.
        toast.info('A new version is available', {
          id: 'app-update',
          duration: Number.POSITIVE_INFINITY,
          action: { label: 'Reload', onClick: () => void update() },
        }),
      )
    },
  })
}
