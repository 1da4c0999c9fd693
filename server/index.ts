import { randomBytes } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib'
import { serve } from '@hono/node-server'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import { getCookie } from 'hono/cookie'
import { createApp } from './app'
import { listeningCallerCache } from './auth/caller-cache'
import { secretBoxKey } from './auth/secret-box'
import { AfterAnswer } from './http/after-answer'
import { listeningAnswerCache } from './http/answer-cache'
import { systemClock, type AppDeps, type AppEnv } from './context'
import { openDatabase } from './db/client'
import { ensureReferenceData } from './db/reference'
import { seedDemo } from './db/seed'
import { DataDirLockedError, lockDataDir } from './data-dir-lock'
import { loadEnv } from './env'
import { jobs } from './jobs'
import { startPaymentReconciliation } from './jobs/payment-reconciliation'
import { startScheduler } from './jobs/scheduler'
import { errorBody } from './http/errors'
import { frameArea, framesFit, loadPageFrames, withFrame, type PageFrames } from './http/page-frames'
import { loadRoutePreloads, withPreloads, type RoutePreloads } from './http/route-preload'
import { createLogger, type Logger } from './logger'
import { createMailer } from './mail'
import { paymentDeps } from './payments'
import { loadVapidKeys } from './push/keys'
import { webPushTransport } from './push/transport'
import { startNotificationWorker } from './push/worker'
import { startTextReader } from './documents/text/queue'
import { createBlobStore, describeBlobStore } from './storage'

/**
 * The server: reads configuration once, opens the database (embedded PGlite under DATA_DIR, or
 * PostgreSQL with DATABASE_URL), seeds the demo provider on an empty database, and serves the API under
 * /api and, in production, the built PWA from dist/ on the same port.
 */
const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist')

/** A configured secret, else a random one created once per data directory (readable by this user only). */
function loadSecret(secret: string | undefined, dataDir: string, fileName: string): string {
  if (secret) return secret
  const file = path.join(dataDir, fileName)
  try {
    writeFileSync(file, randomBytes(48).toString('base64url'), { mode: 0o600, flag: 'wx' })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
  }
  const stored = readFileSync(file, 'utf8').trim()
  if (stored.length < 32) throw new Error(`${file} holds a secret shorter than 32 characters; delete it to make a new one`)
  return stored
}

/**
 * The PWA from dist/: hashed assets cached for a year, the shell (index.html, service worker, manifest)
 * revalidated on every load, and any other page path answered with index.html (client-side routes).
 */
function servePwa(app: Hono<AppEnv>, logger: Logger) {
  const indexFile = path.join(distDir, 'index.html')
  if (!existsSync(indexFile)) {
    logger.warn('no PWA build in dist/; serving the API only (run npm run build)')
    return
  }
  const noCache = new Set(['/', '/index.html', '/sw.js', '/manifest.webmanifest', '/registerSW.js'])
  const files = serveStatic<AppEnv>({
    root: path.relative(process.cwd(), distDir) || '.',
    // The build writes .br and .gz beside each script and stylesheet (see vite.config.ts).
    precompressed: true,
    onFound: (file, c) => {
      const urlPath = c.req.path
      if (urlPath.startsWith('/assets/')) c.header('Cache-Control', 'public, max-age=31536000, immutable')
      else if (noCache.has(urlPath) || file.endsWith('.html')) c.header('Cache-Control', 'no-cache')
      else c.header('Cache-Control', 'public, max-age=3600')
    },
  })
  // The shell answers every page path (/login, /client/dashboard, ...), compressed like the assets.
  // It names the page's own route scripts as modulepreload links, so each page path gets its
  // own variant, and so does each path with a page frame (http/page-frames.ts); each is compressed once
  // per build (re-read when dist/index.html or dist/frames.json changes, so a rebuild needs no restart).
  type ShellVariant = { identity: Uint8Array<ArrayBuffer>; br: Uint8Array<ArrayBuffer>; gzip: Uint8Array<ArrayBuffer> }
  let shellCache: { mtimeMs: number; html: string; preloads: RoutePreloads; frames: PageFrames; variants: Map<string, ShellVariant> } | null = null
  const framesFile = path.join(distDir, 'frames.json')
  const shell = (urlPath: string, area: string | undefined, withFrames: boolean): ShellVariant => {
    // The build writes the frames after index.html: either changing means a new build.
    const mtimeMs = statSync(indexFile).mtimeMs + (statSync(framesFile, { throwIfNoEntry: false })?.mtimeMs ?? 0)
    if (shellCache?.mtimeMs !== mtimeMs) {
      shellCache = {
        mtimeMs,
        html: readFileSync(indexFile, 'utf8'),
        preloads: loadRoutePreloads(distDir),
        frames: loadPageFrames(distDir),
        variants: new Map(),
      }
    }
    const files = shellCache.preloads(urlPath)
    const frame = withFrames ? shellCache.frames(urlPath, area) : null
    // Paths with a frame each have their own variant; the others share theirs by preloads.
    const key = frame ? `${frame.path} ${files.join(' ')}` : files.join(' ')
    let variant = shellCache.variants.get(key)
    if (!variant) {
      const identity = Buffer.from(withFrame(withPreloads(shellCache.html, files), frame))
      const br = brotliCompressSync(identity, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } })
      // Copies own their ArrayBuffer (Buffers may share a pooled one), which is what c.body takes.
      variant = { identity: new Uint8Array(identity), br: new Uint8Array(br), gzip: new Uint8Array(gzipSync(identity, { level: 9 })) }
      shellCache.variants.set(key, variant)
    }
    return variant
  }
  /** The encoding to send, from Accept-Encoding (a q=0 entry refuses it). */
  const shellEncoding = (accept: string | undefined): 'br' | 'gzip' | null => {
    const offered = new Map(
      (accept ?? '').split(',').map((part) => {
        const [name = '', ...params] = part.trim().toLowerCase().split(';')
        const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
        return [name.trim(), q ? Number(q.slice(2)) : 1] as const
      }),
    )
    const accepts = (name: string) => (offered.get(name) ?? offered.get('*') ?? 0) > 0
    if (accepts('br')) return 'br'
    if (accepts('gzip')) return 'gzip'
    return null
  }
  app.use('*', async (c, next) => {
    if (c.req.path === '/api' || c.req.path.startsWith('/api/')) return next()
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next()
    const served = await files(c, async () => {})
    if (served) return served
    // A client-side route (no file extension, or a page request): the app shell. Missing assets stay 404.
    const isPage = !path.extname(c.req.path) || (c.req.header('accept') ?? '').includes('text/html')
    if (!isPage || c.req.path.startsWith('/assets/')) return next()
    const encoding = shellEncoding(c.req.header('accept-encoding'))
    // A page's frame depends on the area and language cookies, and on the languages the browser asks for.
    const headers: Record<string, string> = {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-cache',
      Vary: 'Accept-Encoding, Accept-Language, Cookie',
    }
    if (encoding) headers['Content-Encoding'] = encoding
    if (c.req.method === 'HEAD') return c.body(null, 200, headers)
    const cookies = getCookie(c)
    const cookie = (name: string) => cookies[name]
    return c.body(shell(c.req.path, frameArea(cookie), framesFit(cookie, c.req.header('accept-language')))[encoding ?? 'identity'], 200, headers)
  })
  const built = statSync(indexFile).mtime.toISOString()
  logger.info('serving the PWA', { dir: distDir, built })
}

/** Answers every request while the server opens its database, before the app is ready. */
const starting = () =>
  new Response(JSON.stringify(errorBody('Starting', 'The server is starting. Try again in a few seconds.')), {
    status: 503,
    headers: { 'content-type': 'application/json', 'retry-after': '5' },
  })

async function main() {
  const env = loadEnv()
  const logger = createLogger(env.LOG_LEVEL)
  mkdirSync(env.DATA_DIR, { recursive: true })
  // Nothing under DATA_DIR is touched before this: a second server on it stops here (server/data-dir-lock.ts).
  const lock = env.DATABASE_URL ? null : lockDataDir(env.DATA_DIR, env.PORT)

  // The port is taken before the database is opened, so a busy port stops the server before it changes anything.
  let handle: (request: Request, bindings: unknown) => Response | Promise<Response> = starting
  const server = serve({ fetch: (request, bindings) => handle(request, bindings), port: env.PORT, hostname: env.HOST })
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve)
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(error.code === 'EADDRINUSE' ? new Error(`port ${env.PORT} on ${env.HOST} is already in use (set PORT to another port)`) : error),
    )
  })

  const jwtKey = new TextEncoder().encode(loadSecret(env.JWT_SECRET, env.DATA_DIR, 'jwt-secret'))
  const totpKey = secretBoxKey(loadSecret(env.TOTP_ENCRYPTION_KEY, env.DATA_DIR, 'totp-encryption-key'))
  const blobs = createBlobStore(env)
  // A wrong endpoint, key or bucket stops the start here rather than failing the first upload.
  await blobs.check().catch((error: Error) => {
    throw new Error(`document store ${describeBlobStore(env)}: ${error.message}`)
  })
  const database = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: env.DATA_DIR, poolSize: env.DATABASE_POOL_SIZE })
  const { db } = database
  await ensureReferenceData(db)
  // Holding the lock, no upload of another server can be in progress: partial files of a crash go now.
  if (lock) {
    const removed = (await blobs.sweepTemporary?.(new Date(8.64e15))) ?? 0
    if (removed) logger.info('deleted partial files of uploads interrupted by a stop', { count: removed })
  }
  if (env.SEED_DEMO) {
    const { seeded } = await seedDemo({ db, blobs, clock: systemClock })
    if (seeded) logger.info('demo data seeded: sign in as admin@demo.test, clerk@demo.test, manager@demo.test, client@demo.test or client2@demo.test')
  }
  const vapid = loadVapidKeys(env, env.DATA_DIR)
  const callers = await listeningCallerCache(database)
  const answers = await listeningAnswerCache(database, env.ANSWER_CACHE_SECONDS)
  const deps: AppDeps = {
    env,
    db,
    clock: systemClock,
    logger,
    mailer: createMailer(env, db, logger, systemClock),
    blobs,
    ...paymentDeps(env, { db, clock: systemClock, logger }),
    push: { publicKey: vapid.publicKey, transport: webPushTransport(vapid) },
    jwtKey,
    totpKey,
    callers,
    answers,
    afterAnswer: new AfterAnswer(logger),
  }
  const app = createApp(deps)
  if (env.NODE_ENV === 'production') servePwa(app, logger)
  handle = app.fetch

  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : env.PORT
  const host = env.HOST === '0.0.0.0' || env.HOST === '::' ? 'localhost' : env.HOST
  logger.info(`listening on http://${host}:${port}`, {
    database: database.kind,
    documents: describeBlobStore(env),
    dataDir: path.resolve(env.DATA_DIR),
    mode: env.NODE_ENV,
  })

  const scheduler = startScheduler(deps, jobs)
  const reconciliation = startPaymentReconciliation(deps)
  const notificationWorker = startNotificationWorker(deps)
  const textReader = startTextReader(deps)
  let stopping = false
  const shutdown = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info('shutting down', { signal })
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    server.close()
    // A reset link being mailed after its request's answer is finished, not cut off.
    await deps.afterAnswer.settled()
    await scheduler.stop()
    await reconciliation.stop()
    await notificationWorker.stop()
    await textReader.stop()
    await database.close()
    lock?.release()
    process.exit(0)
  }
  process.on('SIGINT', () => void shutdown('SIGINT'))
  process.on('SIGTERM', () => void shutdown('SIGTERM'))
}

main().catch((error: unknown) => {
  if (error instanceof DataDirLockedError) {
    console.error(`Server not started: ${error.message}`)
    process.exit(1)
  }
  const message = error instanceof Error ? error.message : String(error)
  console.error(`Server could not start: ${message}`)
  process.exit(1)
})
