import { Hono } from 'hono'
import { access } from '../auth/policy'
import type { AppDeps, AppEnv } from '../context'
import { pingDatabase } from '../db/ping'

/**
 * 200 once the database answers (a load balancer's check). `documents` says whether the document store
 * answers too; when it does not, only file calls fail (503), so the server stays in rotation.
 */
export const healthRoutes = new Hono<AppEnv>().get('/health', access.public(), async (c) => c.json(await sharedCheck(c.var.deps)))

type Health = { status: 'ok' | 'degraded'; database: 'ok'; documents: 'ok' | 'unavailable'; store: string }

/**
 * Checks asked for while one is under way share its answer: a load balancer or a burst of probes
 * costs one database and one store round trip, and every answer comes from a check that was
 * still running when the request arrived.
 */
const inFlight = new WeakMap<AppDeps, Promise<Health>>()
function sharedCheck(deps: AppDeps): Promise<Health> {
  let check = inFlight.get(deps)
  if (!check) {
    check = checkHealth(deps).finally(() => inFlight.delete(deps))
    inFlight.set(deps, check)
  }
  return check
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
