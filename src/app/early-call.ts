import { fillClientDashboardFrame } from '~/features/dashboard/client-dashboard-frame'
import { CLIENT_DASHBOARD_PATH } from '~/features/dashboard/client-figures'
import { appConfig } from '~/lib/config'
import { sendEarly } from '~/lib/early-response'
import { storedAccessToken } from '~/lib/stored-token'
import { framePath } from './page-frame'

/**
 * A framed page's first call, started by the entry script (main.tsx) as soon as it runs, before the app's
 * scripts have arrived: on a slow connection the answer is in a second or more before the app could ask
 * for it. When the answer comes, the page's frame shows it (the page's `fill`, a few lines in the entry
 * script: fetched on demand, it would be one more round trip before the figures show), and the app's API
 * client takes the same response for the same call instead of asking again (lib/early-response.ts), so
 * the page starts with it.
 *
 * Only a page whose most important content is data has one: the client dashboard, whose figures are what
 * a client opens the portal for. Nothing is sent without a stored token that is still valid, offline,
 * or over another page.
 */
type FindInFrame = (selector: string) => Element | null

interface PageCall {
  /** The API path as the API client builds it (`appConfig.apiBase` and the path). */
  url: string
  /** Shows the answer in the page's frame; `find` looks in what of the frame's page is still on screen. */
  fill: (data: unknown, find: FindInFrame) => void
}

const PAGE_CALLS: Record<string, PageCall> = {
  '/client/dashboard': {
    url: `${appConfig.apiBase}${CLIENT_DASHBOARD_PATH}`,
    fill: fillClientDashboardFrame,
  },
}

/**
 * Sends the frame's page call, if it has one, and shows its answer in the frame. Settles once that answer
 * is on screen (the browser has painted the frame with it), or at once when there is nothing to show.
 */
export function startEarlyCall(): Promise<void> {
  const call = framePath ? PAGE_CALLS[framePath] : undefined
  if (!call || !navigator.onLine) return Promise.resolve()
  const token = storedAccessToken(appConfig.tokenRefreshLeadMs)
  if (!token) return Promise.resolve()
  const response = sendEarly(call.url, token)
  // The frame's page: the app's first render moves these nodes into its layout and keeps them on screen
  // until the app's page replaces them (app-layout), so the answer goes to whichever are still there.
  const pageNodes = [...(document.querySelector('#root > [inert] main')?.children ?? [])]
  const find: FindInFrame = (selector) => {
    for (const node of pageNodes) {
      if (!node.isConnected) continue
      const found = node.matches(selector) ? node : node.querySelector(selector)
      if (found) return found
    }
    return null
  }
  return response
    .then((res) => (res.ok ? res.clone().json() : undefined))
    .then((data) => {
      if (data === undefined) return
      call.fill(data, find)
      // Settles after the next frame, which has the answer in it.
      return new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)))
    })
    .catch(() => undefined)
}
