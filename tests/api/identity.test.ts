import { and, eq } from 'drizzle-orm'
import { Hono } from 'hono'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PublicConfigSchema } from '../../contract/config'
import {
  AgentListSchema,
  AgentSchema,
  BusinessEntityTypeListSchema,
  CountryListSchema,
  PermissionDefinitionListSchema,
  UserPermissionListSchema,
} from '../../contract/identity'
import { createApp } from '../../server/app'
import { CALLER_TTL_MS } from '../../server/auth/caller-cache'
import { access } from '../../server/auth/policy'
import type { AppEnv } from '../../server/context'
import { PERMISSION_CODES } from '../../contract/permissions'
import { permissions, rolePermissions, users } from '../../server/db/schema'
import { createTestServer, DEMO_ACCOUNTS, type TestServer } from './harness'

/**
 * The identity calls and the access rules every route relies on. Tokens come from tokenFor (signed as
 * the server signs them) so no argon2 sign-in is needed; auth.test.ts covers sign-in itself.
 */
let server: TestServer
const demo = {} as Record<keyof typeof DEMO_ACCOUNTS, { id: number; token: string; clientId: number | null; agentId: number | null; roleId: number }>

beforeAll(async () => {
  server = await createTestServer({
    seed: true,
    env: {
      SUPPORT_PHONE: '+1 (813) 555-0199',
      SUPPORT_EMAIL: 'help@portal.example',
      COMPANY_LOCATION: '1 Main St, Tampa, FL 33602',
      FAQS_URL: 'https://portal.example/faqs',
    },
  })
  for (const [key, email] of Object.entries(DEMO_ACCOUNTS) as [keyof typeof DEMO_ACCOUNTS, string][]) {
    const [user] = await server.db.select().from(users).where(eq(users.email, email))
    demo[key] = { id: user.id, token: await server.tokenFor(user.id), clientId: user.clientId, agentId: user.agentId, roleId: user.roleId }
  }
}, 120_000)
afterAll(() => server.close())

const get = (path: string, token?: string) => server.request('GET', path, { token })

describe('GET /api/agent and /api/agent/{agentId}', () => {
  it('lists every agent record, admin first among its users, for a super admin', async () => {
    const other = await server.factories.agent(['DCV'])
    const res = await get('/api/agent', demo.admin.token)
    expect(res.status).toBe(200)
    expect(v.is(AgentListSchema, res.json)).toBe(true)
    const provider = res.json.find((a: { id: number }) => a.id === demo.admin.agentId)
    expect(provider.users.map((u: { email: string }) => u.email)).toEqual([DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.clerk, DEMO_ACCOUNTS.manager])
    expect(provider.users[0]).toMatchObject({ roleId: 1, roleType: 'agent', role: 'Super Admin' })
    expect(res.json.map((a: { id: number }) => a.id)).toContain(other.agent.id)
  })

  it('gives an agent without UCV only their own record, with themself as users[0]', async () => {
    const res = await get('/api/agent', demo.clerk.token)
    expect(res.status).toBe(200)
    expect(res.json).toHaveLength(1)
    expect(res.json[0].id).toBe(demo.clerk.agentId)
    expect(res.json[0].users).toHaveLength(1)
    expect(res.json[0].users[0]).toMatchObject({ id: demo.clerk.id, roleId: demo.clerk.roleId, roleType: 'agent', role: 'Mailroom clerk' })
  })

  it('puts the signed-in agent first in users[], so a session reading users[0] gets its own role', async () => {
    const res = await get(`/api/agent/${demo.manager.agentId}`, demo.manager.token)
    expect(res.status).toBe(200)
    expect(v.is(AgentSchema, res.json)).toBe(true)
    expect(res.json.users[0]).toMatchObject({ id: demo.manager.id, roleId: demo.manager.roleId, role: 'Office manager', roleType: 'agent' })
    // With UCV the manager sees the whole staff of the record.
    expect(res.json.users).toHaveLength(3)
  })

  it('refuses another agent record to an agent without UCV, and lets one with UCV read it', async () => {
    const other = await server.factories.agent([])
    const refused = await get(`/api/agent/${other.agent.id}`, demo.clerk.token)
    expect(refused.status).toBe(403)
    expect(refused.json.detail).toEqual(expect.any(String))
    const allowed = await get(`/api/agent/${other.agent.id}`, demo.manager.token)
    expect(allowed.status).toBe(200)
    expect(allowed.json.users[0].id).toBe(other.user.id)
  })

  it('is for staff only: a client is refused and an anonymous caller must sign in', async () => {
    expect((await get('/api/agent', demo.client.token)).status).toBe(403)
    expect((await get(`/api/agent/${demo.admin.agentId}`, demo.client.token)).status).toBe(403)
    expect((await get('/api/agent')).status).toBe(401)
  })

  it('answers 404 for an unknown agent and 400 for an id that is not one', async () => {
    expect((await get('/api/agent/999999', demo.admin.token)).status).toBe(404)
    for (const bad of ['abc', '-1', '0', '1e3', '99999999999999']) {
      const res = await get(`/api/agent/${bad}`, demo.admin.token)
      expect(res.status, bad).toBe(400)
      expect(res.json.detail).toEqual(expect.any(String))
    }
  })
})

describe('GET /api/permissions and /api/user/{id}/permissions', () => {
  it('lists every permission definition to a signed-in user', async () => {
    const res = await get('/api/permissions', demo.client.token)
    expect(res.status).toBe(200)
    expect(v.is(PermissionDefinitionListSchema, res.json)).toBe(true)
    expect(res.json.map((p: { permCode: string }) => p.permCode)).toEqual([...PERMISSION_CODES])
    expect((await get('/api/permissions')).status).toBe(401)
  })

  it("gives each user their own role's codes; super admin gets every code", async () => {
    const codes = async (who: keyof typeof demo) => {
      const res = await get(`/api/user/${demo[who].id}/permissions`, demo[who].token)
      expect(res.status).toBe(200)
      expect(v.is(UserPermissionListSchema, res.json)).toBe(true)
      return res.json.map((p: { permCode: string }) => p.permCode).sort()
    }
    expect(await codes('admin')).toEqual([...PERMISSION_CODES].sort())
    expect(await codes('clerk')).toEqual(['DCV'])
    expect(await codes('manager')).toEqual(['DCD', 'DCV', 'ICP', 'ICV', 'PCE', 'RCV', 'UCC', 'UCE', 'UCV'])
    expect(await codes('client')).toEqual([])
  })

  it("lets an agent with UCV read another user's codes, refuses one without, and hides users from clients", async () => {
    const byManager = await get(`/api/user/${demo.clerk.id}/permissions`, demo.manager.token)
    expect(byManager.status).toBe(200)
    expect(byManager.json).toEqual([{ permCode: 'DCV' }])
    expect((await get(`/api/user/${demo.manager.id}/permissions`, demo.clerk.token)).status).toBe(403)
    // A client asking about anyone else learns nothing, not even that the user exists.
    const byClient = await get(`/api/user/${demo.client2.id}/permissions`, demo.client.token)
    expect(byClient.status).toBe(404)
    expect(byClient.json).toMatchObject({ detail: 'User not found' })
    expect((await get('/api/user/999999/permissions', demo.client.token)).json).toEqual(byClient.json)
    expect((await get('/api/user/999999/permissions', demo.admin.token)).status).toBe(404)
    expect((await get('/api/user/abc/permissions', demo.admin.token)).status).toBe(400)
  })

  it('applies a permission change made in the database (another server, an operator) with the same token, long before a cached caller would expire', async () => {
    const [ucv] = await server.db.select().from(permissions).where(eq(permissions.permCode, 'UCV'))
    const other = await server.factories.agent([])
    const path = `/api/agent/${other.agent.id}`
    expect((await get(path, demo.clerk.token)).status).toBe(403)
    // The database announces the change; on PostgreSQL the announcement arrives on its own connection.
    const soon = { timeout: CALLER_TTL_MS / 2, interval: 20 }
    await server.db.insert(rolePermissions).values({ roleId: demo.clerk.roleId, permissionId: ucv.id })
    try {
      await expect.poll(async () => (await get(path, demo.clerk.token)).status, soon).toBe(200)
      expect((await get(`/api/user/${demo.clerk.id}/permissions`, demo.clerk.token)).json).toContainEqual({ permCode: 'UCV' })
    } finally {
      await server.db.delete(rolePermissions).where(and(eq(rolePermissions.roleId, demo.clerk.roleId), eq(rolePermissions.permissionId, ucv.id)))
    }
    await expect.poll(async () => (await get(path, demo.clerk.token)).status, soon).toBe(403)
  })
})

describe('public reference calls', () => {
  it('GET /api/country lists countries with the United States first, to anyone', async () => {
    const res = await get('/api/country')
    expect(res.status).toBe(200)
    expect(v.is(CountryListSchema, res.json)).toBe(true)
    expect(res.json[0]).toMatchObject({ name: 'United States', iso2: 'US' })
    expect(res.json.length).toBeGreaterThan(10)
    const rest = res.json.slice(1).map((c: { name: string }) => c.name)
    expect(rest).toEqual([...rest].sort((a, b) => a.localeCompare(b)))
  })

  it('GET /api/business-entity-types lists the Florida entity kinds', async () => {
    const res = await get('/api/business-entity-types')
    expect(res.status).toBe(200)
    expect(v.is(BusinessEntityTypeListSchema, res.json)).toBe(true)
    expect(res.json.map((t: { name: string }) => t.name)).toContain('Florida Limited Liability Company')
  })

  it('GET /api/config gives the support contacts and FAQs link from configuration', async () => {
    const res = await get('/api/config')
    expect(res.status).toBe(200)
    expect(v.is(PublicConfigSchema, res.json)).toBe(true)
    expect(res.json).toEqual({
      supportPhone: '+1 (813) 555-0199',
      supportEmail: 'help@portal.example',
      companyLocation: '1 Main St, Tampa, FL 33602',
      faqsUrl: 'https://portal.example/faqs',
      uploadMaxBytes: 25 * 1024 * 1024,
    })
  })

  it('sends security headers everywhere and no-store on authenticated answers', async () => {
    for (const res of [await get('/api/country'), await get('/api/permissions', demo.client.token), await get('/api/agent')]) {
      expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'")
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/)
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin')
    }
    expect((await get('/api/permissions', demo.client.token)).headers.get('cache-control')).toBe('no-store')
    expect((await get(`/api/agent/${demo.admin.agentId}`, demo.admin.token)).headers.get('cache-control')).toBe('no-store')
  })
})

describe('access policies', () => {
  /** Probe routes built with the same policies as the product routes. */
  const probes = new Hono<AppEnv>()
    .get('/probe/client/:clientId', access.ownClient('clientId', 'account', 'PCE'), (c) => c.json({ clientId: Number(c.req.param('clientId')) }))
    .get('/probe/users', access.agent('UCC'), (c) => c.json({ ok: true }))
    .get('/probe/clients-only', access.client('shared'), (c) => c.json({ ok: true }))
  let app: ReturnType<typeof createApp>
  beforeAll(() => {
    app = createApp(server.deps, [probes])
  })
  const probe = async (path: string, token: string) => {
    const res = await app.request(path, { headers: { authorization: `Bearer ${token}` } })
    return { status: res.status, json: await res.json() }
  }

  it("lets a client read its own data and answers 404, never the data, for another client's", async () => {
    const own = await probe(`/api/probe/client/${demo.client.clientId}`, demo.client.token)
    expect(own.status).toBe(200)
    const other = await probe(`/api/probe/client/${demo.client2.clientId}`, demo.client.token)
    expect(other.status).toBe(404)
    expect(other.json).toEqual({ detail: 'Client not found', details: 'Client not found' })
    expect(JSON.stringify(other.json)).not.toContain(String(demo.client2.clientId))
    // A client id that does not exist looks exactly the same.
    expect((await probe('/api/probe/client/999999', demo.client.token)).json).toEqual(other.json)
  })

  it('refuses an agent lacking the code, lets one holding it through, and passes super admin', async () => {
    expect((await probe(`/api/probe/client/${demo.client.clientId}`, demo.clerk.token)).status).toBe(403)
    expect((await probe(`/api/probe/client/${demo.client.clientId}`, demo.manager.token)).status).toBe(200)
    expect((await probe(`/api/probe/client/${demo.client.clientId}`, demo.admin.token)).status).toBe(200)
    expect((await probe('/api/probe/users', demo.clerk.token)).status).toBe(403)
    expect((await probe('/api/probe/users', demo.manager.token)).status).toBe(200)
    expect((await probe('/api/probe/users', demo.admin.token)).status).toBe(200)
    expect((await probe('/api/probe/users', demo.client.token)).status).toBe(403)
    expect((await probe('/api/probe/clients-only', demo.client.token)).status).toBe(200)
    expect((await probe('/api/probe/clients-only', demo.admin.token)).status).toBe(403)
  })

  it('refuses to build an app with a route that declares no access policy', () => {
    const careless = new Hono<AppEnv>().get('/probe/open', (c) => c.json({ leaked: true }))
    expect(() => createApp(server.deps, [careless])).toThrow(/without an access policy: GET \/api\/probe\/open/)
  })
})
