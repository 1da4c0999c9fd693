import { randomBytes, randomUUID } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import type { SessionUser } from '../../contract/auth'
import { createApp } from '../../server/app'
import { listeningCallerCache } from '../../server/auth/caller-cache'
import { DEVICE_COOKIE, REFRESH_COOKIE } from '../../server/auth/session'
import { AfterAnswer } from '../../server/http/after-answer'
import { listeningAnswerCache } from '../../server/http/answer-cache'
import { hashPassword } from '../../server/auth/passwords'
import { sha256, signAccessToken } from '../../server/auth/tokens'
import type { AppDeps, Clock } from '../../server/context'
import { openDatabase, type Database, type Db } from '../../server/db/client'
import type { PermCode } from '../../contract/permissions'
import { CLIENT_ROLE, ensureReferenceData } from '../../server/db/reference'
import { seedDemo } from '../../server/db/seed'
import { agents, clientMemberships, clients, permissions, refreshSessions, rolePermissions, roles, users } from '../../server/db/schema'
import { parseEnv, type Env } from '../../server/env'
import { createLogger, type Logger } from '../../server/logger'
import type { MailMessage } from '../../server/mail/mailer'
import { outboxMailer } from '../../server/mail/outbox'
import { createGateway, type PaymentGateway } from '../../server/payments'
import { fsBlobStore } from '../../server/storage/fs-blob-store'
import type { PushSendOptions, PushTarget, PushTransport } from '../../server/push/transport'
import type { PushPayload } from '../../contract/push'
import webpush from 'web-push'

/**
 * Builds the real app on a real, empty database for one test file: in-memory PGlite by default, or a
 * fresh database on the PostgreSQL server of DATABASE_URL (dropped again by close()).
 */
export const usingPostgres = Boolean(process.env.DATABASE_URL)

export class TestClock implements Clock {
  constructor(public current = new Date()) {}
  now() {
    return new Date(this.current)
  }
  set(date: Date | string) {
    this.current = new Date(date)
  }
  advance(ms: number) {
    this.current = new Date(this.current.getTime() + ms)
  }
}

async function openTestDatabase(poolSize?: number): Promise<Database> {
  const url = process.env.DATABASE_URL
  if (!url) return openDatabase({ dataDir: 'memory://' })
  const { default: postgres } = await import('postgres')
  const name = `t_${randomBytes(6).toString('hex')}`
  const admin = postgres(url, { max: 1, onnotice: () => {} })
  await admin.unsafe(`create database "${name}"`)
  await admin.end()
  const target = new URL(url)
  target.pathname = `/${name}`
  const database = await openDatabase({ databaseUrl: target.toString(), dataDir: 'unused', poolSize })
  return {
    ...database,
    async close() {
      await database.close()
      const drop = postgres(url, { max: 1, onnotice: () => {} })
      await drop.unsafe(`drop database if exists "${name}" with (force)`)
      await drop.end()
    },
  }
}

/** A stand-in push service: records what it is sent and answers `status` (201 unless a test changes it). */
export class FakePushService implements PushTransport {
  sent: { target: PushTarget; payload: PushPayload; options: PushSendOptions }[] = []
  status: number | (() => Promise<number>) = 201
  async send(target: PushTarget, payload: string, options: PushSendOptions) {
    this.sent.push({ target, payload: JSON.parse(payload) as PushPayload, options })
    return { statusCode: typeof this.status === 'number' ? this.status : await this.status() }
  }
}

let vapidKeys: { publicKey: string; privateKey: string } | undefined

export interface TestServerOptions {
  env?: Record<string, string>
  /** Extra services for AppDeps (gateway, blob store, ...). */
  deps?: Partial<AppDeps>
  /** The card gateway, made from the test database (the sandbox gateway by default). */
  gateway?: (base: { db: Db; clock: TestClock; logger: Logger }) => PaymentGateway
  now?: Date
  /** Seed the demo provider (accounts, catalogue, invoices, documents...). */
  seed?: boolean
  /** On PostgreSQL: the connections the server may open (20 unless given). */
  poolSize?: number
}

export async function createTestServer(options: TestServerOptions = {}) {
  const database = await openTestDatabase(options.poolSize)
  const { db } = database
  await ensureReferenceData(db)
  const env: Env = parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: 'memory://', ...options.env })
  const clock = new TestClock(options.now)
  const logger = createLogger('silent')
  const sent: MailMessage[] = []
  const outbox = outboxMailer(db, logger)
  const blobDir = mkdtempSync(path.join(tmpdir(), 'portal-blobs-'))
  const pushService = new FakePushService()
  vapidKeys ??= webpush.generateVAPIDKeys()
  const callers = await listeningCallerCache(database)
  const answers = await listeningAnswerCache(database, env.ANSWER_CACHE_SECONDS)
  const deps: AppDeps = {
    env,
    db,
    clock,
    logger,
    mailer: { send: async (m) => void (sent.push(m), await outbox.send(m)) },
    blobs: fsBlobStore(blobDir),
    gateway: options.gateway?.({ db, clock, logger }) ?? createGateway(env, { db, clock, logger }),
    jwtKey: new TextEncoder().encode(randomBytes(32).toString('hex')),
    totpKey: randomBytes(32),
    push: { publicKey: vapidKeys.publicKey, transport: pushService },
    callers,
    answers,
    afterAnswer: new AfterAnswer(options.deps?.logger ?? logger),
    ...options.deps,
  }
  if (options.seed) await seedDemo({ db, blobs: deps.blobs, clock })
  const app = createApp(deps)

  /** Calls the app in-process. `body` objects are sent as JSON. */
  async function request(method: string, path: string, init: { token?: string; body?: unknown; headers?: Record<string, string> } = {}) {
    const headers: Record<string, string> = { ...init.headers }
    if (init.token) headers.authorization = `Bearer ${init.token}`
    let body: BodyInit | undefined
    if (init.body instanceof FormData || typeof init.body === 'string') body = init.body as BodyInit
    else if (init.body !== undefined) {
      headers['content-type'] ??= 'application/json'
      body = JSON.stringify(init.body)
    }
    const res = await app.request(path, { method, headers, body })
    const text = await res.text()
    let json: any
    try {
      json = text ? JSON.parse(text) : undefined
    } catch {
      json = undefined
    }
    return { status: res.status, headers: res.headers, json, text }
  }

  /**
   * An access token for a user, signed as the server signs them, of a session of its own (a refresh
   * family that no cookie holds), so ending the user's sessions ends it too.
   */
  async function tokenFor(userId: number) {
    const familyId = randomUUID()
    const now = clock.now()
    await db
      .insert(refreshSessions)
      .values({ userId, familyId, tokenHash: sha256(randomUUID()), createdAt: now, expiresAt: new Date(now.getTime() + 86_400_000) })
    const [row] = await db
      .select({ user: users, role: roles, companyName: clients.companyName })
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .leftJoin(clients, eq(clients.id, users.clientId))
      .where(eq(users.id, userId))
    return signAccessToken(
      {
        id: row.user.id,
        email: row.user.email,
        clientId: row.user.clientId,
        agentId: row.user.agentId,
        role: row.role.name,
        companyName: row.companyName ?? null,
        firstName: row.user.firstName,
        lastName: row.user.lastName,
        roleType: row.role.roleType,
        roleId: row.role.id,
      },
      { key: deps.jwtKey, issuer: env.JWT_ISSUER, audience: env.JWT_AUDIENCE, ttlSeconds: env.ACCESS_TOKEN_TTL_SECONDS },
      now,
      familyId,
    )
  }

  async function close() {
    await database.close()
    rmSync(blobDir, { recursive: true, force: true })
  }

  return { app, db, deps, env, clock, sent, pushService, blobDir, request, tokenFor, factories: factories(db), close }
}

export type TestServer = Awaited<ReturnType<typeof createTestServer>>

export { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../../server/db/seed'

/**
 * The session cookies an answer sets (the refresh cookie and the browser's device cookie), as a Cookie
 * header sends them back: "portal_refresh=...; portal_device=...". Empty when the answer sets none.
 */
export function sessionCookies(res: { headers: Headers }): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .filter((pair) => pair.startsWith(`${REFRESH_COOKIE}=`) || pair.startsWith(`${DEVICE_COOKIE}=`))
    .filter((pair) => !pair.endsWith('='))
    .join('; ')
}

/**
 * Signs in through POST /api/auth/login (as the PWA does) and returns the access token, the user and
 * the session cookies (ready for a Cookie header, see sessionCookies). Throws unless the answer is 200.
 */
export async function login(server: Pick<TestServer, 'request'>, email: string, password: string, options: { remember?: boolean } = {}) {
  const res = await server.request('POST', '/api/auth/login', { body: { email, password, remember: options.remember ?? false } })
  if (res.status !== 200) throw new Error(`Sign-in of ${email} answered ${res.status}: ${res.text}`)
  return { token: res.json.token as string, user: res.json.user as SessionUser, cookie: sessionCookies(res) }
}

let counter = 0
const unique = (prefix: string) => `${prefix}-${process.pid}-${++counter}`
/** A cheap hash for factory users; tests that sign in through /auth/login pass a password. */
let defaultHash: Promise<string> | undefined

/**
 * Before any test clock: a factory user's password predates every token a test signs (tokens issued
 * before the last password change are refused).
 */
const LONG_AGO = new Date('2000-01-01T00:00:00Z')

/** Minimal records for tests that do not need the whole demo data set. */
export function factories(db: Db) {
  async function role(name: string, codes: PermCode[], roleType = 'agent') {
    const [created] = await db
      .insert(roles)
      .values({ name: unique(name), roleType })
      .returning()
    if (codes.length) {
      const perms = await db.select().from(permissions).where(inArray(permissions.permCode, codes))
      await db.insert(rolePermissions).values(perms.map((p) => ({ roleId: created.id, permissionId: p.id })))
    }
    return created
  }
  async function client(values: Partial<typeof clients.$inferInsert> = {}, password?: string) {
    const [created] = await db
      .insert(clients)
      .values({ firstName: 'Ada', lastName: 'Client', companyName: unique('Company'), phone: '+13055550100', ...values })
      .returning()
    const passwordHash = password ? await hashPassword(password) : await (defaultHash ??= hashPassword('Factory-pass-2026!'))
    const [user] = await db
      .insert(users)
      .values({
        email: `${unique('client')}@example.test`.toLowerCase(),
        passwordHash,
        firstName: created.firstName,
        lastName: created.lastName,
        roleId: CLIENT_ROLE.id,
        clientId: created.id,
        passwordChangedAt: LONG_AGO,
      })
      .returning()
    await db.insert(clientMemberships).values({ userId: user.id, clientId: created.id, role: 'owner' })
    return { client: created, user }
  }
  /** An agent user whose role holds exactly `codes`; roleId 1 makes a super admin. */
  async function agent(codes: PermCode[] = [], options: { roleId?: number; password?: string } = {}) {
    const [agentRow] = await db
      .insert(agents)
      .values({ name: unique('Agent') })
      .returning()
    const roleId = options.roleId ?? (await role('Staff', codes)).id
    const passwordHash = options.password ? await hashPassword(options.password) : await (defaultHash ??= hashPassword('Factory-pass-2026!'))
    const [user] = await db
      .insert(users)
      .values({
        email: `${unique('agent')}@example.test`.toLowerCase(),
        passwordHash,
        firstName: 'Sam',
        lastName: 'Agent',
        roleId,
        agentId: agentRow.id,
        passwordChangedAt: LONG_AGO,
      })
      .returning()
    return { agent: agentRow, user }
  }
  return { role, client, agent }
}
