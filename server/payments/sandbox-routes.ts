import { readFileSync } from 'node:fs'
import { Hono, type Context } from 'hono'
import { cors } from 'hono/cors'
import * as v from 'valibot'
import { SandboxCardPartRequestSchema, SandboxLedgerQuerySchema, SandboxPaymentTokenRequestSchema } from '../../contract/payments'
import { access } from '../auth/policy'
import { ADDRESS_LIMITS, spendAddressBudget } from '../auth/rate-limit'
import type { AppEnv } from '../context'
import { HttpError, notFound } from '../http/errors'
import { validate } from '../http/validate'
import { isSandboxGateway, type SandboxGateway, type TokenOutcome } from './sandbox'

/**
 * The sandbox card gateway's browser side, served by the portal under /api/payments/sandbox/ while the
 * sandbox is the configured gateway (404 otherwise): fields.js for the page, the card frames and their
 * script, and the two token endpoints. See sandbox.ts and docs/payments.md.
 */
const asset = (name: string) => readFileSync(new URL(`./sandbox-assets/${name}`, import.meta.url), 'utf8')
const FIELDS_JS = asset('fields.js')
const FRAME_JS = asset('frame.js')

/**
 * The frames' own policy. `sandbox` without allow-same-origin gives each frame an opaque origin, so no
 * script of the portal page can read what is typed in it; scripts come only from files (no inline code).
 */
const FRAME_CSP = [
  'sandbox allow-scripts allow-forms',
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline'",
  "connect-src 'self'",
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ')

const FRAME_TITLES = { number: 'Card number', cvv: 'Security code (CVV)' } as const

const frameHtml = (field: 'number' | 'cvv') => `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${FRAME_TITLES[field]}</title>
<style>
html, body { margin: 0; height: 100%; background: transparent; overflow: hidden; }
input { box-sizing: border-box; width: 100%; height: 100%; margin: 0; border: 0; outline: 0; background: transparent;
  padding: 0 12px; font: 16px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1a1a1a; }
input::placeholder { color: #8a8f98; }
</style>
</head>
<body>
<input id="field" type="text" inputmode="numeric" spellcheck="false" autocorrect="off" autocapitalize="off">
<script src="frame.js"></script>
</body>
</html>
`

function sandboxOf(c: Context<AppEnv>): SandboxGateway {
  const { gateway } = c.get('deps')
  if (!isSandboxGateway(gateway)) throw notFound('Sandbox card gateway')
  return gateway
}

function tokenAnswer(c: Context<AppEnv>, outcome: TokenOutcome) {
  if (!outcome.ok) {
    throw new HttpError(422, 'Card details are not valid', outcome.message, [{ path: outcome.field, message: outcome.message }])
  }
  return c.json({ id: outcome.id }, 201)
}

const script = (c: Context<AppEnv>, body: string) => {
  sandboxOf(c)
  return c.body(body, 200, { 'content-type': 'text/javascript; charset=utf-8', 'cache-control': 'no-cache' })
}

export const sandboxRoutes = new Hono<AppEnv>()
  // With a real gateway none of these paths exists, for anyone: 404 before any route's own check (the ledger's staff check included).
  .use('/payments/sandbox/*', async (c, next) => {
    sandboxOf(c)
    await next()
  })
  .get('/payments/sandbox/fields.js', access.public(), (c) => script(c, FIELDS_JS))
  .get('/payments/sandbox/frame.js', access.public(), (c) => script(c, FRAME_JS))
  .get(
    '/payments/sandbox/frame',
    access.public(),
    validate('query', v.object({ field: v.picklist(['number', 'cvv'], 'field must be number or cvv') })),
    (c) => {
      sandboxOf(c)
      return c.body(frameHtml(c.req.valid('query').field), 200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': FRAME_CSP,
        'x-frame-options': 'SAMEORIGIN',
        'cache-control': 'no-cache',
      })
    },
  )
  // The frames have an opaque origin ("null"), so their calls are cross-origin: allow them without credentials.
  .use('/payments/sandbox/tokens', cors({ origin: '*', allowMethods: ['POST'], allowHeaders: ['content-type'], maxAge: 600 }))
  .post('/payments/sandbox/tokens', access.public(), validate('json', SandboxCardPartRequestSchema), async (c) => {
    const { field, value } = c.req.valid('json')
    await spendAddressBudget(c, ADDRESS_LIMITS.cardToken)
    return tokenAnswer(c, await sandboxOf(c).createCardPart(field, value))
  })
  .post('/payments/sandbox/payment-tokens', access.public(), validate('json', SandboxPaymentTokenRequestSchema), async (c) => {
    await spendAddressBudget(c, ADDRESS_LIMITS.cardToken)
    return tokenAnswer(c, await sandboxOf(c).createPaymentToken(c.req.valid('json')))
  })
  // The books, for staff who check that every charge is a payment (super admin passes).
  .get('/payments/sandbox/ledger', access.agent('ICV'), validate('query', SandboxLedgerQuerySchema), async (c) => {
    const { page, pageSize } = c.req.valid('query')
    return c.json(await sandboxOf(c).ledger(page, pageSize))
  })
