import type { Context, ValidationTargets } from 'hono'
import { validator } from 'hono/validator'
import { resolver, uniqueSymbol } from 'hono-openapi'
import * as v from 'valibot'
import { CONTROL_CHARACTERS, CONTROL_CHARACTERS_MESSAGE } from '../../contract/common'
import { HttpError } from './errors'

type Schema = v.GenericSchema | v.GenericSchemaAsync

/** An error never echoes more than this of what was sent (a 1 MB field must not come back as 2 MB). */
export const ECHO_LIMIT = 200
const MAX_ISSUES = 20

/** Shortens text quoted back to the caller. */
export function capEcho(text: string, limit = ECHO_LIMIT): string {
  return text.length > limit ? `${text.slice(0, limit)}…` : text
}

const statusOf = (target: string) => (target === 'json' || target === 'form' ? 422 : 400)

function httpValidationError(list: { path: string; message: string }[], target: string): HttpError {
  const issues = list.slice(0, MAX_ISSUES).map((i) => ({ path: capEcho(i.path, 100), message: capEcho(i.message) }))
  const details = issues.map((i) => i.message).join('; ') + (list.length > MAX_ISSUES ? `; and ${list.length - MAX_ISSUES} more` : '')
  return new HttpError(statusOf(target), `Invalid ${target === 'json' ? 'request body' : target}`, details, issues)
}

/** Turns valibot issues into the `{ detail, details, issues }` error of a 400/422 answer. */
export function validationError(issues: readonly v.BaseIssue<unknown>[], target: string): HttpError {
  const list = issues.map((issue) => {
    const path = v.getDotPath(issue) ?? ''
    return { path, message: path ? `${path}: ${issue.message}` : issue.message }
  })
  return httpValidationError(list, target)
}

/**
 * Paths of every string (and object key) in `value` that holds a control character other than tab, line
 * feed or carriage return. Runs on every validated input, whatever its schema says, so no text field of
 * any route can carry U+0000 to the database (which refuses it with an error, not a 4xx).
 */
export function controlCharacterPaths(value: unknown, path = '', found: string[] = [], depth = 0): string[] {
  if (found.length >= MAX_ISSUES || depth > 32) return found
  if (typeof value === 'string') {
    if (CONTROL_CHARACTERS.test(value)) found.push(path)
  } else if (Array.isArray(value)) {
    value.forEach((item, index) => controlCharacterPaths(item, path ? `${path}.${index}` : String(index), found, depth + 1))
  } else if (value && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      const at = path ? `${path}.${key}` : key
      if (CONTROL_CHARACTERS.test(key)) found.push(at.replace(CONTROL_CHARACTERS, '?'))
      else controlCharacterPaths(item, at, found, depth + 1)
    }
  }
  return found
}

/** Refuses a request part holding control characters, naming each field that does. */
export function assertNoControlCharacters(value: unknown, target: string): void {
  const paths = controlCharacterPaths(value)
  if (paths.length) {
    throw httpValidationError(
      paths.map((path) => ({ path, message: `${path || target} ${CONTROL_CHARACTERS_MESSAGE}` })),
      target,
    )
  }
}

/**
 * How a request schema is described in the API description (server/openapi): as what the caller sends,
 * its input type (a query's page is text, before it becomes a number).
 */
export const REQUEST_SCHEMA_OPTIONS = { options: { typeMode: 'input', target: 'draft-2020-12' } }

/**
 * Validates one part of the request with a contract schema; the handler reads it with c.req.valid(target).
 * A malformed JSON body, a wrong type, an unknown shape or a control character answers 4xx with a
 * readable detail naming the field.
 *
 * The middleware carries its target and schema in hono-openapi's form, so the API description
 * (GET /api/openapi.json) names the route's parameters and body from the very schema that checks them.
 * Nothing of that runs per request: the description is made once, from the app's route list.
 */
export function validate<Target extends keyof ValidationTargets, S extends Schema>(target: Target, schema: S) {
  const middleware = validator(target, async (value: unknown, _c: Context) => {
    assertNoControlCharacters(value, target)
    const result = await v.safeParseAsync(schema, value)
    if (!result.success) throw validationError(result.issues, target)
    return result.output as v.InferOutput<S>
  })
  return Object.assign(middleware, { [uniqueSymbol]: { target, ...resolver(schema, REQUEST_SCHEMA_OPTIONS) } })
}
