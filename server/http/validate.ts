import { vValidator } from '@hono/valibot-validator'
import type { ValidationTargets } from 'hono'
import * as v from 'valibot'
import { HttpError } from './errors'

type Schema = v.GenericSchema | v.GenericSchemaAsync

/** Turns valibot issues into the `{ detail, details, issues }` error of a 400/422 answer. */
export function validationError(issues: readonly v.BaseIssue<unknown>[], target: string): HttpError {
  const list = issues.map((issue) => {
    const path = v.getDotPath(issue) ?? ''
    return { path, message: path ? `${path}: ${issue.message}` : issue.message }
  })
  const details = list.map((i) => i.message).join('; ')
  const status = target === 'json' || target === 'form' ? 422 : 400
  return new HttpError(status, `Invalid ${target === 'json' ? 'request body' : target}`, details, list)
}

/**
 * Validates one part of the request with a contract schema; the handler reads it with c.req.valid(target).
 * A malformed JSON body, a wrong type or an unknown shape answers 4xx with a readable detail.
 */
export function validate<Target extends keyof ValidationTargets, S extends Schema>(target: Target, schema: S) {
  return vValidator(target, schema, (result) => {
    if (!result.success) throw validationError(result.issues, target)
  })
}
