import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import { centsToDollars, IdParam, IdParamsSchema } from '../../contract/common'
import {
  GetMultipleInvoicesBodySchema,
  IDEMPOTENCY_KEY_HEADER,
  INVOICE_STATUS_LABELS,
  InvoiceListQuerySchema,
  PayInvoicesBodySchema,
  PAYABLE_INVOICE_STATUSES,
} from '../../contract/invoices'
import { access, assertClientArea, hasPermission, isAgent, isClient } from '../auth/policy'
import type { AppEnv, Caller } from '../context'
import { forbidden, HttpError, notFound } from '../http/errors'
import { cachedJson, defineAnswerCache } from '../http/cached-json'
import { FILE_HEADERS } from '../http/security'
import { validate } from '../http/validate'
import { idempotencyKeyOf } from '../idempotency'
import { payInvoices } from '../invoices/pay'
import { invoicePdfFileName, renderInvoicePdf } from '../invoices/pdf'
import { invoiceOwner, invoicesByIds, listInvoices, loadInvoiceSheet, toWireDetail, toWireInvoice } from '../invoices/queries'

/**
 * Invoices: lists (a client's, and the provider's across clients), detail and PDF, the pay dialog's
 * reads, and paying by card. Clients reach only their own client's invoices (another client's read as
 * missing); agents open details with ICV and read several invoices at once with ICP; only clients pay
 * (docs/decisions/2026-11-21-invoice-lists.md and 2026-11-21-invoice-payments.md). The lists' answers
 * are cached until one of the tables they are read from changes (server/http/cached-json.ts).
 */

/** The invoice lists: invoices with their client's name and the client's country. */
const invoiceLists = defineAnswerCache({ name: 'invoice list', tables: ['invoices', 'clients', 'countries'] })

/** Clients see their own invoices (a role that sees billing); agents need ICV. Checked before looking the invoice up. */
function assertMayOpenInvoices(caller: Caller) {
  if (isClient(caller)) return assertClientArea(caller, 'billing')
  if (!isAgent(caller)) throw notFound('Invoice')
  if (!hasPermission(caller, 'ICV')) throw forbidden('You do not have permission to open invoices')
}

async function openInvoice(c: Context<AppEnv>, id: number) {
  const caller = c.get('caller')
  const deps = c.get('deps')
  assertMayOpenInvoices(caller)
  const owner = await invoiceOwner(deps.db, id)
  if (!owner || (isClient(caller) && owner.clientId !== caller.clientId)) throw notFound('Invoice')
  const sheet = await loadInvoiceSheet(deps.db, id, deps.env)
  if (!sheet) throw notFound('Invoice')
  return sheet
}

const ClientIdParamsSchema = v.object({ clientId: IdParam })

export const invoiceRoutes = new Hono<AppEnv>()
  // Registered before /client/invoices/:clientId so "status" is never read as a client id.
  .get('/client/invoices/status', access.signedIn(), (c) => c.json(INVOICE_STATUS_LABELS))

  // Any agent sees a client's list (the PWA gates the Action link by ICV; only clients select rows, to pay).
  .get(
    '/client/invoices/:clientId{[0-9]+}',
    access.ownClient('clientId', 'billing'),
    validate('param', ClientIdParamsSchema),
    validate('query', InvoiceListQuerySchema),
    async (c) => {
      const { clientId } = c.req.valid('param')
      const query = c.req.valid('query')
      return cachedJson(c, invoiceLists, query, () => listInvoices(c.get('deps').db, { ...query, clientId }))
    },
  )

  .get('/invoices', access.agent('ICV'), validate('query', InvoiceListQuerySchema), async (c) => {
    const query = c.req.valid('query')
    return cachedJson(c, invoiceLists, query, () => listInvoices(c.get('deps').db, query))
  })

  .get('/invoices/:id', access.signedIn(), validate('param', IdParamsSchema), async (c) => {
    const sheet = await openInvoice(c, c.req.valid('param').id)
    return c.json(toWireDetail(sheet))
  })

  .get('/invoices/:id/pdf', access.signedIn(), validate('param', IdParamsSchema), async (c) => {
    const sheet = await openInvoice(c, c.req.valid('param').id)
    const bytes = renderInvoicePdf(sheet, c.get('deps').clock.now())
    return c.body(bytes.buffer as ArrayBuffer, 200, {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `attachment; filename="${invoicePdfFileName(sheet.invoice.invoiceNumber)}"`,
      'Content-Length': String(bytes.byteLength),
      ...FILE_HEADERS,
    })
  })

  // The pay dialog's read: the chosen invoices with their client's billing address.
  .post('/client/invoices/getMultipleInvoices', access.signedIn(), validate('json', GetMultipleInvoicesBodySchema), async (c) => {
    const caller = c.get('caller')
    const deps = c.get('deps')
    if (isClient(caller)) assertClientArea(caller, 'billing')
    else {
      if (!isAgent(caller)) throw notFound('Invoice')
      if (!hasPermission(caller, 'ICP')) throw forbidden('You do not have permission to select invoices')
    }
    const { invoiceIds } = c.req.valid('json')
    const rows = await invoicesByIds(deps.db, invoiceIds)
    const byId = new Map(rows.map((row) => [row.id, row]))
    const ordered = invoiceIds.map((id) => {
      const row = byId.get(id)
      if (!row || (isClient(caller) && row.clientId !== caller.clientId)) {
        throw new HttpError(404, 'Invoice not found', `Invoice ${id} was not found`)
      }
      return row
    })
    const dueCents = ordered.filter((row) => PAYABLE_INVOICE_STATUSES.includes(row.status)).reduce((sum, row) => sum + row.totalCents, 0)
    return c.json({ data: ordered.map(toWireInvoice), totalAmount: centsToDollars(dueCents) })
  })

  .post('/client/invoices/pay', access.client('billing'), validate('json', PayInvoicesBodySchema), async (c) => {
    const idempotencyKey = idempotencyKeyOf(c.req.header(IDEMPOTENCY_KEY_HEADER))
    const { invoiceIds, token, paymentMethodId, saveCard } = c.req.valid('json')
    const outcome = await payInvoices(c.get('deps'), c.get('caller'), { invoiceIds, token, paymentMethodId, saveCard, idempotencyKey }, c.get('requestId'))
    return c.json(outcome.body, outcome.status)
  })
