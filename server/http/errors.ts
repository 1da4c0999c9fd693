import type { ContentfulStatusCode } from 'hono/utils/http-status'

import type { ErrorBody } from '../../contract/common'

/**
 * One error shape for every failure, `{ detail, details, issues? }` (ErrorBody, in the contract) with a
 * fitting status: `detail` a short summary, `details` the specific reason readable on its own (the UI
 * shows it; defaults to detail), `issues` the per-field problems of a rejected input.
 */
export type { ErrorBody }

export class HttpError extends Error {
  /** Sent as a Retry-After header (429, 503). */
  retryAfterSeconds?: number

  constructor(
    readonly status: ContentfulStatusCode,
    readonly detail: string,
    readonly details: string = detail,
    readonly issues?: ErrorBody['issues'],
  ) {
    super(detail)
  }

  body(): ErrorBody {
    return errorBody(this.detail, this.details, this.issues)
  }
}

/** The error body for an answer written without throwing (one with its own headers, a 402 kept for replay). */
export function errorBody(detail: string, details: string = detail, issues?: ErrorBody['issues']): ErrorBody {
  return { detail, details, ...(issues ? { issues } : {}) }
}

export const badRequest = (detail: string, details?: string) => new HttpError(400, detail, details)
export const unauthorized = (detail = 'Authentication required') => new HttpError(401, detail)
export const forbidden = (detail = 'You do not have permission to do this') => new HttpError(403, detail)
export const notFound = (what = 'Resource') => new HttpError(404, `${what} not found`)
export const conflict = (detail: string, details?: string) => new HttpError(409, detail, details)
export const unprocessable = (detail: string, details?: string) => new HttpError(422, detail, details)
