import { Hono, type Context } from 'hono'
import * as v from 'valibot'
import { IdParamsSchema } from '../../contract/common'
import {
  AnnualReportFiledBodySchema,
  AnnualReportParamsSchema,
  FormationDateBodySchema,
  ResponseDueBodySchema,
  type AnnualReportFiling,
  type CalendarFeed,
  type Deadline,
  type DeadlineList,
} from '../../contract/deadlines'
import { access, assertClientRecord, hasPermission, isAgent, opensArea } from '../auth/policy'
import type { AppEnv, Caller } from '../context'
import { clientOfFeed, createFeed, deadlinesCalendar, feedPath, revokeFeed } from '../deadlines/calendar'
import {
  acknowledgeService,
  atRiskDeadlines,
  clientDeadlines,
  correctResponseDue,
  deadlineFactsOf,
  findService,
  type ClientDeadlineFacts,
  markReportFiled,
  setFormationDate,
  unmarkReportFiled,
} from '../deadlines/queries'
import { annualReportFees, firstReportYear, providerToday } from '../deadlines/rules'
import { findDocument, markDocumentRead } from '../documents/queries'
import { notFound, unprocessable } from '../http/errors'
import { validate } from '../http/validate'

const FeedParamsSchema = v.object({ file: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}\.ics$/, 'is not a calendar address')) })

/** Staff without DCV, and a company's people who do not see its documents, see no service of process. */
const visibleTo = (caller: Caller) => (deadline: Pick<Deadline, 'kind'>) =>
  deadline.kind !== 'service-of-process' || opensArea(caller, 'documents') || hasPermission(caller, 'DCV')

const portalOf = (publicUrl: string) => publicUrl.replace(/\/$/, '')

/**
 * Changes to a client's deadlines (formation date, filing marks, calendar address): the client itself,
 * or staff who may edit its profile. Reading them: the client, or any staff.
 */
const clientOrProfileEditor = () => access.ownClient('id', 'account', 'PCE')
const clientOrStaff = () => access.ownClient('id', 'shared')

/** A client's deadline facts; 404 naming `what` when there is no such client. */
async function factsOf(c: Context<AppEnv>, clientId: number, what = 'Client'): Promise<ClientDeadlineFacts> {
  const facts = await deadlineFactsOf(c.get('deps').db, clientId)
  if (!facts) throw notFound(what)
  return facts
}

/** Deadlines as an answer for the caller (staff without DCV see no service of process), never stored by a cache: they change with the day. */
function visibleDeadlines<T extends Pick<Deadline, 'kind'>>(c: Context<AppEnv>, deadlines: T[]): T[] {
  c.header('Cache-Control', 'no-store')
  return deadlines.filter(visibleTo(c.get('caller')))
}

/**
 * The service of process at `id`, for the client acknowledging it or staff correcting its answer date:
 * 404 when there is no such document (or, for a client, it is another client's), 422 when the
 * document is not a service of process.
 */
async function serviceOfProcess(c: Context<AppEnv>, id: number, notService: string) {
  const caller = c.get('caller')
  const service = await findService(c.get('deps').db, id)
  if (!service) throw notFound('Document')
  assertClientRecord(caller, service.clientId, 'documents', 'Document')
  if (!service.isService) throw unprocessable('Not a service of process', notService)
  return service
}

/** Deadlines (docs/deadlines.md): the list, formation date, annual reports filed, acknowledgment, staff's at-risk list, calendar feed. */
export const deadlineRoutes = new Hono<AppEnv>()
  .get('/client/:id{[0-9]+}/deadlines', clientOrStaff(), validate('param', IdParamsSchema), async (c) => {
    const deps = c.get('deps')
    const facts = await factsOf(c, c.req.valid('param').id)
    const data = visibleDeadlines(c, await clientDeadlines(deps.db, facts, deps.clock.now()))
    return c.json({ data } satisfies DeadlineList)
  })

  .get('/client/:id{[0-9]+}/formation-date', clientOrStaff(), validate('param', IdParamsSchema), async (c) => {
    const { formedOn } = await factsOf(c, c.req.valid('param').id)
    return c.json({ formedOn })
  })

  .put(
    '/client/:id{[0-9]+}/formation-date',
    clientOrProfileEditor(),
    validate('param', IdParamsSchema),
    validate('json', FormationDateBodySchema),
    async (c) => {
      const deps = c.get('deps')
      const now = deps.clock.now()
      const { formedOn } = c.req.valid('json')
      if (formedOn !== null && formedOn > providerToday(now)) throw unprocessable('Invalid date of formation', 'Date of formation cannot be in the future')
      if (formedOn !== null && formedOn < '1800-01-01') throw unprocessable('Invalid date of formation', 'Date of formation must be in 1800 or later')
      const changed = await setFormationDate(deps.db, c.req.valid('param').id, formedOn, { userId: c.get('caller').userId, requestId: c.get('requestId'), now })
      if (!changed) throw notFound('Client')
      return c.json({ formedOn })
    },
  )

  // The client (or staff) marks a year's annual report filed with the state, with the day it was filed.
  .post(
    '/client/:id{[0-9]+}/annual-reports/:year{[0-9]+}/filed',
    clientOrProfileEditor(),
    validate('param', AnnualReportParamsSchema),
    validate('json', AnnualReportFiledBodySchema),
    async (c) => {
      const deps = c.get('deps')
      const caller = c.get('caller')
      const now = deps.clock.now()
      const { id, year } = c.req.valid('param')
      const { filedOn } = c.req.valid('json')
      const facts = await factsOf(c, id)
      const today = providerToday(now)
      if (!annualReportFees(facts.entityType).files) throw unprocessable('No annual report', `A ${facts.entityType} files no annual report`)
      if (year > Number(today.slice(0, 4))) throw unprocessable('Invalid year', `The ${year} annual report cannot be filed before 1 January ${year}`)
      if (facts.formedOn && year < firstReportYear(facts.formedOn))
        throw unprocessable('Invalid year', `The first annual report of a company formed on ${facts.formedOn} is for ${firstReportYear(facts.formedOn)}`)
      if (filedOn > today) throw unprocessable('Invalid date filed', 'Date filed cannot be in the future')
      if (filedOn < `${year}-01-01`) throw unprocessable('Invalid date filed', `The ${year} annual report can be filed from 1 January ${year}`)
      const via = isAgent(caller) ? 'staff' : 'client'
      await markReportFiled(deps.db, id, year, filedOn, via, { userId: caller.userId, requestId: c.get('requestId'), now })
      return c.json({ year, filedOn, markedVia: via } satisfies AnnualReportFiling)
    },
  )

  .delete('/client/:id{[0-9]+}/annual-reports/:year{[0-9]+}/filed', clientOrProfileEditor(), validate('param', AnnualReportParamsSchema), async (c) => {
    const deps = c.get('deps')
    const { id, year } = c.req.valid('param')
    const removed = await unmarkReportFiled(deps.db, id, year, { userId: c.get('caller').userId, requestId: c.get('requestId'), now: deps.clock.now() })
    if (!removed) throw notFound('Filed annual report')
    return c.body(null, 204)
  })

  // A client user acknowledges a service of process: its repeated alerts stop. Opening it is not enough.
  .post('/document/:id{[0-9]+}/acknowledge', access.client('documents'), validate('param', IdParamsSchema), async (c) => {
    const deps = c.get('deps')
    const { id } = c.req.valid('param')
    await serviceOfProcess(c, id, 'Only a service of process is acknowledged')
    const now = deps.clock.now()
    const acknowledgedAt = await acknowledgeService(deps.db, id, c.get('caller').userId, now, c.get('requestId'))
    const row = await findDocument(deps.db, id)
    if (row) await markDocumentRead(deps.db, row, c.get('caller'), now)
    return c.json({ documentId: id, acknowledgedAt: acknowledgedAt.toISOString() })
  })

  // Staff correct the estimated answer date of a service of process.
  .patch('/document/:id{[0-9]+}/response-due', access.agent('DCV'), validate('param', IdParamsSchema), validate('json', ResponseDueBodySchema), async (c) => {
    const deps = c.get('deps')
    const { id } = c.req.valid('param')
    const { responseDueDate } = c.req.valid('json')
    const service = await serviceOfProcess(c, id, 'Only a service of process has an answer date')
    if (responseDueDate < service.dateReceived) throw unprocessable('Invalid answer date', 'The answer date cannot be before the day it was received')
    await correctResponseDue(deps.db, id, responseDueDate, c.get('caller').userId, deps.clock.now(), c.get('requestId'))
    return c.json({ documentId: id, responseDueDate, responseDueEstimate: false })
  })

  // Staff: every client's deadlines at risk (late, due within 14 days, service not acknowledged).
  .get('/deadlines/at-risk', access.agent(), async (c) => {
    const deps = c.get('deps')
    const { data, total } = await atRiskDeadlines(deps.db, deps.clock.now())
    const visible = visibleDeadlines(c, data)
    return c.json({ data: visible, total: total - (data.length - visible.length) })
  })

  // A new secret calendar address (the earlier one stops working).
  .post('/client/:id{[0-9]+}/calendar-feed', clientOrProfileEditor(), validate('param', IdParamsSchema), async (c) => {
    const deps = c.get('deps')
    const { id } = c.req.valid('param')
    await factsOf(c, id)
    const token = await createFeed(deps.db, id, c.get('caller').userId, deps.clock.now())
    c.header('Cache-Control', 'no-store')
    return c.json({ url: `${portalOf(deps.env.PUBLIC_URL)}${feedPath(token)}` } satisfies CalendarFeed, 201)
  })

  .delete('/client/:id{[0-9]+}/calendar-feed', clientOrProfileEditor(), validate('param', IdParamsSchema), async (c) => {
    if (!(await revokeFeed(c.get('deps').db, c.req.valid('param').id))) throw notFound('Calendar feed')
    return c.body(null, 204)
  })

  // The feed itself, read by calendar apps without signing in: the address is the secret.
  .get('/calendar/:file', access.public(), validate('param', FeedParamsSchema), async (c) => {
    const deps = c.get('deps')
    const clientId = await clientOfFeed(deps.db, c.req.valid('param').file.slice(0, -'.ics'.length))
    if (clientId === undefined) throw notFound('Calendar')
    const facts = await factsOf(c, clientId, 'Calendar')
    const now = deps.clock.now()
    const portalUrl = portalOf(deps.env.PUBLIC_URL)
    const text = deadlinesCalendar({
      companyName: facts.companyName,
      deadlines: await clientDeadlines(deps.db, facts, now),
      portalUrl,
      host: new URL(portalUrl).hostname,
      now,
    })
    return c.body(text, 200, {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Cache-Control': 'private, max-age=900',
      'Referrer-Policy': 'no-referrer',
      'X-Robots-Tag': 'noindex',
    })
  })
