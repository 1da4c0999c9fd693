import { and, asc, eq, gte, inArray, isNull, isNotNull, or, sql, type SQL } from 'drizzle-orm'
import type { AtRiskDeadline, Deadline } from '../../contract/deadlines'
import { recordAudit } from '../audit'
import type { Db, Tx } from '../db/client'
import { SERVICE_OF_PROCESS } from '../db/reference'
import { annualReportFilings, businessEntityTypes, clients, documents, documentTypes, services } from '../db/schema'
import { displayDay } from '../documents/retention'
import {
  addDays,
  annualReportDue,
  annualReportFees,
  currentReportYear,
  deadlineStatus,
  dissolutionDate,
  firstReportYear,
  isReportLate,
  providerToday,
} from './rules'

/** The add-on whose order marks the year's annual report filed by the provider. */
export const ANNUAL_REPORT_ADDON = 'Annual Report Filing'

/** How long an acknowledged service of process stays in the list after its answer date. */
const KEEP_PAST_DAYS = 30

export interface ClientDeadlineFacts {
  clientId: number
  companyName: string
  entityType: string | null
  formedOn: string | null
}

/** A client's company, entity type and formation date; undefined when there is no such client. */
export async function deadlineFactsOf(db: Db | Tx, clientId: number): Promise<ClientDeadlineFacts | undefined> {
  const [row] = await db
    .select({ clientId: clients.id, companyName: clients.companyName, entityType: businessEntityTypes.name, formedOn: clients.formedOn })
    .from(clients)
    .leftJoin(businessEntityTypes, eq(businessEntityTypes.id, clients.businessType))
    .where(eq(clients.id, clientId))
  return row
}

/**
 * The annual report entries of one client on `today`: this year's report (or, formed this year, the
 * first one), the dissolution date while it is late, and next year's once this year's is filed.
 */
export function annualReportDeadlines(facts: ClientDeadlineFacts, filings: Map<number, string>, today: string): Deadline[] {
  const fees = annualReportFees(facts.entityType)
  if (!fees.files) return []
  const money = { ...(fees.fee !== null ? { fee: fees.fee } : {}), lateFee: fees.lateFee }
  const report = (year: number): Deadline => {
    const filedOn = filings.get(year)
    return {
      kind: 'annual-report',
      title: `${year} Florida annual report`,
      dueDate: annualReportDue(year),
      status: deadlineStatus(annualReportDue(year), today, filedOn !== undefined),
      ...money,
      year,
      ...(filedOn ? { filedOn } : {}),
    }
  }
  const year = currentReportYear(today, facts.formedOn)
  if (year === null) return [report(firstReportYear(facts.formedOn!))]
  const list = [report(year)]
  if (filings.has(year)) list.push(report(year + 1))
  else if (isReportLate(year, today)) {
    list.push({
      kind: 'dissolution',
      title: `Administrative dissolution if the ${year} annual report is not filed`,
      dueDate: dissolutionDate(year),
      status: deadlineStatus(dissolutionDate(year), today, false),
      year,
    })
  }
  return list
}

const serviceColumns = {
  id: documents.id,
  clientId: documents.clientId,
  dateReceived: documents.dateReceived,
  responseDueOn: documents.responseDueOn,
  responseDueCorrected: documents.responseDueCorrected,
  acknowledgedAt: documents.acknowledgedAt,
}

type ServiceRow = { id: number; dateReceived: string; responseDueOn: string | null; responseDueCorrected: boolean; acknowledgedAt: Date | null }

/**
 * A service of process's answer date as a deadline: late once past unless acknowledged (then done: the
 * client has it in hand); until then upcoming or due soon whether acknowledged or not.
 */
function serviceDeadline(row: ServiceRow & { responseDueOn: string }, today: string): Deadline {
  const acknowledged = row.acknowledgedAt !== null
  return {
    kind: 'service-of-process',
    title: `Answer to the service of process received ${displayDay(row.dateReceived)}${row.responseDueCorrected ? '' : ' (estimate: confirm with your attorney)'}`,
    dueDate: row.responseDueOn,
    status: deadlineStatus(row.responseDueOn, today, acknowledged && today > row.responseDueOn),
    documentId: row.id,
    estimate: !row.responseDueCorrected,
    acknowledged,
  }
}

const isServiceOfProcess = eq(documentTypes.name, SERVICE_OF_PROCESS)

/** Service of process with an answer date matching `where`, soonest answer first, with the client's name. */
function serviceRows(db: Db | Tx, where: SQL | undefined) {
  return db
    .select({ ...serviceColumns, companyName: clients.companyName })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .innerJoin(clients, eq(clients.id, documents.clientId))
    .where(and(isServiceOfProcess, isNotNull(documents.responseDueOn), where))
    .orderBy(asc(documents.responseDueOn), asc(documents.id))
}

/** Every deadline of one client, soonest first (those done last). */
export async function clientDeadlines(db: Db | Tx, facts: ClientDeadlineFacts, now: Date): Promise<Deadline[]> {
  const today = providerToday(now)
  const filingRows = await db
    .select({ year: annualReportFilings.year, filedOn: annualReportFilings.filedOn })
    .from(annualReportFilings)
    .where(eq(annualReportFilings.clientId, facts.clientId))
  const filings = new Map(filingRows.map((row) => [row.year, row.filedOn]))
  const serviceList = await serviceRows(
    db,
    and(eq(documents.clientId, facts.clientId), or(isNull(documents.acknowledgedAt), gte(documents.responseDueOn, addDays(today, -KEEP_PAST_DAYS)))),
  )
  const list = [
    ...annualReportDeadlines(facts, filings, today),
    ...serviceList.map((row) => serviceDeadline(row as ServiceRow & { responseDueOn: string }, today)),
  ]
  return list.sort((a, b) => Number(a.status === 'done') - Number(b.status === 'done') || a.dueDate.localeCompare(b.dueDate))
}

/** Most entries the staff list shows; the count says how many there are. */
export const AT_RISK_LIMIT = 200

/**
 * Every client's deadlines at risk on `now`: annual reports late or due within 14 days and unfiled,
 * and service of process not acknowledged (whatever its answer date) or late. Soonest first.
 */
export async function atRiskDeadlines(db: Db, now: Date): Promise<{ data: AtRiskDeadline[]; total: number }> {
  const today = providerToday(now)
  const year = Number(today.slice(0, 4))
  const found: AtRiskDeadline[] = []
  // The annual report is at risk only from 14 days before 1 May.
  if (deadlineStatus(annualReportDue(year), today, false) !== 'upcoming') {
    const rows = await db
      .select({ clientId: clients.id, companyName: clients.companyName, entityType: businessEntityTypes.name, formedOn: clients.formedOn })
      .from(clients)
      .leftJoin(businessEntityTypes, eq(businessEntityTypes.id, clients.businessType))
      .leftJoin(annualReportFilings, and(eq(annualReportFilings.clientId, clients.id), eq(annualReportFilings.year, year)))
      .where(isNull(annualReportFilings.clientId))
      .orderBy(asc(clients.companyName), asc(clients.id))
    for (const facts of rows) {
      for (const deadline of annualReportDeadlines(facts, new Map(), today)) {
        if (deadline.kind !== 'annual-report' || (deadline.status !== 'late' && deadline.status !== 'due-soon')) continue
        found.push({ ...deadline, clientId: facts.clientId, companyName: facts.companyName, reason: deadline.status })
      }
    }
  }
  const serviceList = await serviceRows(db, isNull(documents.acknowledgedAt))
  for (const row of serviceList) {
    const deadline = serviceDeadline(row as ServiceRow & { responseDueOn: string }, today)
    found.push({ ...deadline, clientId: row.clientId, companyName: row.companyName, reason: deadline.status === 'late' ? 'late' : 'not-acknowledged' })
  }
  found.sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.companyName.localeCompare(b.companyName))
  return { data: found.slice(0, AT_RISK_LIMIT), total: found.length }
}

// ---------- changes ----------

interface Actor {
  userId: number
  requestId?: string
  now: Date
}

export async function setFormationDate(db: Db, clientId: number, formedOn: string | null, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const updated = await tx.update(clients).set({ formedOn, updatedAt: actor.now }).where(eq(clients.id, clientId)).returning({ id: clients.id })
    if (!updated.length) return false
    await recordAudit(tx, {
      at: actor.now,
      actorUserId: actor.userId,
      action: 'client.formation-date',
      entity: 'client',
      entityId: String(clientId),
      details: { formedOn },
      requestId: actor.requestId,
    })
    return true
  })
}

/** Marks (or re-dates) a year's report filed. */
export async function markReportFiled(
  db: Db | Tx,
  clientId: number,
  year: number,
  filedOn: string,
  via: 'client' | 'staff' | 'addon',
  actor: Actor,
): Promise<void> {
  await db
    .insert(annualReportFilings)
    .values({ clientId, year, filedOn, markedVia: via, markedBy: actor.userId, createdAt: actor.now })
    .onConflictDoUpdate({
      target: [annualReportFilings.clientId, annualReportFilings.year],
      set: { filedOn, markedVia: via, markedBy: actor.userId, createdAt: actor.now },
    })
  await recordAudit(db, {
    at: actor.now,
    actorUserId: actor.userId,
    action: 'annual-report.filed',
    entity: 'client',
    entityId: String(clientId),
    details: { year, filedOn, via },
    requestId: actor.requestId,
  })
}

/** Takes back a mark made in error; false when the year was not marked. */
export async function unmarkReportFiled(db: Db, clientId: number, year: number, actor: Actor): Promise<boolean> {
  return db.transaction(async (tx) => {
    const deleted = await tx
      .delete(annualReportFilings)
      .where(and(eq(annualReportFilings.clientId, clientId), eq(annualReportFilings.year, year)))
      .returning({ year: annualReportFilings.year })
    if (!deleted.length) return false
    await recordAudit(tx, {
      at: actor.now,
      actorUserId: actor.userId,
      action: 'annual-report.unfiled',
      entity: 'client',
      entityId: String(clientId),
      details: { year },
      requestId: actor.requestId,
    })
    return true
  })
}

/**
 * An order of the Annual Report Filing add-on hands the current year's report to the provider: it is
 * marked filed on the order's day (unless already marked), which stops its reminders. Called in the
 * order's transaction.
 */
export async function markFiledByAddon(tx: Tx, clientId: number, serviceIds: number[], userId: number | null, now: Date): Promise<void> {
  if (!serviceIds.length) return
  const [addon] = await tx
    .select({ id: services.id })
    .from(services)
    .where(and(inArray(services.id, serviceIds), eq(services.name, ANNUAL_REPORT_ADDON)))
  if (!addon) return
  const facts = await deadlineFactsOf(tx, clientId)
  if (!facts) return
  const today = providerToday(now)
  const year = currentReportYear(today, facts.formedOn) ?? firstReportYear(facts.formedOn!)
  await tx.insert(annualReportFilings).values({ clientId, year, filedOn: today, markedVia: 'addon', markedBy: userId, createdAt: now }).onConflictDoNothing()
}

/** The service of process of a client that is at `documentId`, for acknowledgment and correction. */
export async function findService(db: Db | Tx, documentId: number) {
  const [row] = await db
    .select({ ...serviceColumns, isService: sql<boolean>`${isServiceOfProcess}` })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .where(eq(documents.id, documentId))
  return row
}

/** Records the acknowledgment once (the first user's stays); answers when it was acknowledged. */
export async function acknowledgeService(db: Db, documentId: number, userId: number, now: Date, requestId?: string): Promise<Date> {
  return db.transaction(async (tx) => {
    const [updated] = await tx
      .update(documents)
      .set({ acknowledgedAt: now, acknowledgedBy: userId })
      .where(and(eq(documents.id, documentId), isNull(documents.acknowledgedAt)))
      .returning({ acknowledgedAt: documents.acknowledgedAt, clientId: documents.clientId })
    if (!updated) {
      const [row] = await tx.select({ acknowledgedAt: documents.acknowledgedAt }).from(documents).where(eq(documents.id, documentId))
      return row.acknowledgedAt!
    }
    await recordAudit(tx, {
      at: now,
      actorUserId: userId,
      action: 'document.acknowledge',
      entity: 'client',
      entityId: String(updated.clientId),
      details: { documentId },
      requestId,
    })
    return updated.acknowledgedAt!
  })
}

/** Staff correct the answer date: it is then no longer an estimate. */
export async function correctResponseDue(db: Db, documentId: number, responseDueOn: string, userId: number, now: Date, requestId?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(documents)
      .set({ responseDueOn, responseDueCorrected: true })
      .where(eq(documents.id, documentId))
      .returning({ clientId: documents.clientId })
    await recordAudit(tx, {
      at: now,
      actorUserId: userId,
      action: 'document.response-due',
      entity: 'client',
      entityId: String(updated.clientId),
      details: { documentId, responseDueOn },
      requestId,
    })
  })
}
