import { Hono } from 'hono'
import { access } from '../auth/policy'
import type { AppEnv } from '../context'
import { sandboxRoutes } from '../payments/sandbox-routes'

/**
 * GET /api/payments/config: how the browser shows the card form (which hosted-fields script, public key).
 * Public, because the sign-up wizard needs it before there is an account. The sandbox gateway's own
 * endpoints (fields.js, frames, tokens) live in server/payments/sandbox-routes.ts.
 */
export const paymentsRoutes = new Hono<AppEnv>()
  .get('/payments/config', access.public(), (c) => c.json(c.get('deps').gateway.hostedFields()))
  .route('/', sandboxRoutes)
