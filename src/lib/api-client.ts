import * as v from 'valibot'
import { ErrorBodySchema } from '@contract/common'
import { appConfig } from './config'
import { shownText } from './i18n'
import { isBrowserOffline, markServerReachable, markServerUnreachable, onBrowserOnline } from './online-status'
import { signOutPending } from './signed-out-flag'
import { clearSession, deviceSession, getSession, setSession, subscribeSession, tokenExpiresAt, updateSession, SessionUserSchema } from './session'

/**
 * The portal's one API client: base `/api`, the session's bearer token, JSON in and out, responses
 * parsed with the contract's valibot schema, and failures turned into typed errors.
 *
 * A 401 removes the session and reloads the page (after one attempt to renew the
 * access token through the refresh cookie); a network error shows 'Network error, Try reloading the
 * page' and removes the session. A user who is merely offline keeps the session and the saved data:
 * see reportNetworkError and docs/decisions/2026-11-21-session-network-errors-offline.md.
 */

export const NETWORK_ERROR_MESSAGE = 'Network error, Try reloading the page'

/** The server answered with an error status; `detail` is the readable text, `details` more of it. */
export class ApiError extends Error {
  override name = 'ApiError'
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly details: string = detail,
    readonly issues: { path: string; message: string }[] = [],
  ) {
    super(detail)
  }
}

/** The request never reached the server (or its answer never came back). */
export class NetworkError extends Error {
  override name = 'NetworkError'
  constructor(
    message = NETWORK_ERROR_MESSAGE,
    /** The call carried the session's token (public calls never end a session). */
    readonly authenticated = false,
  ) {
    super(message)
  }
}

/** What a page says offline when its data was never saved on this device. */
export const NOT_SAVED_OFFLINE_MESSAGE =
  'Not saved on this device yet. You are offline and this has not been opened here before; it loads when the connection returns.'

/** The device is offline: nothing was sent. Saved data stays on screen. */
export class OfflineError extends NetworkError {
  override name = 'OfflineError'
  constructor(message = 'You are offline. This needs a connection.') {
    super(message)
  }
}

/** Offline: a read has nothing saved to show (said at once, never a spinner), a change needs a connection. */
const offlineError = (init: RequestInit) => new OfflineError(!init.method || init.method === 'GET' ? NOT_SAVED_OFFLINE_MESSAGE : undefined)

/** The server answered 2xx with a body the contract does not describe. */
export class ResponseShapeError extends Error {
  override name = 'ResponseShapeError'
  constructor(
    readonly path: string,
    readonly issues: string,
  ) {
    super(`Unexpected response from ${path}: ${issues}`)
  }
}

/** The readable text of any error, for toasts and inline alerts. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof ApiError) return shownText(error.detail || fallback)
  if (error instanceof Error && error.message) return shownText(error.message)
  return shownText(fallback)
}

/** Query parameters: undefined and null are left out, the rest is sent as text. */
type Query = object

export interface RequestOptions<TSchema extends v.GenericSchema | undefined = undefined> {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'
  /** Sent as JSON, or as is when FormData/Blob. */
  body?: unknown
  query?: Query
  /** Parses a successful JSON response. */
  schema?: TSchema
  signal?: AbortSignal
  headers?: Record<string, string>
  /** Send the session's bearer token (default true). Sign-in, reset and refresh send none. */
  auth?: boolean
  /**
   * Apply the 401 rule (remove the session, reload) when the server refuses the token (default
   * true). Log out turns it off: an expired session is ending anyway.
   */
  endSessionOn401?: boolean
}

type Result<TSchema> = TSchema extends v.GenericSchema ? v.InferOutput<TSchema> : unknown

function buildUrl(path: string, query?: Query): string {
  const url = `${appConfig.apiBase}${path.startsWith('/') ? path : `/${path}`}`
  if (!query) return url
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(query) as [string, unknown][]) if (value !== undefined && value !== null) params.set(key, String(value))
  const text = params.toString()
  return text ? `${url}?${text}` : url
}

/** The contract's error body, read leniently: a proxy or a crashed server may send less (or `message`). */
const ErrorBody = v.object({
  detail: v.optional(ErrorBodySchema.entries.detail),
  details: v.optional(ErrorBodySchema.entries.details),
  message: v.optional(v.string()),
  issues: ErrorBodySchema.entries.issues,
})

async function toApiError(res: Response): Promise<ApiError> {
  let body: v.InferOutput<typeof ErrorBody> = {}
  try {
    const parsed = v.safeParse(ErrorBody, await res.json())
    if (parsed.success) body = parsed.output
  } catch {
    // not JSON: fall back to the status text
  }
  const detail = body.detail ?? body.message ?? (res.statusText || `Request failed (${res.status})`)
  return new ApiError(res.status, detail, body.details ?? detail, body.issues ?? [])
}

function isAbort(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError'
}

/** Sends one request; throws NetworkError/OfflineError when it cannot reach the server. */
async function send(path: string, init: RequestInit, query?: Query): Promise<Response> {
  if (isBrowserOffline()) throw offlineError(init)
  const url = buildUrl(path, query)
  try {
    const res = await fetch(url, { credentials: 'same-origin', ...init })
    markServerReachable()
    return res
  } catch (error) {
    if (isAbort(error)) throw error
    if (isBrowserOffline()) throw offlineError(init)
    const headers = init.headers as Record<string, string> | undefined
    throw new NetworkError(NETWORK_ERROR_MESSAGE, Boolean(headers?.authorization))
  }
}

// ---------- access token renewal ----------

const RefreshResponse = v.object({ token: v.string(), user: SessionUserSchema, secondFactorSetupRequired: v.optional(v.literal(true)) })

type RenewalOutcome = 'renewed' | 'rejected' | 'unreachable'
let refreshing: Promise<RenewalOutcome> | null = null

async function renewWithServer(): Promise<RenewalOutcome> {
  // A user logged out on this device and the server has not been told yet: the cookie is not theirs to use.
  if (signOutPending()) return 'rejected'
  try {
    const res = await send('/auth/refresh', { method: 'POST', headers: { accept: 'application/json' } })
    if (res.status === 401 || res.status === 403) return 'rejected'
    if (!res.ok) return 'unreachable'
    const parsed = v.safeParse(RefreshResponse, await res.json())
    if (!parsed.success) return 'unreachable'
    const { token, user, secondFactorSetupRequired } = parsed.output
    // The renewal also says whether staff must still set up a second factor (a policy turned on, a reset).
    if (getSession()) updateSession({ token, user, secondFactorSetupRequired })
    return 'renewed'
  } catch {
    return 'unreachable'
  }
}

/**
 * Renews the access token through POST /api/auth/refresh (the rotating httpOnly cookie). The server
 * ends the whole session when a rotated cookie is presented twice, so renewals are serialised: within
 * the tab by sharing one call, across the device's tabs with a Web Lock; a tab that gets the lock after
 * another tab renewed adopts that tab's token instead of calling again. A 401 means the session is over.
 */
export function refreshAccessToken(): Promise<RenewalOutcome> {
  refreshing ??= (async () => {
    const stale = getSession()?.token
    const renew = async (): Promise<RenewalOutcome> => {
      const shared = deviceSession()
      if (shared && shared.token !== stale && !tokenNeedsRenewal(shared.token)) {
        setSession(shared)
        return 'renewed'
      }
      return renewWithServer()
    }
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined
    return locks ? locks.request('portal-token-refresh', renew) : renew()
  })().finally(() => {
    refreshing = null
  })
  return refreshing
}

function tokenNeedsRenewal(token: string): boolean {
  const expiresAt = tokenExpiresAt(token)
  return expiresAt !== null && expiresAt - Date.now() < appConfig.tokenRefreshLeadMs
}

/** A 401 removes the session and reloads the page (the guard then shows /login). */
function endSessionAndReload(): void {
  clearSession()
  window.location.reload()
}

const sessionEnded = () => new ApiError(401, 'Your session has ended. Please sign in again.')

let refreshTimer: ReturnType<typeof setTimeout> | undefined

/** Renews the access token shortly before it expires, for as long as a session exists. */
export function keepAccessTokenFresh(): () => void {
  const schedule = () => {
    if (refreshTimer) clearTimeout(refreshTimer)
    refreshTimer = undefined
    const session = getSession()
    if (!session) return
    const expiresAt = tokenExpiresAt(session.token)
    if (expiresAt === null) return
    const delay = Math.max(0, expiresAt - Date.now() - appConfig.tokenRefreshLeadMs)
    // Timers are capped at ~24.8 days; a shorter wait that re-schedules is fine.
    refreshTimer = setTimeout(() => void renewNow(), Math.min(delay, 2 ** 31 - 1))
  }
  const renewNow = async () => {
    if (!getSession() || isBrowserOffline()) return
    const outcome = await refreshAccessToken()
    if (outcome === 'rejected') endSessionAndReload()
    // 'unreachable': try again at the next request or when the tab becomes visible.
  }
  const onVisible = () => {
    const session = getSession()
    if (document.visibilityState === 'visible' && session && tokenNeedsRenewal(session.token)) void renewNow()
  }
  schedule()
  const unsubscribe = subscribeSession(schedule)
  document.addEventListener('visibilitychange', onVisible)
  const stopOnline = onBrowserOnline(onVisible)
  return () => {
    unsubscribe()
    document.removeEventListener('visibilitychange', onVisible)
    stopOnline()
    if (refreshTimer) clearTimeout(refreshTimer)
  }
}

// ---------- refusals ----------

const forbiddenListeners = new Set<() => void>()

/**
 * Calls `listener` whenever a signed-in call is answered 403: the user's permission codes may have
 * changed since they were read (the PWA re-reads them). Returns the unsubscribe function.
 */
export function onForbidden(listener: () => void): () => void {
  forbiddenListeners.add(listener)
  return () => void forbiddenListeners.delete(listener)
}

// ---------- requests ----------

/**
 * Sends a request and returns the raw Response (for files). Adds the bearer token and applies the
 * 401 rule; error statuses become ApiError.
 */
export async function apiFetch(path: string, options: Omit<RequestOptions, 'schema'> = {}): Promise<Response> {
  const { method = 'GET', body, query, signal, auth = true, endSessionOn401 = true } = options
  const headers: Record<string, string> = { accept: 'application/json', ...options.headers }
  let payload: BodyInit | undefined
  if (body instanceof FormData || body instanceof Blob || typeof body === 'string') payload = body as BodyInit
  else if (body !== undefined) {
    headers['content-type'] = 'application/json'
    payload = JSON.stringify(body)
  }

  const attempt = async (): Promise<Response> => {
    const session = auth ? getSession() : null
    if (session) headers.authorization = `Bearer ${session.token}`
    return send(path, { method, headers, body: payload, signal }, query)
  }

  if (auth) {
    const session = getSession()
    if (session && tokenNeedsRenewal(session.token) && !isBrowserOffline()) {
      const outcome = await refreshAccessToken()
      if (outcome === 'rejected') {
        endSessionAndReload()
        throw sessionEnded()
      }
    }
  }

  let res = await attempt()
  if (res.status === 401 && auth && endSessionOn401 && getSession()) {
    // The token may have expired on the way: renew once and retry, else the session is over.
    const outcome = await refreshAccessToken()
    if (outcome === 'renewed') res = await attempt()
    if (res.status === 401) {
      endSessionAndReload()
      throw sessionEnded()
    }
  }
  if (res.status === 403 && auth && getSession()) for (const listener of forbiddenListeners) listener()
  if (!res.ok) throw await toApiError(res)
  return res
}

/** Sends a request and returns its JSON body, parsed with `schema` when given. */
export async function apiRequest<TSchema extends v.GenericSchema | undefined = undefined>(
  path: string,
  options: RequestOptions<TSchema> = {},
): Promise<Result<TSchema>> {
  const res = await apiFetch(path, options)
  if (res.status === 204 || res.status === 205) return undefined as Result<TSchema>
  const text = await res.text()
  const json: unknown = text ? JSON.parse(text) : undefined
  if (!options.schema) return json as Result<TSchema>
  const parsed = v.safeParse(options.schema, json)
  if (!parsed.success) throw new ResponseShapeError(path, v.summarize(parsed.issues))
  return parsed.output as Result<TSchema>
}

/** Shorthands; options as for apiRequest. */
export const api = {
  get: <S extends v.GenericSchema | undefined = undefined>(path: string, options: Omit<RequestOptions<S>, 'method' | 'body'> = {}) =>
    apiRequest(path, { ...options, method: 'GET' }),
  post: <S extends v.GenericSchema | undefined = undefined>(path: string, body?: unknown, options: Omit<RequestOptions<S>, 'method' | 'body'> = {}) =>
    apiRequest(path, { ...options, method: 'POST', body }),
  put: <S extends v.GenericSchema | undefined = undefined>(path: string, body?: unknown, options: Omit<RequestOptions<S>, 'method' | 'body'> = {}) =>
    apiRequest(path, { ...options, method: 'PUT', body }),
  patch: <S extends v.GenericSchema | undefined = undefined>(path: string, body?: unknown, options: Omit<RequestOptions<S>, 'method' | 'body'> = {}) =>
    apiRequest(path, { ...options, method: 'PATCH', body }),
  delete: <S extends v.GenericSchema | undefined = undefined>(path: string, options: Omit<RequestOptions<S>, 'method' | 'body'> = {}) =>
    apiRequest(path, { ...options, method: 'DELETE' }),
}

// ---------- network errors ----------

type NetworkErrorListener = (message: string) => void
const networkErrorListeners = new Set<NetworkErrorListener>()

/** The UI registers how to show 'Network error, Try reloading the page' (a toast). */
export function onNetworkError(listener: NetworkErrorListener): () => void {
  networkErrorListeners.add(listener)
  return () => networkErrorListeners.delete(listener)
}

/**
 * Applies the network-error rules to a failed call. Called by the query and mutation caches for every error.
 * - Offline (the device says so): nothing is removed; the offline banner shows and saved data stays.
 * - A background refetch of data already on screen: treated as offline, so an installed PWA whose
 *   server is briefly out of reach keeps its session; the server is probed until it answers.
 * - A public call (no token: the footer's configuration, sign-in): the toast only; it says nothing
 *   about the session.
 * - Any other network error: the toast 'Network error, Try reloading the page' and the session is removed.
 */
export function reportNetworkError(error: unknown, { background }: { background: boolean }): void {
  if (!(error instanceof NetworkError)) return
  if (error instanceof OfflineError) return
  if (background) {
    markServerUnreachable()
    return
  }
  for (const listener of networkErrorListeners) listener(NETWORK_ERROR_MESSAGE)
  if (error.authenticated && getSession()) clearSession()
}
