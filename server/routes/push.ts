import { vValidator } from '@hono/valibot-validator'
import { Hono } from 'hono'
import type * as v from 'valibot'
import { type PushSubscribed, PushSubscriptionBodySchema, PushUnsubscribeBodySchema } from '../../contract/push'
import { access } from '../auth/policy'
import type { AppEnv } from '../context'
import { badRequest, HttpError } from '../http/errors'
import { validationError } from '../http/validate'
import { deleteSubscription, isAllowedPushEndpoint, saveSubscription } from '../push/subscriptions'

/** A subscription body the browser did not make (not https, bad keys, too long) is a 400. */
const body = <S extends v.GenericSchema>(schema: S) =>
  vValidator('json', schema, (result) => {
    if (!result.success) {
      const error = validationError(result.issues, 'json')
      throw new HttpError(400, 'Invalid push subscription', error.details, error.issues)
    }
  })

/**
 * Web push subscriptions of the signed-in user's devices. Bad input answers 400 (these are fixed
 * calls: the browser's PushSubscription JSON is the body, and a malformed one is a bad request).
 */
export const pushRoutes = new Hono<AppEnv>()
  .get('/push/public-key', access.public(), (c) => {
    c.header('Cache-Control', 'public, max-age=3600')
    return c.json({ publicKey: c.get('deps').push.publicKey })
  })

  .post('/push/subscriptions', access.signedIn(), body(PushSubscriptionBodySchema), async (c) => {
    const subscription = c.req.valid('json')
    const deps = c.get('deps')
    const caller = c.get('caller')
    if (!isAllowedPushEndpoint(subscription.endpoint, deps.env.PUSH_ALLOWED_HOSTS)) {
      throw badRequest('Invalid push subscription', 'endpoint: must be on a known push service (FCM, Mozilla, Apple or Windows)')
    }
    await saveSubscription(deps.db, caller.userId, subscription, deps.clock.now())
    return c.json({ endpoint: subscription.endpoint } satisfies PushSubscribed, 201)
  })

  .delete('/push/subscriptions', access.signedIn(), body(PushUnsubscribeBodySchema), async (c) => {
    const { endpoint } = c.req.valid('json')
    await deleteSubscription(c.get('deps').db, c.get('caller').userId, endpoint)
    return c.body(null, 204)
  })
