import { Hono } from 'hono'
import { bodyLimit } from 'hono/body-limit'
import { HTTPException } from 'hono/http-exception'
import { assertEveryRouteHasPolicy } from './auth/policy'
import type { AppDeps, AppEnv } from './context'
import { errorBody, HttpError } from './http/errors'
import { compressJson } from './http/compress'
import { LOST_CONNECTION_ANSWER, readsRetriedOnLostConnection } from './http/lost-connection'
import { isConnectionFailure } from './db/pg-error'
import { responseHeaders } from './http/security'
import { alertRoutes } from './routes/alerts'
import { BlobStoreUnavailableError } from './storage/blob-store'
import { authRoutes } from './routes/auth'
import { catalogueRoutes } from './routes/catalogue'
import { clientRoutes } from './routes/clients'
import { clientAddressRoutes } from './routes/client-addresses'
import { mailHandlingRoutes } from './routes/mail-handling'
import { mailRuleRoutes } from './routes/mail-rules'
import { mailActionRoutes } from './routes/mail-actions'
import { shippingOptionRoutes } from './routes/shipping-options'
import { configRoutes } from './routes/config'
import { documentRequestRoutes } from './routes/document-requests'
import { documentRoutes } from './routes/documents'
import { supportRoutes } from './routes/support'
import { dashboardRoutes } from './routes/dashboard'
import { deadlineRoutes } from './routes/deadlines'
import { healthRoutes } from './routes/health'
import { identityRoutes } from './routes/identity'
import { invoiceRoutes } from './routes/invoices'
import { mailPreviewRoutes } from './routes/mail-previews'
import { notificationRoutes } from './routes/notifications'
import { notificationPreferenceRoutes } from './routes/notification-preferences'
import { paymentMethodRoutes } from './routes/payment-methods'
import { paymentsRoutes } from './routes/payments'
import { pushRoutes } from './routes/push'
import { roleRoutes } from './routes/roles'
import { userRoutes } from './routes/users'
import { uploadRoutes } from './routes/uploads'
import { secondFactorRoutes } from './routes/second-factor'
import { errorForLog } from './logger'
import { apiDescriptionRoutes } from './routes/api-description'
import { signupRoutes } from './routes/signup'
import { teamRoutes } from './routes/team'

/**
 * The API's route modules, each a Hono app mounted under /api. Every route in them declares an access
 * policy (server/auth/policy.ts); createApp refuses to build otherwise.
 */
const routeModules: Hono<AppEnv>[] = [
  healthRoutes,
  documentRoutes,
  documentRequestRoutes,
  mailActionRoutes,
  shippingOptionRoutes,
  notificationRoutes,
  authRoutes,
  secondFactorRoutes,
  identityRoutes,
  configRoutes,
  invoiceRoutes,
  paymentsRoutes,
  paymentMethodRoutes,
  catalogueRoutes,
  clientRoutes,
  clientAddressRoutes,
  mailHandlingRoutes,
  mailRuleRoutes,
  userRoutes,
  roleRoutes,
  pushRoutes,
  notificationPreferenceRoutes,
  supportRoutes,
  alertRoutes,
  dashboardRoutes,
  deadlineRoutes,
  signupRoutes,
  mailPreviewRoutes,
  uploadRoutes,
  teamRoutes,
]

/**
 * The path as the log keeps it: a password link's token (the page /reset/{token} and the API's check of
 * it) is a key to the account, so it is withheld. Query strings are never logged.
 */
const pathForLog = (path: string) => path.replace(/^((?:\/api\/auth)?\/reset\/)[^/]+/, '$1(withheld)')

/** JSON bodies are small; file uploads set their own limit. */
const JSON_BODY_LIMIT = 1024 * 1024

export function createApp(deps: AppDeps, extraRoutes: Hono<AppEnv>[] = []): Hono<AppEnv> {
  const app = new Hono<AppEnv>()

  app.use('*', responseHeaders(deps.csp))
  app.use('*', async (c, next) => {
    c.set('deps', deps)
    const started = performance.now()
    await next()
    deps.logger.info('request', {
      requestId: c.get('requestId'),
      method: c.req.method,
      path: pathForLog(c.req.path),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
      userId: c.get('caller')?.userId,
    })
  })
  app.use('/api/*', readsRetriedOnLostConnection(app, deps))
  // API answers are JSON, often several KB for a page of a list: gzip them when the browser accepts it.
  app.use('/api/*', compressJson())
  const jsonBodyLimit = bodyLimit({
    maxSize: JSON_BODY_LIMIT,
    onError: () => {
      throw new HttpError(413, 'Request too large', `Request bodies are limited to ${JSON_BODY_LIMIT / 1024} KB`)
    },
  })
  app.use('/api/*', async (c, next) => {
    // Only requests that carry a body are measured; uploads set their own, larger limit.
    if (c.req.method === 'GET' || c.req.method === 'HEAD' || c.req.method === 'OPTIONS') return next()
    // Any write may change who may do what (log out, a role's permissions, a password): the callers this
    // server caches are dropped before the answer leaves. The cached answers read from the tables this
    // request wrote are dropped likewise, so the caller's next request reads them afresh. Other servers
    // hear of both from the database's triggers.
    const written = deps.answers?.writes.mark ?? 0
    try {
      if (/^(multipart\/form-data|application\/offset\+octet-stream)/.test(c.req.header('content-type') ?? '')) await next()
      else await jsonBodyLimit(c, next)
    } finally {
      deps.callers?.clear()
      deps.answers?.dropWrittenSince(written)
    }
  })

  const api = new Hono<AppEnv>()
  for (const module of [...routeModules, ...extraRoutes]) api.route('/', module)
  // GET /api/openapi.json describes every route above (made from this app's route list on its first call).
  api.route(
    '/',
    apiDescriptionRoutes(() => app),
  )
  app.route('/api', api)

  app.notFound((c) => c.json(errorBody('Not found', `No such endpoint: ${c.req.method} ${c.req.path}`), 404))
  app.onError((error, c) => {
    if (error instanceof HttpError) {
      if (error.retryAfterSeconds) c.header('Retry-After', String(error.retryAfterSeconds))
      return c.json(error.body(), error.status)
    }
    if (error instanceof HTTPException) {
      const status = error.status >= 400 && error.status < 500 ? error.status : 400
      const message = error.message || 'Bad request'
      return c.json(errorBody(message), status as 400)
    }
    if (error instanceof BlobStoreUnavailableError) {
      // Only calls that read or write files reach the store; everything else keeps working.
      deps.logger.error('document store unavailable', { requestId: c.get('requestId'), path: pathForLog(c.req.path), error: error.message })
      return c.json(errorBody('Document storage is unavailable', 'Document files cannot be stored or opened right now; please try again in a few minutes'), 503)
    }
    if (isConnectionFailure(error)) {
      // Reads are tried again once (readsRetriedOnLostConnection); this answer reaches writes, and reads
      // whose second try failed too.
      deps.logger.warn('database connection lost', { requestId: c.get('requestId'), method: c.req.method, path: c.req.path, error: errorForLog(error) })
      c.header('Retry-After', String(LOST_CONNECTION_ANSWER.retryAfterSeconds))
      return c.json(LOST_CONNECTION_ANSWER.body, LOST_CONNECTION_ANSWER.status)
    }
    if (error instanceof SyntaxError || error instanceof URIError) {
      return c.json(errorBody('Bad request', error.message), 400)
    }
    deps.logger.error('unhandled error', {
      requestId: c.get('requestId'),
      path: pathForLog(c.req.path),
      error: errorForLog(error),
    })
    return c.json(errorBody('Something went wrong on our side', `Please try again. Reference: ${c.get('requestId')}`), 500)
  })

  assertEveryRouteHasPolicy(app)
  return app
}
