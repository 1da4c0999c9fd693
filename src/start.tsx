/**
 * The app's start (loaded by main.tsx): the query cache and its saved copy, the router, the session's
 * upkeep, the first render and the chores after it.
 */
import { PersistQueryClientProvider } from '@tanstack/react-query-persist-client'
import { createBrowserHistory, RouterProvider } from '@tanstack/react-router'
import { startTransition, StrictMode, useInsertionEffect, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { keepPermissionsFresh, refreshPermissions } from '~/features/auth'
import { keepAccessTokenFresh, onNetworkError } from '~/lib/api-client'
import { applyAppStyles, releaseAppStyles } from '~/lib/app-styles'
import { whenIdle } from '~/lib/idle'
import { createQueryClient, markCacheRestored, persistOptions, queriesSettled, startCacheRestore } from '~/lib/query-client'
import { registerServiceWorker } from '~/lib/service-worker'
import { listenForInstallOffer } from '~/lib/install'
import { isBrowserOffline } from '~/lib/online-status'
import { startLanguage } from '~/lib/i18n'
import { getSession } from '~/lib/session'
import { requestToaster } from '~/lib/toaster-host'
import { startedFromFrame } from './app/page-frame'
import { pageDataIn, setPageDataSignal } from './app/page-shown'
import { createAppRouter, type AppRouter } from './router'

// The style sheet first: a lazy chunk's loader adds the sheet itself, not held, unless it is already in
// the document (the page's chunks start loading a few lines down).
const stylesApplied = applyAppStyles(document, { held: startedFromFrame })
startLanguage()
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

const router = createAppRouter(queryClient, createBrowserHistory())
// The page's own chunks start loading now, alongside the saved cache being read back: the router would
// ask for them only once the signed-in layout's wait for that cache is over, and a page the service
// worker serves (offline, or any later visit) has no modulepreload links for them.
for (const match of router.matchRoutes(router.latestLocation)) {
  void router.loadRouteChunk(router.routesById[match.routeId as keyof typeof router.routesById])?.catch(() => undefined)
}
void firstRender(router)
// Work the first page does not need waits until that page is on screen with its data.
const stopWaiting = router.subscribe('onRendered', () => {
  stopWaiting()
  void pageDataIn().then(startChores)
})

/**
 * The first render, once the style sheet is in (preloaded by the shell, so normally at once). Over a page
 * frame (app/page-frame.ts) the router loads the page first (its chunks, guards and loaders; a framed
 * page's loaders do not wait for data), so that the commit that replaces the frame is the page, not the
 * empty screen of a route still loading; that render is a transition, built in slices that leave the
 * browser free between them while the frame stays on screen.
 */
async function firstRender(router: AppRouter) {
  await Promise.all([stylesApplied, startedFromFrame ? router.load().catch(() => undefined) : undefined])
  const root = createRoot(document.getElementById('root')!)
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

/**
 * Work the first page does not need, at the browser's first idle moment once that page is on screen with
 * its data (at most a few seconds later): on shared devices, a log out made offline reaches the server
 * and what an ended session left behind is wiped (a sign-in also wipes another user's data first,
 * features/auth); the permission codes are read again (a role may have changed since the session began;
 * the page renders with the codes saved at sign-in meanwhile); the outbox replays changes made offline
 * (then again when the connection returns and on focus); the service worker is registered after the
 * page's own load.
 */
function startChores() {
  whenIdle(() => {
    void import('~/lib/signed-out').then(({ settleSignOutWhenOnline }) => settleSignOutWhenOnline())
    void import('~/lib/device-data').then(({ settleDeviceData }) => settleDeviceData())
    if (getSession() && !isBrowserOffline()) void refreshPermissions().catch(() => undefined)
    void import('~/lib/outbox/outbox').then(({ startOutbox }) => startOutbox(queryClient))
    if (document.readyState === 'complete') registerSW()
    else window.addEventListener('load', registerSW, { once: true })
  }, 2000)
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
