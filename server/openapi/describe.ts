import type * as v from 'valibot'

/**
 * How a route is described in the API description (GET /api/openapi.json). The route's parameters and
 * JSON body come from its `validate(...)` middlewares, its security from its access policy, and its
 * error answers from both; what is left to say is written here, one entry per route, keyed by its
 * method and its path as served (`GET /api/invoices/{id}`).
 */

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS' | 'HEAD'
export type RouteKey = `${Method} /api/${string}`

/** An answer that is not JSON: a file, a page, a script, by its content type. */
export interface OtherAnswer {
  media: string
  description: string
  /** Response headers worth naming (Content-Disposition, Location, ...), with what they carry. */
  headers?: Record<string, string>
}

/** A JSON answer: the contract's schema of its body, with an optional description and example. */
export interface JsonAnswer {
  schema: v.GenericSchema
  description?: string
  example?: unknown
  headers?: Record<string, string>
}

/** No body (204, a redirect). */
export interface EmptyAnswer {
  empty: string
  headers?: Record<string, string>
}

export type Answer = v.GenericSchema | JsonAnswer | OtherAnswer | EmptyAnswer

/** A request body the route reads itself (a multipart upload, a browser's push subscription). */
export interface OwnBody {
  media: string
  /** A contract schema, or a plain JSON Schema (a multipart form's fields and files). */
  schema?: v.GenericSchema | Record<string, unknown>
  description?: string
  required?: boolean
}

export interface RouteDoc {
  /** One line, what the route does, in the reader's words. */
  summary: string
  description?: string
  /** Successful answers by status. */
  answers: Partial<Record<200 | 201 | 202 | 204 | 206 | 302 | 303 | 304, Answer>>
  /**
   * Error answers beyond those implied by the access policy (401, 403), validation (400, 422), the
   * path's ids (404) and a JSON body (413): status and when it is given (in the error body), or an
   * answer of its own content type (a page).
   */
  errors?: Partial<Record<400 | 401 | 402 | 403 | 404 | 405 | 409 | 410 | 413 | 415 | 416 | 422 | 423 | 429 | 503, string | OtherAnswer>>
  /** A request body not validated by `validate('json' | 'form', ...)` (several: the media types it takes). */
  body?: OwnBody | OwnBody[]
  /** An example of the JSON request body. */
  bodyExample?: unknown
  /** The route reads the refresh cookie (the session's renewal, log out). */
  refreshCookie?: boolean
  /** A public route that also reads a bearer token when one is sent (staff registering a client, log out). */
  optionalBearer?: boolean
  /** Request headers the route reads (Idempotency-Key, Range...), with what they do. */
  headers?: Record<string, string>
}

export interface DescribedRoutes {
  /** The tag every route of this area carries in the reference. */
  tag: string
  routes: Partial<Record<RouteKey, RouteDoc>>
}

/** One area's routes, described. */
export const describeRoutes = (tag: string, routes: Partial<Record<RouteKey, RouteDoc>>): DescribedRoutes => ({ tag, routes })
