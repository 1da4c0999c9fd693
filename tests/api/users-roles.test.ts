import { and, count, eq } from 'drizzle-orm'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PermCode } from '../../contract/permissions'
import { RoleListSchema, RoleSchema } from '../../contract/roles'
import { EMAIL_TAKEN, StaffUserDetailSchema, StaffUserPageSchema, StaffUserSchema } from '../../contract/users'
import { auditEvents, users } from '../../server/db/schema'
import { createTestServer, DEMO_ACCOUNTS, login, type TestServer } from './harness'

/**
 * Staff administration: every users and roles call against every kind of caller, the rules the server
 * enforces (super admin, self-escalation, roles in use, unique e-mails), invitations, the immediate
 * effect of deactivation and role changes, and the audit rows each change writes.
 */
let server: TestServer
type Actor = 'anonymous' | 'client' | 'clerk' | 'manager' | 'admin' | 'onlyCode'
const tokens = {} as Record<Exclude<Actor, 'anonymous' | 'onlyCode'>, string>
const ids = {} as Record<'admin' | 'manager' | 'clerk', number>
/** A staff role holding no code: any user with UCC may give it. */
let emptyRoleId: number
let clerkRoleId: number

beforeAll(async () => {
  server = await createTestServer({ seed: true })
  for (const key of ['admin', 'manager', 'clerk', 'client'] as const) {
    const [user] = await server.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS[key]))
    tokens[key] = await server.tokenFor(user.id)
    if (key !== 'client') ids[key] = user.id
    if (key === 'clerk') clerkRoleId = user.roleId
  }
  emptyRoleId = (await server.factories.role('Empty', [])).id
}, 120_000)
afterAll(() => server.close())

/** A token of a fresh agent whose role holds exactly `codes`. */
async function tokenWith(codes: PermCode[]) {
  const { user } = await server.factories.agent(codes)
  return { token: await server.tokenFor(user.id), user }
}

async function tokenOf(actor: Actor, code: PermCode): Promise<string | undefined> {
  if (actor === 'anonymous') return undefined
  if (actor === 'onlyCode') return (await tokenWith([code])).token
  return tokens[actor]
}

const call = (method: string, path: string, token?: string, body?: unknown) => server.request(method, path, { token, body })
let counter = 0
const freshEmail = () => `staff-${process.pid}-${++counter}@Example.test`

/** A staff user added by the admin through the API (so invited, with an invitation link in the outbox). */
async function invitedUser(roleId = emptyRoleId) {
  const res = await call('POST', '/api/users', tokens.admin, { firstName: 'Ivy', lastName: 'Invitee', email: freshEmail(), roleId })
  expect(res.status).toBe(201)
  return res.json as { id: number; email: string }
}

async function plainStaffUser() {
  return (await server.factories.agent([], { roleId: emptyRoleId })).user
}

async function plainRole() {
  return server.factories.role('Plain', [])
}

interface RouteCase {
  name: string
  code: PermCode
  /** The expected status of each actor; `target` builds what the call works on, fresh for each actor. */
  expected: Record<Actor, number>
  run: (token: string | undefined) => Promise<{ status: number; json: any }>
}

const readers = (manager: number): Record<Actor, number> => ({ anonymous: 401, client: 403, clerk: 403, manager, admin: 200, onlyCode: 200 })

const ROUTES: RouteCase[] = [
  { name: 'GET /api/users', code: 'UCV', expected: readers(200), run: (t) => call('GET', '/api/users', t) },
  { name: 'GET /api/users/{id}', code: 'UCV', expected: readers(200), run: async (t) => call('GET', `/api/users/${ids.clerk}`, t) },
  {
    name: 'POST /api/users',
    code: 'UCC',
    expected: { anonymous: 401, client: 403, clerk: 403, manager: 201, admin: 201, onlyCode: 201 },
    run: (t) => call('POST', '/api/users', t, { firstName: 'Nia', lastName: 'New', email: freshEmail(), roleId: emptyRoleId }),
  },
  {
    name: 'PATCH /api/users/{id}',
    code: 'UCE',
    expected: readers(200),
    run: async (t) => call('PATCH', `/api/users/${(await plainStaffUser()).id}`, t, { lastName: 'Renamed' }),
  },
  {
    name: 'POST /api/users/{id}/deactivate',
    code: 'UCE',
    expected: readers(200),
    run: async (t) => call('POST', `/api/users/${(await plainStaffUser()).id}/deactivate`, t),
  },
  {
    name: 'POST /api/users/{id}/reactivate',
    code: 'UCE',
    expected: readers(200),
    run: async (t) => {
      const user = await plainStaffUser()
      await server.db.update(users).set({ active: false }).where(eq(users.id, user.id))
      return call('POST', `/api/users/${user.id}/reactivate`, t)
    },
  },
  {
    name: 'POST /api/users/{id}/invitation',
    code: 'UCE',
    expected: { anonymous: 401, client: 403, clerk: 403, manager: 202, admin: 202, onlyCode: 202 },
    run: async (t) => call('POST', `/api/users/${(await invitedUser()).id}/invitation`, t),
  },
  { name: 'GET /api/roles', code: 'RCV', expected: readers(200), run: (t) => call('GET', '/api/roles', t) },
  { name: 'GET /api/roles/{id}', code: 'RCV', expected: readers(200), run: (t) => call('GET', `/api/roles/${clerkRoleId}`, t) },
  {
    name: 'POST /api/roles',
    code: 'RCC',
    expected: { anonymous: 401, client: 403, clerk: 403, manager: 403, admin: 201, onlyCode: 201 },
    run: (t) => call('POST', '/api/roles', t, { name: `Role ${++counter}`, description: 'Made in a test', permCodes: [] }),
  },
  {
    name: 'PUT /api/roles/{id}',
    code: 'RCE',
    expected: { anonymous: 401, client: 403, clerk: 403, manager: 403, admin: 200, onlyCode: 200 },
    run: async (t) => call('PUT', `/api/roles/${(await plainRole()).id}`, t, { name: `Renamed ${++counter}`, description: '', permCodes: [] }),
  },
  {
    name: 'DELETE /api/roles/{id}',
    code: 'RCE',
    expected: { anonymous: 401, client: 403, clerk: 403, manager: 403, admin: 204, onlyCode: 204 },
    run: async (t) => call('DELETE', `/api/roles/${(await plainRole()).id}`, t),
  },
]

describe('who may call what', () => {
  for (const route of ROUTES) {
    it(`${route.name}: ${Object.entries(route.expected)
      .map(([a, s]) => `${a} ${s}`)
      .join(', ')}`, async () => {
      for (const actor of Object.keys(route.expected) as Actor[]) {
        const res = await route.run(await tokenOf(actor, route.code))
        expect(res.status, `${route.name} as ${actor}`).toBe(route.expected[actor])
        if (res.status >= 400) expect(res.json.detail, `${route.name} as ${actor}`).toEqual(expect.any(String))
      }
    })
  }

  it('lets whoever manages users read the roles to pick from (UCC alone is enough)', async () => {
    const { token } = await tokenWith(['UCC'])
    const res = await call('GET', '/api/roles', token)
    expect(res.status).toBe(200)
    expect(v.is(RoleListSchema, res.json)).toBe(true)
    expect((await call('GET', `/api/roles/${clerkRoleId}`, token)).status).toBe(403)
  })
})

describe('reading users and roles', () => {
  it('pages, searches, filters and sorts the staff list', async () => {
    const all = await call('GET', '/api/users?pageSize=100', tokens.manager)
    expect(v.is(StaffUserPageSchema, all.json)).toBe(true)
    const emails = all.json.data.map((u: { email: string }) => u.email)
    expect(emails).toEqual(expect.arrayContaining([DEMO_ACCOUNTS.admin, DEMO_ACCOUNTS.clerk, DEMO_ACCOUNTS.manager]))
    expect(emails).not.toContain(DEMO_ACCOUNTS.client)

    const found = await call('GET', '/api/users?q=clerk%40demo', tokens.manager)
    expect(found.json.data.map((u: { email: string }) => u.email)).toEqual([DEMO_ACCOUNTS.clerk])
    const byRole = await call('GET', `/api/users?roleId=${clerkRoleId}&pageSize=100`, tokens.manager)
    expect(byRole.json.data.every((u: { role: string }) => u.role === 'Mailroom clerk')).toBe(true)
    const paged = await call('GET', '/api/users?pageSize=10&page=1&sort=email&order=desc', tokens.manager)
    const sorted = [...paged.json.data.map((u: { email: string }) => u.email)].sort().reverse()
    expect(paged.json.data.map((u: { email: string }) => u.email)).toEqual(sorted)
    expect(paged.json.total).toBe(all.json.total)

    const invited = await invitedUser()
    const invitedOnly = await call('GET', '/api/users?status=invited&pageSize=100', tokens.manager)
    expect(invitedOnly.json.data.map((u: { id: number }) => u.id)).toContain(invited.id)
    expect(invitedOnly.json.data.every((u: { status: string }) => u.status === 'invited')).toBe(true)
  })

  it('shows the last sign-in of a user', async () => {
    const { user } = await server.factories.agent([], { password: 'Signin-pass-2026!' })
    const before = await call('GET', `/api/users/${user.id}`, tokens.admin)
    expect(before.json.lastSignInAt).toBeNull()
    await login(server, user.email, 'Signin-pass-2026!')
    const after = await call('GET', `/api/users/${user.id}`, tokens.admin)
    expect(after.json.lastSignInAt).toEqual(expect.any(String))
    expect(after.json.history.map((h: { action: string }) => h.action)).toContain('sign-in')
  })

  it('lists roles with their codes and number of users; super admin holds every code', async () => {
    const res = await call('GET', '/api/roles', tokens.admin)
    expect(res.json[0]).toMatchObject({ id: 1, superAdmin: true })
    expect(res.json[0].permCodes).toContain('RCE')
    const clerk = res.json.find((r: { id: number }) => r.id === clerkRoleId)
    expect(clerk).toMatchObject({ name: 'Mailroom clerk', permCodes: ['DCV'], superAdmin: false })
    expect(clerk.userCount).toBeGreaterThanOrEqual(1)
    expect(res.json.map((r: { name: string }) => r.name)).not.toContain('Client')
  })

  it('answers 404 for unknown ids (and for a client user or the client role), 400 for ids that are not ids', async () => {
    const [clientUser] = await server.db.select().from(users).where(eq(users.email, DEMO_ACCOUNTS.client))
    for (const path of ['/api/users/999999', `/api/users/${clientUser.id}`, '/api/roles/999999', `/api/roles/${clientUser.roleId}`]) {
      expect((await call('GET', path, tokens.admin)).status, path).toBe(404)
    }
    expect((await call('PATCH', '/api/users/999999', tokens.admin, { firstName: 'X' })).status).toBe(404)
    expect((await call('POST', '/api/users/999999/deactivate', tokens.admin)).status).toBe(404)
    expect((await call('PUT', '/api/roles/999999', tokens.admin, { name: 'X', permCodes: [] })).status).toBe(404)
    expect((await call('DELETE', '/api/roles/999999', tokens.admin)).status).toBe(404)
    expect((await call('GET', '/api/users/abc', tokens.admin)).status).toBe(400)
    expect((await call('DELETE', '/api/roles/0', tokens.admin)).status).toBe(400)
  })
})

describe('bad input', () => {
  it('answers malformed JSON with 400 and invalid fields with 422, naming the field, and writes nothing', async () => {
    const [{ n: before }] = await server.db.select({ n: count() }).from(users)
    const malformed = await server.request('POST', '/api/users', {
      token: tokens.admin,
      body: '{"firstName": ',
      headers: { 'content-type': 'application/json' },
    })
    expect(malformed.status).toBe(400)
    expect(malformed.json.detail).toEqual(expect.any(String))
    const invalid = await call('POST', '/api/users', tokens.admin, { firstName: '', lastName: 'X', email: 'not-an-email', roleId: 'two' })
    expect(invalid.status).toBe(422)
    expect(invalid.json.issues.map((i: { path: string }) => i.path)).toEqual(expect.arrayContaining(['firstName', 'email', 'roleId']))
    const extra = await call('POST', '/api/users', tokens.admin, { firstName: 'A', lastName: 'B', email: freshEmail(), roleId: emptyRoleId, isAdmin: true })
    expect(extra.status).toBe(422)
    const unknownRole = await call('POST', '/api/users', tokens.admin, { firstName: 'A', lastName: 'B', email: freshEmail(), roleId: 999999 })
    expect(unknownRole.status).toBe(422)
    expect(unknownRole.json.issues[0].path).toBe('roleId')
    const unknownCode = await call('POST', '/api/roles', tokens.admin, { name: 'Odd', permCodes: ['XYZ'] })
    expect(unknownCode.status).toBe(422)
    const emptyPatch = await call('PATCH', `/api/users/${ids.clerk}`, tokens.admin, {})
    expect(emptyPatch.status).toBe(422)
    const [{ n: after }] = await server.db.select({ n: count() }).from(users)
    expect(after).toBe(before)
  })

  it('refuses a second user with the same e-mail in any letter case (409, with a clear message)', async () => {
    const res = await call('POST', '/api/users', tokens.admin, { firstName: 'Dup', lastName: 'Licate', email: 'CLERK@demo.test', roleId: emptyRoleId })
    expect(res.status).toBe(409)
    expect(res.json.detail).toBe(EMAIL_TAKEN)
    expect(res.json.details).toContain('clerk@demo.test')
    const rows = await server.db.select().from(users).where(eq(users.email, 'clerk@demo.test'))
    expect(rows).toHaveLength(1)
  })

  it('refuses a second role with the same name in any letter case (409)', async () => {
    const res = await call('POST', '/api/roles', tokens.admin, { name: 'MAILROOM CLERK', permCodes: [] })
    expect(res.status).toBe(409)
    const other = (await call('POST', '/api/roles', tokens.admin, { name: `Unique ${++counter}`, permCodes: [] })).json
    const rename = await call('PUT', `/api/roles/${other.id}`, tokens.admin, { name: 'Office Manager', permCodes: [] })
    expect(rename.status).toBe(409)
  })
})

describe('rules', () => {
  it('never changes or deletes the super admin role', async () => {
    const put = await call('PUT', '/api/roles/1', tokens.admin, { name: 'Root', description: '', permCodes: [] })
    expect(put.status).toBe(403)
    expect(put.json.detail).toMatch(/super admin/i)
    expect((await call('DELETE', '/api/roles/1', tokens.admin)).status).toBe(403)
    const roles = await call('GET', '/api/roles', tokens.admin)
    expect(roles.json[0].name).toBe('Super Admin')
  })

  it('keeps the last active super admin: the admin cannot deactivate or move themself, a manager cannot touch them', async () => {
    expect((await call('POST', `/api/users/${ids.admin}/deactivate`, tokens.admin)).status).toBe(403)
    expect((await call('PATCH', `/api/users/${ids.admin}`, tokens.admin, { roleId: emptyRoleId })).status).toBe(403)
    expect((await call('POST', `/api/users/${ids.admin}/deactivate`, tokens.manager)).status).toBe(403)
    expect((await call('PATCH', `/api/users/${ids.admin}`, tokens.manager, { roleId: emptyRoleId })).status).toBe(403)
    const admin = await call('GET', `/api/users/${ids.admin}`, tokens.admin)
    expect(admin.json).toMatchObject({ roleId: 1, status: 'active' })
  })

  it('lets a super admin step down only while another active super admin remains', async () => {
    const second = await server.factories.agent([], { roleId: 1 })
    const secondToken = await server.tokenFor(second.user.id)
    const third = await server.factories.agent([], { roleId: 1 })
    // Two others remain: the move is allowed.
    const moved = await call('PATCH', `/api/users/${third.user.id}`, secondToken, { roleId: emptyRoleId })
    expect(moved.status).toBe(200)
    // A super admin whose own account is still only invited does not count as one who remains.
    const invitedAdmin = await invitedUser(1)
    const invitedToken = await server.tokenFor(invitedAdmin.id)
    // The demo admin and `second` remain; with the admin deactivated, `second` is the last one.
    await server.db.update(users).set({ active: false }).where(eq(users.id, ids.admin))
    try {
      const deactivateLast = await call('POST', `/api/users/${second.user.id}/deactivate`, secondToken)
      expect(deactivateLast.status).toBe(403)
      const last = await call('PATCH', `/api/users/${second.user.id}`, invitedToken, { roleId: emptyRoleId })
      expect(last.status).toBe(409)
      expect(last.json.details).toMatch(/last active super admin/)
      await server.db.update(users).set({ active: false }).where(eq(users.id, invitedAdmin.id))
    } finally {
      await server.db.update(users).set({ active: true }).where(eq(users.id, ids.admin))
    }
  })

  it('refuses to grant a permission the caller does not hold', async () => {
    // The manager lacks RCC, RCE: a role holding RCC may not be given by them, nor super admin.
    const rcc = await server.factories.role('Role maker', ['RCC'])
    const viaNewUser = await call('POST', '/api/users', tokens.manager, { firstName: 'A', lastName: 'B', email: freshEmail(), roleId: rcc.id })
    expect(viaNewUser.status).toBe(403)
    expect(viaNewUser.json.detail).toContain('RCC')
    const target = await plainStaffUser()
    expect((await call('PATCH', `/api/users/${target.id}`, tokens.manager, { roleId: rcc.id })).status).toBe(403)
    expect((await call('PATCH', `/api/users/${target.id}`, tokens.manager, { roleId: 1 })).status).toBe(403)
    expect((await call('POST', '/api/users', tokens.manager, { firstName: 'A', lastName: 'B', email: freshEmail(), roleId: 1 })).status).toBe(403)

    // A role maker holding only RCC cannot put DCV in a role; an editor holding only RCE cannot add it either.
    const roleMaker = await tokenWith(['RCC'])
    const made = await call('POST', '/api/roles', roleMaker.token, { name: `Sneaky ${++counter}`, permCodes: ['DCV'] })
    expect(made.status).toBe(403)
    const withOwnCode = await call('POST', '/api/roles', roleMaker.token, { name: `Fair ${++counter}`, permCodes: ['RCC'] })
    expect(withOwnCode.status).toBe(201)
    const editor = await tokenWith(['RCE'])
    const role = await server.factories.role('Mail', ['DCV'])
    expect((await call('PUT', `/api/roles/${role.id}`, editor.token, { name: role.name, permCodes: ['DCV', 'DCD'] })).status).toBe(403)
    // Codes the role already holds may stay even if the editor lacks them.
    expect((await call('PUT', `/api/roles/${role.id}`, editor.token, { name: role.name, description: 'Renamed only', permCodes: ['DCV'] })).status).toBe(200)
  })

  it('refuses changes to one’s own role, both the assignment and the role itself', async () => {
    const self = await call('PATCH', `/api/users/${ids.manager}`, tokens.manager, { roleId: clerkRoleId })
    expect(self.status).toBe(403)
    expect(self.json.detail).toMatch(/your own role/)
    const editor = await tokenWith(['RCE', 'DCV'])
    const own = await call('PUT', `/api/roles/${editor.user.roleId}`, editor.token, { name: `Mine ${++counter}`, permCodes: ['RCE'] })
    expect(own.status).toBe(403)
    // A name change of one's own user is fine.
    expect((await call('PATCH', `/api/users/${ids.manager}`, tokens.manager, { firstName: 'Morgan' })).status).toBe(200)
  })

  it('refuses to delete a role somebody holds, saying how many', async () => {
    const role = await server.factories.role('Held', [])
    await server.factories.agent([], { roleId: role.id })
    await server.factories.agent([], { roleId: role.id })
    const res = await call('DELETE', `/api/roles/${role.id}`, tokens.admin)
    expect(res.status).toBe(409)
    expect(res.json.details).toMatch(/^2 users hold/)
    expect((await call('GET', `/api/roles/${role.id}`, tokens.admin)).status).toBe(200)
  })
})

describe('invitations', () => {
  it('e-mails a single-use link to set a password; until then the account cannot sign in', async () => {
    const before = server.sent.length
    const res = await call('POST', '/api/users', tokens.manager, { firstName: 'Ada', lastName: 'Auditor', email: freshEmail(), roleId: clerkRoleId })
    expect(res.status).toBe(201)
    expect(v.is(StaffUserSchema, res.json)).toBe(true)
    expect(res.json).toMatchObject({ status: 'invited', role: 'Mailroom clerk' })
    expect(res.json.email).toBe(res.json.email.toLowerCase())
    const mails = server.sent.slice(before)
    expect(mails).toHaveLength(1)
    expect(mails[0].to).toBe(res.json.email)
    const token = /\/reset\/([A-Za-z0-9_-]+)/.exec(mails[0].text)?.[1]
    expect(token).toBeTruthy()

    const early = await server.request('POST', '/api/auth/login', { body: { email: res.json.email, password: 'Whatever-pass-2026', remember: false } })
    expect(early.status).toBe(401)

    expect((await server.request('GET', `/api/auth/reset/${token}`)).status).toBe(200)
    const set = await server.request('POST', '/api/auth/reset-password', { body: { token, password: 'Auditor-pass-2026!' } })
    expect(set.status).toBe(200)
    const session = await login(server, res.json.email, 'Auditor-pass-2026!')
    expect(session.user.role).toBe('Mailroom clerk')
    const again = await server.request('POST', '/api/auth/reset-password', { body: { token, password: 'Another-pass-2026!' } })
    expect(again.status).toBe(400)
    const view = await call('GET', `/api/users/${res.json.id}`, tokens.admin)
    expect(view.json.status).toBe('active')
    // Nothing left to invite to.
    expect((await call('POST', `/api/users/${res.json.id}/invitation`, tokens.admin)).status).toBe(409)
  })

  it('lasts 7 days, unlike a reset link; once expired, a resent invitation works again', async () => {
    const user = await invitedUser()
    const token = /\/reset\/([A-Za-z0-9_-]+)/.exec(server.sent.at(-1)!.text)![1]
    expect(server.sent.at(-1)!.text).toContain('within 7 days')
    const start = server.clock.now()
    try {
      server.clock.set(new Date(start.getTime() + 6 * 24 * 3_600_000))
      expect((await server.request('GET', `/api/auth/reset/${token}`)).status).toBe(200)
      server.clock.set(new Date(start.getTime() + 7 * 24 * 3_600_000 + 60_000))
      expect((await server.request('GET', `/api/auth/reset/${token}`)).status).toBe(400)
      expect((await call('POST', `/api/users/${user.id}/invitation`, await server.tokenFor(ids.admin))).status).toBe(202)
      const fresh = /\/reset\/([A-Za-z0-9_-]+)/.exec(server.sent.at(-1)!.text)![1]
      expect((await server.request('GET', `/api/auth/reset/${fresh}`)).status).toBe(200)
    } finally {
      server.clock.set(start)
    }
  })

  it('a resent invitation replaces the earlier link', async () => {
    const user = await invitedUser()
    const first = /\/reset\/([A-Za-z0-9_-]+)/.exec(server.sent.at(-1)!.text)![1]
    const resend = await call('POST', `/api/users/${user.id}/invitation`, tokens.admin)
    expect(resend.status).toBe(202)
    const second = /\/reset\/([A-Za-z0-9_-]+)/.exec(server.sent.at(-1)!.text)![1]
    expect(second).not.toBe(first)
    expect((await server.request('GET', `/api/auth/reset/${first}`)).status).toBe(400)
    expect((await server.request('GET', `/api/auth/reset/${second}`)).status).toBe(200)
  })
})

describe('changes take effect at once', () => {
  it('deactivation refuses the next call and the refresh cookie; reactivation lets the user sign in again', async () => {
    const password = 'Leaving-pass-2026!'
    const { user } = await server.factories.agent(['UCV'], { password })
    const session = await login(server, user.email, password)
    expect((await call('GET', '/api/users', session.token)).status).toBe(200)

    const res = await call('POST', `/api/users/${user.id}/deactivate`, tokens.manager)
    expect(res.status).toBe(200)
    expect(res.json.status).toBe('deactivated')
    expect((await call('GET', '/api/users', session.token)).status).toBe(401)
    const refresh = await server.request('POST', '/api/auth/refresh', { headers: { cookie: session.cookie } })
    expect(refresh.status).toBe(401)
    const signIn = await server.request('POST', '/api/auth/login', { body: { email: user.email, password, remember: false } })
    expect(signIn.status).toBe(403)

    expect((await call('POST', `/api/users/${user.id}/reactivate`, tokens.manager)).json.status).toBe('active')
    const back = await login(server, user.email, password)
    expect((await call('GET', '/api/users', back.token)).status).toBe(200)
  })

  it("a role change ends the user's sessions at once; signed in again, the user has the new rights", async () => {
    const password = 'Moving-pass-2026!'
    const { user } = await server.factories.agent(['UCV'], { password })
    const session = await login(server, user.email, password)
    const res = await call('PATCH', `/api/users/${user.id}`, tokens.admin, { roleId: emptyRoleId })
    expect(res.status).toBe(200)
    expect((await call('GET', '/api/users', session.token)).status).toBe(401)
    expect((await server.request('POST', '/api/auth/refresh', { headers: { cookie: session.cookie } })).status).toBe(401)
    const again = await login(server, user.email, password)
    expect((await call('GET', '/api/users', again.token)).status).toBe(403)
  })

  it('a role edit answers the next call of its holders with the new codes', async () => {
    const holder = await tokenWith(['DCV'])
    expect((await call('GET', '/api/users', holder.token)).status).toBe(403)
    const role = (await call('GET', `/api/roles/${holder.user.roleId}`, tokens.admin)).json
    const edited = await call('PUT', `/api/roles/${role.id}`, tokens.admin, { name: role.name, description: role.description, permCodes: ['DCV', 'UCV'] })
    expect(edited.status).toBe(200)
    expect(v.is(RoleSchema, edited.json)).toBe(true)
    expect(edited.json.permCodes).toEqual(['UCV', 'DCV'])
    expect((await call('GET', '/api/users', holder.token)).status).toBe(200)
    const codes = await call('GET', `/api/user/${holder.user.id}/permissions`, holder.token)
    expect(codes.json.map((c: { permCode: string }) => c.permCode).sort()).toEqual(['DCV', 'UCV'])
  })
})

describe('audit log', () => {
  it('records who changed a user, when, and the values before and after; the user view shows the history', async () => {
    const created = await invitedUser()
    await call('PATCH', `/api/users/${created.id}`, tokens.manager, { lastName: 'Changed', roleId: clerkRoleId })
    await call('POST', `/api/users/${created.id}/deactivate`, tokens.manager)
    const view = await call('GET', `/api/users/${created.id}`, tokens.manager)
    expect(v.is(StaffUserDetailSchema, view.json)).toBe(true)
    const history = view.json.history as { action: string; actor: { id: number } | null; before: any; after: any; at: string }[]
    expect(history.map((h) => h.action)).toEqual(['user.deactivate', 'user.update', 'user.invite', 'user.create'])
    const update = history[1]
    expect(update.actor?.id).toBe(ids.manager)
    expect(update.before).toMatchObject({ lastName: 'Invitee', roleId: emptyRoleId })
    expect(update.after).toMatchObject({ lastName: 'Changed', roleId: clerkRoleId, role: 'Mailroom clerk' })
    expect(history[0].before.status).toBe('invited')
    expect(history[0].after.status).toBe('deactivated')
    expect(history[3]).toMatchObject({ actor: { id: ids.admin }, before: null })
    expect(history[3].after.email).toBe(created.email)
  })

  it('records role creation, edits and deletion with before and after', async () => {
    const made = await call('POST', '/api/roles', tokens.admin, { name: `Audited ${++counter}`, description: 'first', permCodes: ['DCV'] })
    await call('PUT', `/api/roles/${made.json.id}`, tokens.admin, { name: made.json.name, description: 'second', permCodes: ['DCV', 'ICV'] })
    await call('DELETE', `/api/roles/${made.json.id}`, tokens.admin)
    const rows = await server.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'role'), eq(auditEvents.entityId, String(made.json.id))))
      .orderBy(auditEvents.id)
    expect(rows.map((r) => r.action)).toEqual(['role.create', 'role.update', 'role.delete'])
    expect(rows.every((r) => r.actorUserId === ids.admin)).toBe(true)
    expect(rows[1].details).toMatchObject({ before: { description: 'first', permCodes: ['DCV'] }, after: { description: 'second', permCodes: ['DCV', 'ICV'] } })
    expect(rows[2].details).toMatchObject({ after: null })
  })

  it('writes nothing for a refused change', async () => {
    const target = await plainStaffUser()
    const before = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(target.id)))
    expect((await call('PATCH', `/api/users/${target.id}`, tokens.manager, { roleId: 1 })).status).toBe(403)
    const after = await server.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.entityId, String(target.id)))
    expect(after).toHaveLength(before.length)
  })
})
