import { Hono } from 'hono'
import * as v from 'valibot'
import type { DocumentAlert, UrgentDocument } from '../../contract/alerts'
import { IdParamsSchema } from '../../contract/common'
import { alertHistory, overdueService, unopenedServiceOf } from '../alerts/service-of-process'
import { access, assertClientRecord, hasPermission, isAgent, isClient } from '../auth/policy'
import type { AppEnv } from '../context'
import { findDocument } from '../documents/queries'
import { forbidden, notFound } from '../http/errors'
import { validate } from '../http/validate'

const ClientIdParamsSchema = v.object({ clientId: IdParamsSchema.entries.id })

const toUrgent = (row: Awaited<ReturnType<typeof overdueService>>[number]): UrgentDocument => ({ ...row, uploadedAt: row.uploadedAt.toISOString() })

/** Service of process: the client's "Action required", the staff flag, and each document's alert history. */
export const alertRoutes = new Hono<AppEnv>()
  .get('/client/action-required/:clientId', access.ownClient('clientId', 'documents', 'DCV'), validate('param', ClientIdParamsSchema), async (c) => {
    const rows = await unopenedServiceOf(c.get('deps').db, c.req.valid('param').clientId)
    return c.json({ documents: rows.map(toUrgent) })
  })

  .get('/documents/overdue-service', access.agent('DCV'), async (c) => {
    const rows = await overdueService(c.get('deps').db, c.get('deps').clock.now())
    return c.json({ documents: rows.map(toUrgent) })
  })

  .get('/document/:id/alerts', access.signedIn(), validate('param', IdParamsSchema), async (c) => {
    const caller = c.get('caller')
    const deps = c.get('deps')
    const document = await findDocument(deps.db, c.req.valid('param').id)
    if (!document || (!isClient(caller) && !isAgent(caller))) throw notFound('Document')
    assertClientRecord(caller, document.clientId, 'documents', 'Document')
    if (isAgent(caller) && !hasPermission(caller, 'DCV')) throw forbidden('You do not have permission to view documents')
    const alerts = await alertHistory(deps.db, document.id)
    return c.json({
      alerts: alerts.map((a): DocumentAlert => ({
        ...a,
        round: a.round as DocumentAlert['round'],
        channel: a.channel as DocumentAlert['channel'],
        at: a.at.toISOString(),
      })),
    })
  })
