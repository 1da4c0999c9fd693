/**
 * A call the entry script sent before the app's scripts arrived (app/early-call.ts), kept for the API
 * client: its GET of the same URL with the same token takes this response instead of asking again, once,
 * within a few seconds. Loaders use `hasEarlyResponse` to wait for an answer that is already on its way.
 */
interface EarlyResponse {
  url: string
  token: string
  startedAt: number
  response: Promise<Response>
  taken: boolean
}
let early: EarlyResponse | undefined

/** How long a response nobody took is kept: the app asks within a few seconds of the entry. */
const KEEP_MS = 10_000

/** Sends a GET of `url` with the bearer `token` and keeps its response for the API client. */
export function sendEarly(url: string, token: string): Promise<Response> {
  const response = fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json', authorization: `Bearer ${token}` } })
  early = { url, token, startedAt: Date.now(), response, taken: false }
  return response
}

/** An early call of `url` (as the API client builds it) is on its way or answered, and not yet taken. */
export function hasEarlyResponse(url: string): boolean {
  return early !== undefined && !early.taken && early.url === url && Date.now() - early.startedAt < KEEP_MS
}

/** The early response for a GET of `url` with the same token, once; undefined when there is none to take. */
export function takeEarlyResponse(url: string, init: RequestInit): Promise<Response> | undefined {
  if (!early || !hasEarlyResponse(url) || (init.method ?? 'GET') !== 'GET') return undefined
  const headers = init.headers as Record<string, string> | undefined
  if (headers?.authorization !== `Bearer ${early.token}`) return undefined
  early.taken = true
  return early.response
}
