import { createHash } from 'node:crypto'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020'
import addFormats from 'ajv-formats'
import { eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApp } from '../../server/app'
import { access } from '../../server/auth/policy'
import type { AppEnv } from '../../server/context'
import { users } from '../../server/db/schema'
import { validate } from '../../server/http/validate'
import { describeApi, openApiPath } from '../../server/openapi/document'
import { API_AREAS } from '../../server/openapi/paths'
import { createTestServer, DEMO_ACCOUNTS, DEMO_PASSWORD, login, type TestServer } from './harness'

/**
 * The contract test of the API description (GET /api/openapi.json): it is a valid OpenAPI 3.1 document,
 * it describes every route the app serves, and the answers of the demo data match what it describes.
 */

type Json = Record<string, any>

/** The routes the description itself is served by. */
const DOCS_ROUTES = new Set(['GET /api/openapi.json', 'GET /api/docs'])

/** The app's own routes, as "METHOD /api/path/{param}" (middleware and catch-alls left out). */
function servedRoutes(app: Hono<AppEnv>): string[] {
  const keys = app.routes
    .filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
    .map((route) => `${route.method} ${openApiPath(route.path)}`)
  return [...new Set(keys)].filter((key) => !DOCS_ROUTES.has(key))
}

describe('GET /api/openapi.json', () => {
  let server: TestServer
  let document: Json
  let resolved: Json
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  addFormats(ajv)
  const compiled = new Map<object, ValidateFunction>()
  const tokens: Record<string, string | undefined> = { anonymous: undefined }
  const called = new Set<string>()
  let clientId: number

  beforeAll(async () => {
    server = await createTestServer({ seed: true })
    const res = await server.request('GET', '/api/openapi.json')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^application\/json/)
    document = res.json
    const validator = new Validator()
    const result = await validator.validate(structuredClone(document))
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
    resolved = validator.resolveRefs() as Json
    const client = await login(server, DEMO_ACCOUNTS.client, DEMO_PASSWORD)
    tokens.client = client.token
    clientId = client.user.clientId!
    for (const who of ['admin', 'clerk', 'manager', 'client2'] as const) {
      const [row] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS[who]))
      tokens[who] = await server.tokenFor(row.id)
    }
  })
  afterAll(() => server?.close())

  /**
   * Calls a route as one of the demo users and checks its status and body against the description: the
   * status must be one it names, and the JSON body must match that answer's schema.
   */
  async function call(
    who: string,
    method: string,
    template: string,
    params: Record<string, string | number> = {},
    init: { query?: string; body?: unknown } = {},
  ) {
    const path = template.replace(/\{(\w+)\}/g, (_, name: string) => String(params[name]))
    const res = await server.request(method, `${path}${init.query ?? ''}`, { token: tokens[who], body: init.body })
    const operation = resolved.paths[template]?.[method.toLowerCase()]
    expect(operation, `${method} ${template} is described`).toBeDefined()
    const answer = operation.responses[String(res.status)]
    expect(answer, `${method} ${path} answered ${res.status}, a status its description does not name: ${res.text.slice(0, 300)}`).toBeDefined()
    const schema = answer.content?.['application/json']?.schema
    expect(schema, `${method} ${template} ${res.status} describes a JSON body`).toBeDefined()
    let check = compiled.get(schema)
    if (!check) compiled.set(schema, (check = ajv.compile(schema)))
    if (!check(res.json)) {
      throw new Error(
        `${method} ${path} answered ${res.status} with a body its description does not allow: ${ajv.errorsText(check.errors)}\n${res.text.slice(0, 500)}`,
      )
    }
    if (res.status < 300) called.add(`${method} ${template}`)
    return res
  }

  it('is an OpenAPI 3.1 document, kept after its first build', async () => {
    expect(document.openapi).toMatch(/^3\.1\./)
    const again = await server.request('GET', '/api/openapi.json')
    expect(again.text).toBe(JSON.stringify(document))
  })

  it('describes every route the app serves, with its method, and nothing it does not serve', async () => {
    const missing = servedRoutes(server.app).filter((key) => {
      const [method, path] = key.split(' ')
      const operation = document.paths[path]?.[method.toLowerCase()]
      return !operation?.summary || !Object.keys(operation.responses ?? {}).some((status) => /^[23]/.test(status))
    })
    expect(missing).toEqual([])
    const description = await describeApi(server.app, API_AREAS)
    expect(description.undescribed).toEqual([])
    expect(description.unserved).toEqual([])
    expect(servedRoutes(server.app).length).toBeGreaterThan(100)
  })

  it('fails on a route added without a description', async () => {
    const added = new Hono<AppEnv>().get('/probe/undescribed', access.signedIn(), (c) => c.json({ ok: true }))
    const app = createApp(server.deps, [added])
    const description = await describeApi(app, API_AREAS)
    expect(description.undescribed).toEqual(['GET /api/probe/undescribed'])
  })

  it('takes parameters and bodies from the validators, security from the access policy, errors in the house shape', () => {
    const invoices = document.paths['/api/invoices'].get
    expect(invoices.parameters.map((p: Json) => `${p.in} ${p.name}`)).toEqual(expect.arrayContaining(['query page', 'query pageSize', 'query sort']))
    expect(invoices.security).toEqual([{ bearerAuth: [] }])
    expect(invoices['x-access-policy']).toBe('agent:ICV')
    expect(Object.keys(invoices.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403']))

    const detail = document.paths['/api/invoices/{id}'].get
    expect(detail.parameters).toEqual(expect.arrayContaining([expect.objectContaining({ in: 'path', name: 'id', required: true })]))
    expect(detail.responses['404']).toEqual({ $ref: '#/components/responses/NotFound' })

    const signIn = document.paths['/api/auth/login'].post
    expect(signIn.security).toEqual([])
    const body = signIn.requestBody.content['application/json']
    expect(body.schema.required).toEqual(expect.arrayContaining(['email', 'password']))
    expect(body.example).toMatchObject({ email: expect.any(String) })
    expect(signIn.responses['422']).toEqual({ $ref: '#/components/responses/UnprocessableContent' })
    expect(signIn.responses['429'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/ErrorBody' })

    expect(document.paths['/api/auth/refresh'].post.security).toEqual([{ refreshCookie: [] }, {}])
    expect(document.components.securitySchemes.bearerAuth).toMatchObject({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' })
    expect(document.components.schemas.ErrorBody.required).toEqual(['detail', 'details'])
    expect(document.components.responses.BadRequest.content['application/json'].example.detail).toBeTruthy()

    // Binary answers by content type.
    expect(Object.keys(document.paths['/api/invoices/{id}/pdf'].get.responses['200'].content)).toEqual(['application/pdf'])
    expect(Object.keys(document.paths['/api/documents/archive'].post.responses['200'].content)).toEqual(['application/zip'])
    expect(Object.keys(document.paths['/api/calendar/{file}'].get.responses['200'].content)).toEqual(['text/calendar'])
    expect(Object.keys(document.paths['/api/document/client/{id}'].post.requestBody.content)).toEqual(['multipart/form-data'])
  })

  it('answers of the demo data match their described schemas', async () => {
    // Public reads.
    for (const path of [
      '/api/health',
      '/api/config',
      '/api/country',
      '/api/business-entity-types',
      '/api/services',
      '/api/payments/config',
      '/api/push/public-key',
    ]) {
      await call('anonymous', 'GET', path)
    }
    await call('anonymous', 'GET', '/api/coupon/verify/{code}', { code: 'WELCOME10' })
    await call('anonymous', 'GET', '/api/affiliate/verify/{code}', { code: 'PARTNER1' })
    await call('anonymous', 'GET', '/api/coupon/verify/{code}', { code: 'NOSUCHCODE' })
    await call('anonymous', 'POST', '/api/signup/email-available', {}, { body: { email: 'someone.new@example.com' } })
    await call('anonymous', 'POST', '/api/auth/passkey/options')
    await call('anonymous', 'POST', '/api/auth/forgot-password', {}, { body: { email: 'nobody@example.com' } })

    // Signed in: the session's reads, as a client and as staff.
    for (const who of ['client', 'admin']) {
      for (const path of [
        '/api/permissions',
        '/api/document-types',
        '/api/client/resources/status',
        '/api/client/invoices/status',
        '/api/system-notifications',
        '/api/notification-preferences',
        '/api/support/conversations',
        '/api/client/document-requests',
        '/api/auth/second-factors',
        '/api/auth/passkeys',
        '/api/auth/companies',
      ]) {
        await call(who, 'GET', path)
      }
    }
    const [clientUser] = await server.db.select({ id: users.id }).from(users).where(eq(users.email, DEMO_ACCOUNTS.client))
    await call('client', 'GET', '/api/user/{id}/permissions', { id: clientUser.id })

    // A client's own records.
    await call('client', 'GET', '/api/dashboard/client')
    await call('client', 'GET', '/api/client/{id}', { id: clientId })
    await call('client', 'GET', '/api/client/{id}/deadlines', { id: clientId })
    await call('client', 'GET', '/api/client/{id}/formation-date', { id: clientId })
    await call('client', 'GET', '/api/client/{id}/addresses', { id: clientId })
    await call('client', 'GET', '/api/client/{id}/mail-handling', { id: clientId })
    await call('client', 'GET', '/api/client/{id}/mail-rules', { id: clientId })
    await call('client', 'GET', '/api/client/{id}/team', { id: clientId })
    await call('client', 'GET', '/api/client/{id}/payment-methods', { id: clientId })
    await call('client', 'GET', '/api/client/{id}/autopay', { id: clientId })
    await call('client', 'GET', '/api/client/action-required/{clientId}', { clientId })
    const invoices = await call('client', 'GET', '/api/client/invoices/{clientId}', { clientId })
    const invoiceId = invoices.json.data[0].id
    await call('client', 'GET', '/api/invoices/{id}', { id: invoiceId })
    await call('client', 'POST', '/api/client/invoices/getMultipleInvoices', {}, { body: { invoiceIds: [String(invoiceId)] } })
    const documents = await call('client', 'GET', '/api/client/documents/{clientId}', { clientId })
    const documentId = documents.json.data[0].id
    await call('client', 'GET', '/api/document/{id}/text', { id: documentId })
    await call('client', 'GET', '/api/document/{id}/alerts', { id: documentId })
    const conversation = await call('client', 'POST', '/api/support/conversations', {}, { body: { subject: 'A question', message: 'Where is my mail?' } })
    await call('client', 'GET', '/api/support/conversations/{id}', { id: conversation.json.id })
    await call('client', 'GET', '/api/shipping-options')

    // Staff.
    for (const path of [
      '/api/client',
      '/api/client/mailbox/next-free',
      '/api/dashboard/provider',
      '/api/deadlines/at-risk',
      '/api/documents',
      '/api/documents/overdue-service',
      '/api/mail-actions',
      '/api/invoices',
      '/api/users',
      '/api/roles',
      '/api/agent',
      '/api/settings/sign-in',
      '/api/payments/sandbox/ledger',
      '/api/dev/mail-previews',
    ]) {
      await call('admin', 'GET', path)
    }
    const staff = await call('admin', 'GET', '/api/users')
    await call('admin', 'GET', '/api/users/{id}', { id: staff.json.data[0].id })
    const roles = await call('admin', 'GET', '/api/roles')
    await call('admin', 'GET', '/api/roles/{id}', { id: roles.json[0].id })
    const agents = await call('admin', 'GET', '/api/agent')
    await call('admin', 'GET', '/api/agent/{agentId}', { agentId: agents.json[0].id })
    await call('admin', 'GET', '/api/invoices/{id}', { id: invoiceId })
    await call('admin', 'GET', '/api/client/{id}', { id: clientId })
    const requests = await call('admin', 'GET', '/api/client/document-requests')
    if (requests.json.data.length) await call('admin', 'GET', '/api/document-request/{id}', { id: requests.json.data[0].id })
    await call('manager', 'GET', '/api/roles')
    await call('clerk', 'GET', '/api/documents')

    // Refusals answer the error body their description names.
    await call('anonymous', 'GET', '/api/invoices')
    await call('clerk', 'GET', '/api/invoices')
    await call('admin', 'GET', '/api/invoices', {}, { query: '?pageSize=7' })
    await call('client2', 'GET', '/api/invoices/{id}', { id: invoiceId })
    await call('client', 'GET', '/api/client/{id}', { id: 999_999 })
    await call('anonymous', 'POST', '/api/auth/login', {}, { body: { email: 'not an e-mail' } })
    await call('anonymous', 'POST', '/api/auth/login', {}, { body: { email: DEMO_ACCOUNTS.client, password: 'wrong-password-2026' } })

    // Every JSON read is called (or named here with the reason it is not).
    const notCalled: Record<string, string> = {
      'GET /api/auth/reset/{token}': 'needs a password link, made only by e-mail',
      'GET /api/client/assignMailbox/{clientId}/{mailboxNumber}': 'changes the client (a GET by the published API)',
      'GET /api/openapi.json': 'this document',
    }
    const reads = Object.entries(document.paths as Record<string, Json>)
      .filter(([, item]) => item.get?.responses?.['200']?.content?.['application/json'])
      .map(([path]) => `GET ${path}`)
    expect(reads.filter((key) => !called.has(key) && !(key in notCalled))).toEqual([])
  })

  it('GET /api/docs serves the interactive reference, its one script allowed by its policy', async () => {
    const res = await server.request('GET', '/api/docs')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/html/)
    expect(res.text).toContain('/api/openapi.json')
    const policy = res.headers.get('content-security-policy') ?? ''
    const script = /<script src="([^"]+)"/.exec(res.text)?.[1]
    expect(script).toMatch(/^https:\/\/cdn\.jsdelivr\.net\/npm\/@scalar\/api-reference@\d+\.\d+\.\d+\//)
    const inline = /<script type="text\/javascript">([\s\S]*?)<\/script>/.exec(res.text)?.[1] ?? ''
    const hash = createHash('sha256').update(inline).digest('base64')
    expect(policy).toContain(`script-src ${script} 'sha256-${hash}'`)
    const scriptSources = policy.split(';').find((directive) => directive.trim().startsWith('script-src')) ?? ''
    expect(scriptSources).not.toContain('unsafe')
    expect(policy).toContain("frame-ancestors 'none'")
  })

  it('validate() keeps its 400 and 422 answers, with { detail, details, issues }, while it describes the route', async () => {
    const probe = new Hono<AppEnv>().post(
      '/probe/validated',
      access.public(),
      validate('query', v.object({ n: v.pipe(v.string(), v.regex(/^\d+$/, 'must be a number')) })),
      validate('json', v.object({ name: v.string('name is required') })),
      (c) => c.json({ ok: true }),
    )
    const app = createApp(server.deps, [probe])
    const badQuery = await app.request('/api/probe/validated?n=x', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"a"}' })
    expect(badQuery.status).toBe(400)
    expect(await badQuery.json()).toEqual({
      detail: 'Invalid query',
      details: 'n: must be a number',
      issues: [{ path: 'n', message: 'n: must be a number' }],
    })
    const badBody = await app.request('/api/probe/validated?n=1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":5}' })
    expect(badBody.status).toBe(422)
    expect(await badBody.json()).toEqual({
      detail: 'Invalid request body',
      details: 'name: name is required',
      issues: [{ path: 'name', message: 'name: name is required' }],
    })
    const fine = await app.request('/api/probe/validated?n=1', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"name":"a"}' })
    expect(fine.status).toBe(200)
    const description = await describeApi(app, API_AREAS)
    const operation = description.document.paths['/api/probe/validated'].post
    expect(operation.parameters).toEqual([expect.objectContaining({ in: 'query', name: 'n', required: true })])
    expect(description.undescribed).toEqual(['POST /api/probe/validated'])
  })
})
