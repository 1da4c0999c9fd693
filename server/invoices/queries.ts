import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm'
import { centsToDollars } from '../../contract/common'
import type { Invoice, InvoiceDetail, InvoiceListQuery, InvoicePage, InvoiceSortField } from '../../contract/invoices'
import type { Db } from '../db/client'
import { containsPatterns, containsValue, searchValues, type ContainsForm } from '../db/contains'
import { cachedList, type ValueOf } from '../db/statement-cache'
import { matchingCount } from '../db/page-total'
import { agents, clients, countries, coupons, invoiceLines, invoices, paymentInvoices, payments } from '../db/schema'
import type { Env } from '../env'
import { endOfPortalDay, startOfPortalDay } from './format'

const invoiceColumns = {
  id: invoices.id,
  invoiceNumber: invoices.invoiceNumber,
  clientId: invoices.clientId,
  invoiceDate: invoices.invoiceDate,
  dueDate: invoices.dueDate,
  paidDate: invoices.paidDate,
  totalCents: invoices.totalCents,
  status: invoices.status,
  client: {
    id: clients.id,
    companyName: clients.companyName,
    firstName: clients.firstName,
    lastName: clients.lastName,
    address: clients.address,
    city: clients.city,
    stateProvince: clients.stateProvince,
    zipcode: clients.zipcode,
    country: countries.name,
  },
}

export type InvoiceRow = {
  id: number
  invoiceNumber: string
  clientId: number
  invoiceDate: Date
  dueDate: Date
  paidDate: Date | null
  totalCents: number
  status: number
  client: Invoice['client']
}

export function toWireInvoice(row: InvoiceRow): Invoice {
  return {
    id: row.id,
    invoiceId: row.invoiceNumber,
    invoiceDate: row.invoiceDate.toISOString(),
    dueDate: row.dueDate.toISOString(),
    paidDate: row.paidDate ? row.paidDate.toISOString() : null,
    total: centsToDollars(row.totalCents),
    status: row.status,
    client: row.client,
  }
}

/** Invoices with their client and country: the base of every invoice read, with `extra` columns if given. */
const selectInvoices = <Extra extends Record<string, SQL> = Record<never, never>>(db: Db, extra?: Extra) =>
  db
    .select({ ...invoiceColumns, ...extra } as typeof invoiceColumns & Extra)
    .from(invoices)
    .innerJoin(clients, eq(clients.id, invoices.clientId))
    .leftJoin(countries, eq(countries.id, clients.countryId))

/** Which of an invoice list's filters are present, and how it is sorted: what its statement's text depends on. */
interface InvoiceListShape {
  clientId: boolean
  status: boolean
  /** The search box: the invoice number (upper-cased) or the company name. */
  q?: { number: ContainsForm; company: ContainsForm }
  invoiceId?: ContainsForm
  company?: ContainsForm
  dates: DateFilter[]
  sort: InvoiceSortField
  order: 'asc' | 'desc'
}

const DATE_FILTERS = ['invoiceDateFrom', 'invoiceDateTo', 'dueDateFrom', 'dueDateTo', 'paidDateFrom', 'paidDateTo'] as const
type DateFilter = (typeof DATE_FILTERS)[number]
const DATE_FILTER_COLUMNS: Record<DateFilter, [typeof invoices.invoiceDate | typeof invoices.dueDate | typeof invoices.paidDate, 'from' | 'to']> = {
  invoiceDateFrom: [invoices.invoiceDate, 'from'],
  invoiceDateTo: [invoices.invoiceDate, 'to'],
  dueDateFrom: [invoices.dueDate, 'from'],
  dueDateTo: [invoices.dueDate, 'to'],
  paidDateFrom: [invoices.paidDate, 'from'],
  paidDateTo: [invoices.paidDate, 'to'],
}

/**
 * Invoice numbers are upper case ("INV-2026-000123"), so a plain LIKE on the upper-cased text finds
 * them regardless of how they were typed; it is several times cheaper than ILIKE on a large table.
 */
const numberContains = (form: ContainsForm, name: string, value: ValueOf) => containsValue(invoices.invoiceNumber, form, name, value, { caseSensitive: true })

/**
 * Company names are matched in the (much smaller) clients table first; invoices then follow by
 * client_id, which is indexed. Keeps the invoice query free of a join in its filter and its count.
 */
const companyContains = (form: ContainsForm, name: string, value: ValueOf) =>
  inArray(invoices.clientId, sql`(select ${clients.id} from ${clients} where ${containsValue(clients.companyName, form, name, value)})`)

function invoiceConditions(shape: InvoiceListShape, value: ValueOf): SQL | undefined {
  const conditions: SQL[] = []
  if (shape.clientId) conditions.push(eq(invoices.clientId, value('clientId')))
  if (shape.status) conditions.push(sql`${invoices.status} = any(${value('status')})`)
  if (shape.q) conditions.push(or(numberContains(shape.q.number, 'qNumber', value), companyContains(shape.q.company, 'qCompany', value))!)
  if (shape.invoiceId) conditions.push(numberContains(shape.invoiceId, 'invoiceId', value))
  if (shape.company) conditions.push(companyContains(shape.company, 'company', value))
  for (const filter of shape.dates) {
    const [column, end] = DATE_FILTER_COLUMNS[filter]
    conditions.push(end === 'from' ? gte(column, value(filter)) : lt(column, value(filter)))
  }
  return conditions.length ? and(...conditions) : undefined
}

function orderFor(sort: InvoiceSortField, order: 'asc' | 'desc'): SQL[] {
  const dir = order === 'asc' ? asc : desc
  const tieBreak = dir(invoices.id)
  switch (sort) {
    case 'invoiceId':
      // Numeric: the number's running part is the id (text order would put INV-2026-1000000 before INV-2026-999999).
      return [dir(invoices.id)]
    case 'invoiceDate':
      return [dir(invoices.invoiceDate), tieBreak]
    case 'dueDate':
      return [dir(invoices.dueDate), tieBreak]
    case 'paidDate':
      // Unpaid invoices (no paid date) come last in either direction.
      return [order === 'asc' ? sql`${invoices.paidDate} asc nulls last` : sql`${invoices.paidDate} desc nulls last`, tieBreak]
    case 'total':
      return [dir(invoices.totalCents), tieBreak]
    case 'status':
      return [dir(invoices.status), tieBreak]
    case 'company':
      return [dir(clients.companyName), tieBreak]
  }
}

const invoiceList = cachedList<InvoiceListShape, InvoiceRow>({
  name: 'invoice list',
  matching: (db, shape, value) =>
    db
      .select({ one: sql`1` })
      .from(invoices)
      .where(invoiceConditions(shape, value)),
  page: (db, shape, value, matching) =>
    selectInvoices(db, { matchingCount: matchingCount(matching) })
      .where(invoiceConditions(shape, value))
      .orderBy(...orderFor(shape.sort, shape.order))
      .limit(value('limit'))
      .offset(value('offset')),
})

/**
 * One page of invoices and the number matching, filtered and sorted in the database.
 * `clientId` (from the path, or the provider list's filter) limits it to one client's invoices.
 */
export async function listInvoices(db: Db, query: InvoiceListQuery & { clientId?: number }): Promise<InvoicePage> {
  const { page, pageSize } = query
  const sort = query.sort ?? 'invoiceDate'
  const values: Record<string, unknown> = { clientId: query.clientId, status: query.status }
  const dates = DATE_FILTERS.filter((filter) => query[filter])
  for (const filter of dates) values[filter] = DATE_FILTER_COLUMNS[filter][1] === 'from' ? startOfPortalDay(query[filter]!) : endOfPortalDay(query[filter]!)
  if (query.q) Object.assign(values, searchValues('qNumber', query.q.toUpperCase()), searchValues('qCompany', query.q))
  if (query.invoiceId) Object.assign(values, searchValues('invoiceId', query.invoiceId.toUpperCase()))
  if (query.company) Object.assign(values, searchValues('company', query.company))
  const shape: InvoiceListShape = {
    clientId: query.clientId !== undefined,
    status: Boolean(query.status?.length),
    q: query.q ? { number: containsPatterns(query.q.toUpperCase()).form, company: containsPatterns(query.q).form } : undefined,
    invoiceId: query.invoiceId ? containsPatterns(query.invoiceId.toUpperCase()).form : undefined,
    company: query.company ? containsPatterns(query.company).form : undefined,
    dates,
    sort,
    order: query.order ?? (query.sort ? 'asc' : 'desc'),
  }
  const { rows, ...total } = await invoiceList(db, shape, values, { page, pageSize })
  return { data: rows.map(toWireInvoice), ...total, page, pageSize }
}

/** The invoices with these ids that exist (any order). */
export async function invoicesByIds(db: Db, ids: readonly number[]): Promise<InvoiceRow[]> {
  if (!ids.length) return []
  return selectInvoices(db).where(inArray(invoices.id, [...ids]))
}

/** Just enough of an invoice to decide who may see it. */
export async function invoiceOwner(db: Db, id: number): Promise<{ id: number; clientId: number } | undefined> {
  const [row] = await db.select({ id: invoices.id, clientId: invoices.clientId }).from(invoices).where(eq(invoices.id, id))
  return row
}

/** Everything printed on an invoice, in cents; toWireDetail turns it into the API's dollars. */
export interface InvoiceSheet {
  invoice: InvoiceRow
  lines: { id: number; description: string; quantity: number; unitAmountCents: number; amountCents: number }[]
  subtotalCents: number
  discountCents: number
  couponCode: string | null
  payments: { id: number; amountCents: number; paidAt: Date; reference: string; cardBrand: string | null; cardLast4: string | null }[]
  amountDueCents: number
  issuer: InvoiceDetail['issuer']
}

export async function loadInvoiceSheet(
  db: Db,
  id: number,
  env: Pick<Env, 'COMPANY_LOCATION' | 'SUPPORT_PHONE' | 'SUPPORT_EMAIL'>,
): Promise<InvoiceSheet | undefined> {
  const [invoice] = await selectInvoices(db).where(eq(invoices.id, id))
  if (!invoice) return undefined
  const [extra] = await db
    .select({ discountCents: invoices.discountCents, couponCode: coupons.code })
    .from(invoices)
    .leftJoin(coupons, eq(coupons.id, invoices.couponId))
    .where(eq(invoices.id, id))
  const lines = await db
    .select({
      id: invoiceLines.id,
      description: invoiceLines.description,
      quantity: invoiceLines.quantity,
      unitAmountCents: invoiceLines.unitAmountCents,
      amountCents: invoiceLines.amountCents,
    })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, id))
    .orderBy(asc(invoiceLines.id))
  const paid = await db
    .select({
      id: payments.id,
      amountCents: paymentInvoices.amountCents,
      paidAt: payments.createdAt,
      reference: payments.gatewayReference,
      cardBrand: payments.cardBrand,
      cardLast4: payments.cardLast4,
    })
    .from(paymentInvoices)
    .innerJoin(payments, eq(payments.id, paymentInvoices.paymentId))
    .where(eq(paymentInvoices.invoiceId, id))
    .orderBy(asc(payments.createdAt), asc(payments.id))
  const subtotalCents = lines.reduce((sum, line) => sum + line.amountCents, 0)
  const issuerName = await providerName(db, invoice.clientId)
  const paidCents = paid.reduce((sum, p) => sum + p.amountCents, 0)
  const amountDueCents = invoice.status === 1 ? 0 : Math.max(0, invoice.totalCents - paidCents)
  return {
    invoice,
    lines,
    subtotalCents,
    discountCents: extra.discountCents,
    couponCode: extra.couponCode,
    payments: paid,
    amountDueCents,
    issuer: { name: issuerName, location: env.COMPANY_LOCATION, phone: env.SUPPORT_PHONE, email: env.SUPPORT_EMAIL },
  }
}

/** The provider issuing a client's invoices: the client's agent, else the first agent (as registration assigns). */
export async function providerName(db: Db, clientId: number): Promise<string> {
  const [own] = await db.select({ name: agents.name }).from(clients).innerJoin(agents, eq(agents.id, clients.agentId)).where(eq(clients.id, clientId))
  if (own) return own.name
  const [first] = await db.select({ name: agents.name }).from(agents).orderBy(asc(agents.id)).limit(1)
  return first?.name ?? ''
}

export function toWireDetail(sheet: InvoiceSheet): InvoiceDetail {
  return {
    ...toWireInvoice(sheet.invoice),
    lines: sheet.lines.map((line) => ({
      id: line.id,
      description: line.description,
      quantity: line.quantity,
      unitAmount: centsToDollars(line.unitAmountCents),
      amount: centsToDollars(line.amountCents),
    })),
    subtotal: centsToDollars(sheet.subtotalCents),
    discount: centsToDollars(sheet.discountCents),
    couponCode: sheet.couponCode,
    payments: sheet.payments.map((p) => ({
      id: p.id,
      amount: centsToDollars(p.amountCents),
      paidAt: p.paidAt.toISOString(),
      reference: p.reference,
      cardBrand: p.cardBrand,
      cardLast4: p.cardLast4,
    })),
    amountDue: centsToDollars(sheet.amountDueCents),
    issuer: sheet.issuer,
  }
}
