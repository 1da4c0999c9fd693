import { Hono } from 'hono'
import * as v from 'valibot'
import { IdParam } from '../../contract/common'
import { AutopayBodySchema, StatementQuerySchema, type PaymentMethodList } from '../../contract/payments'
import { access, isClient } from '../auth/policy'
import type { AppEnv, Caller } from '../context'
import { forbidden } from '../http/errors'
import { FILE_HEADERS } from '../http/security'
import { validate } from '../http/validate'
import { buildStatement, renderStatementPdf, statementFileName } from '../invoices/statement'
import { autopayOf, deletePaymentMethod, listPaymentMethods, setAutopay, toPaymentMethod } from '../payments/methods'

/**
 * A client's saved cards, auto-pay and account statements (docs/payments.md). The client reaches only
 * its own (another client's read as missing, 404); staff read them with ICV, as invoice details, and
 * change nothing: removing a card and switching auto-pay are the client's.
 */
const ClientParams = v.object({ id: IdParam })
const MethodParams = v.object({ id: IdParam, methodId: IdParam })

const assertClientItself = (caller: Caller, what: string) => {
  if (!isClient(caller)) throw forbidden(`Only the client can ${what}`)
}

export const paymentMethodRoutes = new Hono<AppEnv>()
  .get('/client/:id{[0-9]+}/payment-methods', access.ownClient('id', 'billing', 'ICV'), validate('param', ClientParams), async (c) => {
    const rows = await listPaymentMethods(c.get('deps').db, c.req.valid('param').id)
    const body: PaymentMethodList = { data: rows.map(toPaymentMethod) }
    return c.json(body)
  })

  .delete('/client/:id{[0-9]+}/payment-methods/:methodId{[0-9]+}', access.ownClient('id', 'billing', 'ICV'), validate('param', MethodParams), async (c) => {
    const caller = c.get('caller')
    assertClientItself(caller, 'remove its saved cards')
    const { id, methodId } = c.req.valid('param')
    await deletePaymentMethod(c.get('deps'), id, methodId, caller.userId)
    return c.body(null, 204)
  })

  .get('/client/:id{[0-9]+}/autopay', access.ownClient('id', 'billing', 'ICV'), validate('param', ClientParams), async (c) =>
    c.json(await autopayOf(c.get('deps').db, c.req.valid('param').id)),
  )

  .put(
    '/client/:id{[0-9]+}/autopay',
    access.ownClient('id', 'billing', 'ICV'),
    validate('param', ClientParams),
    validate('json', AutopayBodySchema),
    async (c) => {
      const caller = c.get('caller')
      assertClientItself(caller, 'switch auto-pay')
      const body = c.req.valid('json')
      return c.json(await setAutopay(c.get('deps'), c.req.valid('param').id, body, caller.userId))
    },
  )

  .get(
    '/client/:id{[0-9]+}/statement',
    access.ownClient('id', 'billing', 'ICV'),
    validate('param', ClientParams),
    validate('query', StatementQuerySchema),
    async (c) => {
      const deps = c.get('deps')
      const { from, to } = c.req.valid('query')
      const statement = await buildStatement(deps.db, c.req.valid('param').id, from, to)
      const bytes = renderStatementPdf(statement, deps.env, deps.clock.now())
      return c.body(bytes.buffer as ArrayBuffer, 200, {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${statementFileName(from, to)}"`,
        'Content-Length': String(bytes.byteLength),
        ...FILE_HEADERS,
      })
    },
  )
