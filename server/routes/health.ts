import { Hono } from 'hono'
import type { Health } from '../../contract/health'
import { access } from '../auth/policy'
import type { AppDeps, AppEnv } from '../context'
import { pingDatabase } from '../db/ping'

/**
 * 200 once the database answers (a load balancer's check). `documents` says whether the document store
 * answers too; when it does not, only file calls fail (503), so the server stays in rotation.
 */
export const healthRoutes = new Hono<AppEnv>().get('/health', access.public(), async (c) => c.json(await sharedCheck(c.get('deps'))))

/** How long a check's answer serves further requests: a load balancer probes every few seconds at most. */
export const HEALTH_MAX_AGE_MS = 1_000

/**
 * A check serves every request that arrives while it runs and for a second after it started, so a
 * burst of probes (or a benchmark) costs one database and one store round trip a second. A failed
 * check is not kept: the next request checks again.
 */
const latest = new WeakMap<AppDeps, { health: Promise<Health>; startedMs: number }>()
function sharedCheck(deps: AppDeps): Promise<Health> {
  const nowMs = deps.clock.now().getTime()
  const last = latest.get(deps)
  if (last && nowMs - last.startedMs < HEALTH_MAX_AGE_MS) return last.health
  const health = checkHealth(deps)
  latest.set(deps, { health, startedMs: nowMs })
  health.catch(() => {
    if (latest.get(deps)?.health === health) latest.delete(deps)
  })
  return health
}

async function checkHealth({ db, blobs, logger }: AppDeps): Promise<Health> {
  await pingDatabase(db)
  const documents = await blobs.check().then(
    () => 'ok' as const,
    (error: Error) => {
      logger.warn('document store check failed', { store: blobs.kind, error: error.message })
      return 'unavailable' as const
    },
  )
  return { status: documents === 'ok' ? 'ok' : 'degraded', database: 'ok', documents, store: blobs.kind }
}
