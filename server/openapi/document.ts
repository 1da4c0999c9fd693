import type { Hono } from 'hono'
import { generateSpecs, resolver, uniqueSymbol } from 'hono-openapi'
import { findTargetHandler } from 'hono/utils/handler'
import * as v from 'valibot'
import { ErrorBodySchema } from '../../contract/common'
import { policyOf } from '../auth/policy'
import { REFRESH_COOKIE } from '../auth/session'
import type { AppEnv } from '../context'
import type { Answer, DescribedRoutes, OtherAnswer, RouteDoc } from './describe'

/**
 * The API description: an OpenAPI 3.1 document of every route the app serves, made once from the app's
 * route list. hono-openapi reads the routes and their `validate(...)` middlewares (parameters, query,
 * JSON bodies, from the contract's valibot schemas through @valibot/to-json-schema); this module adds
 * what each area's description says (server/openapi/paths/), the security each access policy implies,
 * and the error answers, all in the house error shape.
 */

type Json = Record<string, unknown>
type Operation = Json & { parameters?: Json[]; responses?: Record<string, Json>; requestBody?: Json }

/** Response schemas describe the wire form the PWA checks with the same schema. */
const ANSWER_SCHEMA_OPTIONS = { options: { typeMode: 'input', target: 'draft-2020-12' } }

const ERROR_BODY_REF = { $ref: '#/components/schemas/ErrorBody' }

/** The error answers every route may give, as components (each with its example). */
const ERROR_RESPONSES: Record<number, { name: string; description: string; example: Json }> = {
  400: {
    name: 'BadRequest',
    description: 'A path or query parameter does not match the contract, or the body is not well-formed JSON',
    example: {
      detail: 'Invalid query',
      details: 'pageSize: must be 10, 20, 50 or 100',
      issues: [{ path: 'pageSize', message: 'pageSize: must be 10, 20, 50 or 100' }],
    },
  },
  401: {
    name: 'Unauthorized',
    description: 'No access token, or one that is not valid or has expired (renew it with POST /api/auth/refresh)',
    example: { detail: 'Authentication required', details: 'Authentication required' },
  },
  402: {
    name: 'PaymentRequired',
    description: 'The card was declined',
    example: { detail: 'Payment declined', details: 'The card was declined' },
  },
  403: {
    name: 'Forbidden',
    description: 'Signed in, but the caller may not do this (role, permission, or a second factor staff must set up first)',
    example: { detail: 'You do not have permission to do this', details: 'You do not have permission to do this' },
  },
  404: {
    name: 'NotFound',
    description: 'No such record, or one the caller may not see (another client’s records read as missing)',
    example: { detail: 'Client not found', details: 'Client not found' },
  },
  409: {
    name: 'Conflict',
    description: 'The request conflicts with the record’s state',
    example: { detail: 'Conflict', details: 'The record changed meanwhile' },
  },
  410: { name: 'Gone', description: 'The link or record no longer exists', example: { detail: 'Gone', details: 'This link no longer works' } },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body is larger than the route accepts',
    example: { detail: 'Request too large', details: 'Request bodies are limited to 1024 KB' },
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The file type is not accepted',
    example: { detail: 'Unsupported file type', details: 'Only PDF, JPEG and PNG files are accepted' },
  },
  422: {
    name: 'UnprocessableContent',
    description: 'The JSON body does not match the contract, or the request cannot be carried out as sent',
    example: {
      detail: 'Invalid request body',
      details: 'email: Enter a valid e-mail address',
      issues: [{ path: 'email', message: 'email: Enter a valid e-mail address' }],
    },
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts; the Retry-After header says when to try again',
    example: { detail: 'Too many attempts', details: 'Please wait a few minutes and try again' },
  },
  503: {
    name: 'ServiceUnavailable',
    description: 'The database or the document store is out of reach for a moment; the Retry-After header says when to try again',
    example: { detail: 'Document storage is unavailable', details: 'Document files cannot be stored or opened right now; please try again in a few minutes' },
  },
}

const errorRef = (status: number) => ({ $ref: `#/components/responses/${ERROR_RESPONSES[status].name}` })

/** What a route's access policy (server/auth/policy.ts) says, in words. */
function accessText(policy: string): string {
  const [kind, ...rest] = policy.split(':')
  const codes = (list: string | undefined) => (list ? list.split(',').filter(Boolean) : [])
  switch (kind) {
    case 'public':
      return 'Anyone, signed in or not.'
    case 'signedIn':
      return 'Any signed-in user; the answer is limited to what the caller may see.'
    case 'client':
      return 'Client users only.'
    case 'agent': {
      const held = codes(rest[0])
      return held.length ? `Provider staff holding ${held.join(' and ')}.` : 'Provider staff.'
    }
    case 'agentAny':
      return `Provider staff holding one of ${codes(rest[0]).join(', ')}.`
    case 'ownClient': {
      const held = codes(rest[1])
      return `The client named by {${rest[0]}}, or provider staff${held.length ? ` holding ${held.join(' and ')}` : ''}; another client gets 404.`
    }
    default:
      return policy
  }
}

/** A Hono path ('/api/client/:id{[0-9]+}') as OpenAPI writes it ('/api/client/{id}'), as hono-openapi does. */
export function openApiPath(path: string): string {
  return path
    .split('/')
    .map((segment) => {
      const match = /^:([^{?]+)(?:\{.+\})?\??$/.exec(segment)
      return match ? `{${match[1]}}` : segment
    })
    .join('/')
}

const isSchema = (value: unknown): value is v.GenericSchema => typeof value === 'object' && value !== null && '~standard' in value

interface RouteFacts {
  method: string
  path: string
  policy?: string
  targets: Set<string>
}

/** What the app's route list says of each route: its policy and what its validators check. */
function routeFacts(app: Hono<AppEnv>): Map<string, RouteFacts> {
  const facts = new Map<string, RouteFacts>()
  for (const route of app.routes) {
    if (route.method === 'ALL' || !route.path.startsWith('/api/')) continue
    const key = `${route.method} ${openApiPath(route.path)}`
    const entry = facts.get(key) ?? { method: route.method, path: openApiPath(route.path), targets: new Set<string>() }
    const handler = findTargetHandler(route.handler)
    entry.policy ??= policyOf(handler)
    const validator = (handler as unknown as Record<symbol, { target?: string } | undefined>)[uniqueSymbol]
    if (validator?.target) entry.targets.add(validator.target)
    facts.set(key, entry)
  }
  return facts
}

export interface ApiDescription {
  document: Json & { paths: Record<string, Record<string, Operation>>; components: Json }
  /** Routes the app serves that no description names ("GET /api/..."); the contract test wants none. */
  undescribed: string[]
  /** Descriptions of routes the app does not serve (a path changed, a route removed). */
  unserved: string[]
}

async function toSchema(schema: v.GenericSchema, components: Json): Promise<Json> {
  const result = await resolver(schema, ANSWER_SCHEMA_OPTIONS).toOpenAPISchema()
  if (result.components?.schemas) Object.assign((components.schemas ??= {}) as Json, result.components.schemas)
  return result.schema as Json
}

const headerObjects = (headers: Record<string, string> | undefined) =>
  headers && Object.fromEntries(Object.entries(headers).map(([name, description]) => [name, { description, schema: { type: 'string' } }]))

async function answerObject(status: number, answer: Answer, components: Json): Promise<Json> {
  if (isSchema(answer))
    return { description: status === 201 ? 'Created' : 'OK', content: { 'application/json': { schema: await toSchema(answer, components) } } }
  if ('empty' in answer) return { description: answer.empty, ...(answer.headers && { headers: headerObjects(answer.headers) }) }
  if ('media' in answer) {
    return {
      description: answer.description,
      ...(answer.headers && { headers: headerObjects(answer.headers) }),
      content: { [answer.media]: { schema: { type: 'string', contentMediaType: answer.media } } },
    }
  }
  return {
    description: answer.description ?? (status === 201 ? 'Created' : 'OK'),
    ...(answer.headers && { headers: headerObjects(answer.headers) }),
    content: { 'application/json': { schema: await toSchema(answer.schema, components), ...(answer.example !== undefined && { example: answer.example }) } },
  }
}

/** The error answers a route gives: from its policy, validators and path, and what its description adds. */
function errorAnswers(facts: RouteFacts, doc: RouteDoc): Record<string, Json> {
  const statuses = new Map<number, string | OtherAnswer | undefined>()
  const policy = facts.policy ?? 'public'
  if (facts.targets.has('param') || facts.targets.has('query') || facts.targets.has('json')) statuses.set(400, undefined)
  if (policy !== 'public') statuses.set(401, undefined)
  // Every signed-in route may refuse a caller its policy lets in (a permission the handler checks).
  if (policy !== 'public') statuses.set(403, undefined)
  if (facts.path.includes('{') || policy.startsWith('ownClient')) statuses.set(404, undefined)
  if (facts.targets.has('json')) {
    statuses.set(413, undefined)
    statuses.set(422, undefined)
  }
  if (facts.targets.has('form')) statuses.set(422, undefined)
  for (const [status, text] of Object.entries(doc.errors ?? {})) statuses.set(Number(status), text)
  const answers: Record<string, Json> = {}
  for (const [status, text] of [...statuses].sort(([a], [b]) => a - b)) {
    if (text === undefined) answers[String(status)] = errorRef(status)
    else if (typeof text === 'string') {
      answers[String(status)] = { description: text, content: { 'application/json': { schema: ERROR_BODY_REF, example: ERROR_RESPONSES[status]?.example } } }
    } else answers[String(status)] = { description: text.description, content: { [text.media]: { schema: { type: 'string', contentMediaType: text.media } } } }
  }
  return answers
}

async function describeOperation(operation: Operation, facts: RouteFacts, doc: RouteDoc, tag: string, components: Json) {
  const policy = facts.policy ?? 'public'
  operation.summary = doc.summary
  operation.description = [doc.description, `**Who may call:** ${accessText(policy)}`].filter(Boolean).join('\n\n')
  operation.tags = [tag]
  operation['x-access-policy'] = policy
  // Public routes need nothing (a public route that reads the refresh cookie names it); the others the bearer token.
  if (policy === 'public') {
    const optional = [...(doc.refreshCookie ? [{ refreshCookie: [] }] : []), ...(doc.optionalBearer ? [{ bearerAuth: [] }] : [])]
    operation.security = optional.length ? [...optional, {}] : []
  } else operation.security = doc.refreshCookie ? [{ bearerAuth: [], refreshCookie: [] }, { bearerAuth: [] }] : [{ bearerAuth: [] }]
  const responses: Record<string, Json> = {}
  for (const [status, answer] of Object.entries(doc.answers)) if (answer) responses[status] = await answerObject(Number(status), answer, components)
  operation.responses = { ...responses, ...errorAnswers(facts, doc) }
  if (doc.body) {
    const bodies = Array.isArray(doc.body) ? doc.body : [doc.body]
    const content: Json = {}
    for (const body of bodies) {
      const schema = body.schema === undefined ? undefined : isSchema(body.schema) ? await toSchema(body.schema, components) : body.schema
      content[body.media] = { ...(schema && { schema }) }
    }
    const description = bodies
      .map((body) => body.description)
      .filter(Boolean)
      .join(' ')
    operation.requestBody = { required: bodies.every((body) => body.required ?? true), ...(description && { description }), content }
  }
  if (doc.bodyExample !== undefined) {
    const json = (operation.requestBody?.content as Record<string, Json> | undefined)?.['application/json']
    if (json) json.example = doc.bodyExample
  }
  if (doc.headers) {
    operation.parameters = [
      ...(operation.parameters ?? []),
      ...Object.entries(doc.headers).map(([name, description]) => ({ in: 'header', name, description, schema: { type: 'string' } })),
    ]
  }
}

/** Builds the description of every /api route of `app`, with the areas' descriptions. */
export async function describeApi(app: Hono<AppEnv>, areas: DescribedRoutes[]): Promise<ApiDescription> {
  const docs = new Map<string, { doc: RouteDoc; tag: string }>()
  for (const area of areas) {
    for (const [key, doc] of Object.entries(area.routes)) {
      if (!doc) continue
      if (docs.has(key)) throw new Error(`Route described twice: ${key}`)
      docs.set(key, { doc, tag: area.tag })
    }
  }
  const facts = routeFacts(app)
  const specs = await generateSpecs(app, {
    documentation: {
      info: {
        title: 'Client portal API',
        version: '1.0.0',
        description:
          'The API of the client portal: registered-agent and mail-forwarding services. Every call answers JSON unless it says otherwise; every failure answers the error body `{ detail, details, issues? }` with a fitting status. Sign in with POST /api/auth/login, then send the access token as `Authorization: Bearer <token>`; renew it with POST /api/auth/refresh, which reads the refresh cookie.',
      },
      servers: [{ url: '/', description: 'This server' }],
    },
    includeEmptyPaths: true,
    excludeStaticFile: false,
    excludeMethods: [],
    defaultValidationErrorResponse: false,
    exclude: [/^(?!\/api\/)/],
  })
  const components = specs.components as unknown as Json
  components.schemas = { ...(components.schemas as Json | undefined), ErrorBody: await toSchema(ErrorBodySchema, {}) }
  components.responses = Object.fromEntries(
    Object.values(ERROR_RESPONSES).map(({ name, description, example }) => [
      name,
      { description, content: { 'application/json': { schema: ERROR_BODY_REF, example } } },
    ]),
  )
  components.securitySchemes = {
    bearerAuth: {
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'The access token of POST /api/auth/login (or /api/auth/refresh), short-lived',
    },
    refreshCookie: {
      type: 'apiKey',
      in: 'cookie',
      name: REFRESH_COOKIE,
      description: 'The session’s refresh cookie (HttpOnly), set at sign-in and rotated by POST /api/auth/refresh',
    },
  }

  const paths = specs.paths as unknown as Record<string, Record<string, Operation>>
  const undescribed: string[] = []
  for (const [path, item] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(item)) {
      const key = `${method.toUpperCase()} ${path}`
      const routeFact = facts.get(key)
      const described = docs.get(key)
      if (!routeFact) continue
      if (!described) {
        // Still a valid document: the route is listed, saying it has no description yet.
        undescribed.push(key)
        operation.summary = 'Not described yet'
        operation.responses = { default: { description: 'This route has no description yet' } }
        continue
      }
      await describeOperation(operation, routeFact, described.doc, described.tag, components)
    }
  }
  const served = new Set(facts.keys())
  const unserved = [...docs.keys()].filter((key) => !served.has(key))
  const tags = [...new Set(areas.map((area) => area.tag))].map((name) => ({ name }))
  return { document: { ...specs, tags, paths, components } as ApiDescription['document'], undescribed, unserved }
}
