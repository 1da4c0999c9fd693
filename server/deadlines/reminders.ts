import { and, asc, eq, gte, inArray, isNotNull, isNull, lte, notExists, or, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import type { AppDeps } from '../context'
import type { Tx } from '../db/client'
import { SERVICE_OF_PROCESS } from '../db/reference'
import {
  annualReportFilings,
  businessEntityTypes,
  clientMemberships,
  clients,
  deadlineReminders,
  documents,
  documentTypes,
  notifications,
  users,
} from '../db/schema'
import { composeMail } from '../mail/compose'
import type { DeadlineReminderData } from '../mail/templates/deadline-reminder'
import { notifyClient } from '../notifications'
import { choicesFor, unsubscribeToken } from '../notifications/preferences'
import { enqueuePush } from '../push/queue'
import { claimReminder, REPEAT_AFTER_UPLOAD, serviceSubject } from './claim'
import { displayDay } from '../documents/retention'
import {
  addDays,
  amountDue,
  annualReportDue,
  annualReportFees,
  ANSWER_REMINDER_DAYS_BEFORE,
  currentReportYear,
  dueReminderStage,
  PROVIDER_ZONE,
  providerToday,
  type ReminderStage,
} from './rules'

/**
 * Deadline reminders, sent by a job (server/jobs/deadlines.ts) on the provider's clock:
 *
 * - the annual report, to every user of a client that has not marked this year's report filed, on
 *   2 January, 1 March, 15 April, 28 April and 2 May (late), from 9:00 in Florida: in the portal (the
 *   bell), by push and by e-mail, each channel as each user chose for "Deadline reminders" (the bell
 *   per user too: postReminder);
 * - a service of process not yet acknowledged: again the morning after upload and 7, 3 and 1 days
 *   before its answer date, as urgent as the first alert (every user, push and e-mail, the attorney
 *   copied). The next morning's is skipped when the 24-hour escalation of an unopened one
 *   (server/alerts/service-of-process.ts) came first, and that one skips it when it came second: one
 *   repeat, whichever comes first.
 *
 * Each reminder is sent once: its deadline_reminders row is claimed in the transaction that queues it,
 * so a second run, or a second server, finds it taken.
 */

/** Reminders go out from this hour of the provider's day. */
export const REMINDER_HOUR = 9
/** The morning-after alert of a service of process goes out from this hour. */
export const MORNING_HOUR = 8

const STAGE_WORDS: Record<ReminderStage, string> = {
  opens: 'Filing is open',
  'two-months': 'Due in two months',
  'two-weeks': 'Due in two weeks',
  'three-days': 'Due in three days',
  late: 'Late',
}

export interface ReminderResult {
  annualReports: number
  services: number
}

const money = (dollars: number) => `$${dollars.toFixed(2)}`

export async function sendDeadlineReminders(deps: Pick<AppDeps, 'db' | 'env' | 'jwtKey' | 'mailer' | 'logger'>, now: Date): Promise<ReminderResult> {
  const result: ReminderResult = { annualReports: 0, services: 0 }
  const local = DateTime.fromJSDate(now).setZone(PROVIDER_ZONE)
  const today = providerToday(now)
  if (local.hour >= REMINDER_HOUR) result.annualReports = await remindAnnualReports(deps, today, now)
  result.services = await remindServices(deps, today, local.hour >= MORNING_HOUR, now)
  return result
}

async function remindAnnualReports(deps: Pick<AppDeps, 'db' | 'env' | 'jwtKey' | 'mailer' | 'logger'>, today: string, now: Date): Promise<number> {
  const { db } = deps
  const year = Number(today.slice(0, 4))
  const stage = dueReminderStage(year, today)
  if (!stage) return 0
  const subject = `annual-report:${year}`
  const portal = deps.env.PUBLIC_URL.replace(/\/$/, '')
  // Clients with an unfiled report this year whose reminder of this stage has not gone out.
  const candidates = await db
    .select({ id: clients.id, companyName: clients.companyName, entityType: businessEntityTypes.name, formedOn: clients.formedOn })
    .from(clients)
    .leftJoin(businessEntityTypes, eq(businessEntityTypes.id, clients.businessType))
    .where(
      and(
        notExists(
          db
            .select({ one: sql`1` })
            .from(annualReportFilings)
            .where(and(eq(annualReportFilings.clientId, clients.id), eq(annualReportFilings.year, year))),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(deadlineReminders)
            .where(and(eq(deadlineReminders.clientId, clients.id), eq(deadlineReminders.subject, subject), eq(deadlineReminders.stage, stage))),
        ),
      ),
    )
    .orderBy(asc(clients.id))
    .limit(500)
  let sent = 0
  for (const client of candidates) {
    if (currentReportYear(today, client.formedOn) !== year || !annualReportFees(client.entityType).files) continue
    const due = amountDue(client.entityType, year, today)
    const { lateFee } = annualReportFees(client.entityType)
    const message =
      stage === 'late'
        ? `Your ${year} Florida annual report is late: it was due on ${displayDay(annualReportDue(year))}.${due !== null ? ` The state now charges ${money(due)}${lateFee ? `, the ${money(lateFee)} late fee included` : ''}.` : ''} File it before the third Friday of September to avoid administrative dissolution.`
        : `${STAGE_WORDS[stage]}: your ${year} Florida annual report is due on ${displayDay(annualReportDue(year))}.${due !== null ? ` The state fee is ${money(due)}.` : ''}${lateFee ? ` After that day the late fee is ${money(lateFee)}.` : ''}`
    // Made after the transaction commits (rendering holds no locks).
    const mails: { to: string; data: DeadlineReminderData }[] = []
    const claimed = await db.transaction(async (tx) => {
      if (!(await claimReminder(tx, client.id, subject, stage, now))) return false
      const people = await tx
        .select({ id: users.id, email: users.email })
        .from(users)
        .where(
          and(
            inArray(users.id, tx.select({ id: clientMemberships.userId }).from(clientMemberships).where(eq(clientMemberships.clientId, client.id))),
            eq(users.active, true),
          ),
        )
        .orderBy(asc(users.id))
      const choices = await choicesFor(
        tx,
        people.map((p) => p.id),
        'deadline',
      )
      const wants = (id: number, channel: 'push' | 'email' | 'inApp') => choices.get(id)?.[channel] ?? true
      const bell = await postReminder(
        tx,
        client.id,
        message,
        people.filter((p) => wants(p.id, 'inApp')).map((p) => p.id),
        people.length,
        now,
      )
      for (const person of people.filter((p) => wants(p.id, 'push')))
        await enqueuePush(
          tx,
          [person.id],
          {
            payload: { title: `${year} annual report`, body: message, url: '/client/dashboard', tag: `annual-report-${year}` },
            urgency: 'normal',
            ttlSeconds: 24 * 3600,
            notificationId: bell.get(person.id),
          },
          now,
        )
      for (const person of people.filter((p) => wants(p.id, 'email'))) {
        const unsubscribeUrl = `${portal}/api/notification-preferences/unsubscribe?token=${unsubscribeToken(deps.jwtKey, person.id, 'deadline', now)}`
        mails.push({
          to: person.email,
          data: { companyName: client.companyName, year, stage: STAGE_WORDS[stage], message, url: `${portal}/client/dashboard`, unsubscribeUrl },
        })
      }
      return true
    })
    if (!claimed) continue
    for (const mail of mails) {
      try {
        await deps.mailer.send(await composeMail(deps.env, 'deadline-reminder', mail.data, { to: mail.to }))
      } catch (error) {
        deps.logger.error('deadline reminder e-mail not recorded', { to: mail.to, error: error instanceof Error ? error.message : String(error) })
      }
    }
    sent++
  }
  return sent
}

/**
 * Puts a reminder in the bell of the client's users who keep its in-portal channel (`userIds`, of
 * `everyone` active users): one notification for all of them when they all do, as every other client
 * notification, else one for each of them only, so a user who turned the channel off does not see it.
 * Answers the notification each user sees. Not announced: the caller queues the push and e-mails.
 */
async function postReminder(tx: Tx, clientId: number, message: string, userIds: number[], everyone: number, now: Date): Promise<Map<number, number>> {
  const shared = userIds.length === everyone
  const recipients: (number | null)[] = userIds.length === 0 ? [] : shared ? [null] : userIds
  const seen = new Map<number, number>()
  for (const userId of recipients) {
    const [row] = await tx
      .insert(notifications)
      .values({ message, clientId, userId, kind: 'deadline', createdAt: now, announcePending: false })
      .returning({ id: notifications.id })
    for (const id of userId === null ? userIds : [userId]) seen.set(id, row.id)
  }
  return seen
}

/**
 * Service of process not acknowledged: the stage due today, if any ('next-morning' the day after
 * upload, 'due-7', 'due-3', 'due-1' before the answer date), the latest only.
 */
export function serviceStage(uploadedOn: string, responseDueOn: string | null, today: string, morning: boolean): string | null {
  let stage: string | null = null
  if (morning && today > uploadedOn) stage = REPEAT_AFTER_UPLOAD
  if (responseDueOn) {
    for (const days of ANSWER_REMINDER_DAYS_BEFORE) {
      if (morning && today >= addDays(responseDueOn, -days) && today <= responseDueOn) stage = `due-${days}`
    }
  }
  return stage
}

async function remindServices(deps: Pick<AppDeps, 'db'>, today: string, morning: boolean, now: Date): Promise<number> {
  if (!morning) return 0
  const { db } = deps
  // Unacknowledged, active, and either uploaded before today or with an answer date not yet past.
  const rows = await db
    .select({
      id: documents.id,
      clientId: documents.clientId,
      uploadedAt: documents.uploadedAt,
      responseDueOn: documents.responseDueOn,
      dateReceived: documents.dateReceived,
    })
    .from(documents)
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .where(
      and(
        eq(documentTypes.name, SERVICE_OF_PROCESS),
        isNull(documents.acknowledgedAt),
        eq(documents.status, 'active'),
        isNotNull(documents.servedOn),
        lte(documents.uploadedAt, now),
        // Private papers have no answer date: only their morning-after alert, within two days.
        or(gte(documents.responseDueOn, today), and(isNull(documents.responseDueOn), gte(documents.uploadedAt, new Date(now.getTime() - 2 * 86_400_000)))),
      ),
    )
    .orderBy(asc(documents.id))
    .limit(500)
  let sent = 0
  for (const row of rows) {
    const uploadedOn = providerToday(row.uploadedAt)
    const stage = serviceStage(uploadedOn, row.responseDueOn, today, morning)
    if (!stage) continue
    const done = await db.transaction(async (tx) => {
      if (!(await claimReminder(tx, row.clientId, serviceSubject(row.id), stage, now))) return false
      const when = row.responseDueOn ? ` The estimated answer date is ${displayDay(row.responseDueOn)} (confirm it with your attorney).` : ''
      await notifyClient(
        tx,
        row.clientId,
        `Action required: acknowledge the service of process received ${displayDay(row.dateReceived)}.${when}`,
        { documentId: row.id, kind: 'service-of-process', urgent: true },
        now,
      )
      return true
    })
    if (done) sent++
  }
  return sent
}

/** Stages already sent for one client's subject (tests and the alert history). */
export async function sentStages(db: AppDeps['db'], clientId: number, subjects: string[]): Promise<{ subject: string; stage: string }[]> {
  return db
    .select({ subject: deadlineReminders.subject, stage: deadlineReminders.stage })
    .from(deadlineReminders)
    .where(and(eq(deadlineReminders.clientId, clientId), inArray(deadlineReminders.subject, subjects)))
    .orderBy(asc(deadlineReminders.id))
}
