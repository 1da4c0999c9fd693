import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import { OPEN_REQUEST_STATUSES, SENT_REQUEST_STATUSES } from '../../contract/document-requests'
import { MAIL_ACTION_LABELS, type MailAction, type MailActionKind, type MailActionStatus } from '../../contract/mail-actions'
import { recordAudit } from '../audit'
import { isClient } from '../auth/policy'
import type { AppDeps, Caller } from '../context'
import type { Db, Tx } from '../db/client'
import { isUniqueViolation } from '../db/pg-error'
import { clients, documentRequests, documents, documentTypes, mailActions } from '../db/schema'
import { conflict, HttpError, notFound, unprocessable } from '../http/errors'
import { notifyAgents, notifyClient } from '../notifications'
import { deleteShreddedFile, markShredded } from './shred'
import { displayDay } from './retention'

/**
 * A client's actions on a piece of mail (contract/mail-actions.ts): open and scan an envelope, shred,
 * hold for pick-up. Each is a row of mail_actions that staff complete from one queue; at most one is
 * open per piece of mail (a unique index), and asking again for the open one answers it (no second row).
 * A shred of a scan is done at once: the file is deleted and the record stays, shredded.
 */

const actionColumns = {
  id: mailActions.id,
  documentId: mailActions.documentId,
  clientId: mailActions.clientId,
  clientName: clients.companyName,
  action: mailActions.action,
  status: mailActions.status,
  requestedAt: mailActions.requestedAt,
  completedAt: mailActions.completedAt,
  scanDocumentId: mailActions.scanDocumentId,
  originalOnly: mailActions.originalOnly,
  documentKind: documents.kind,
  documentTypeId: documents.documentTypeId,
  documentTypeName: documentTypes.name,
  jurisdiction: documents.jurisdiction,
  dateReceived: documents.dateReceived,
  documentStatus: documents.status,
}

function selectActions(db: Db | Tx) {
  return db
    .select(actionColumns)
    .from(mailActions)
    .innerJoin(documents, eq(documents.id, mailActions.documentId))
    .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
    .innerJoin(clients, eq(clients.id, mailActions.clientId))
}

type ActionRow = Awaited<ReturnType<ReturnType<typeof selectActions>['where']>>[number]

const MINUTE = 60_000

function toMailAction(row: ActionRow, now: Date): MailAction {
  const until = row.completedAt ?? now
  return {
    id: row.id,
    documentId: row.documentId,
    clientId: row.clientId,
    clientName: row.clientName,
    action: row.action as MailActionKind,
    status: row.status as MailActionStatus,
    requestedAt: row.requestedAt.toISOString(),
    ageMinutes: Math.max(0, Math.floor((until.getTime() - row.requestedAt.getTime()) / MINUTE)),
    completedAt: row.completedAt?.toISOString() ?? null,
    scanDocumentId: row.scanDocumentId,
    originalOnly: row.originalOnly,
    documentKind: row.documentKind === 'envelope' ? 'envelope' : 'document',
    documentTypeId: row.documentTypeId,
    documentTypeName: row.documentTypeName,
    jurisdiction: row.jurisdiction,
    dateReceived: row.dateReceived,
    documentStatus: row.documentStatus === 'active' ? 'active' : 'shredded',
  }
}

async function actionById(db: Db | Tx, id: number, now: Date): Promise<MailAction> {
  const [row] = await selectActions(db).where(eq(mailActions.id, id))
  return toMailAction(row, now)
}

const lowerFirst = (label: string) => label.charAt(0).toLowerCase() + label.slice(1)

export interface ActionAnswer {
  /** 201: asked for now; 200: the same action was open already (or the shred was done already). */
  status: 200 | 201
  body: MailAction
}

/**
 * A client asks for `action` on its own document. Another client's document answers 404. Refused with
 * 409 when the piece is shredded, has another action open, or is being mailed; an open and scan only
 * for an envelope not opened yet (422 for a scan).
 */
export async function requestMailAction(
  deps: AppDeps,
  caller: Caller,
  documentId: number,
  action: MailActionKind,
  origin: { requestId?: string } = {},
): Promise<ActionAnswer> {
  if (!isClient(caller)) throw notFound('Document')
  const now = deps.clock.now()
  const filesToDelete: string[] = []
  try {
    const answer = await deps.db.transaction(async (tx): Promise<ActionAnswer> => {
      // The lock orders this with a mail request, the shred job and another action on the same document.
      const [doc] = await tx
        .select({ id: documents.id, clientId: documents.clientId, status: documents.status, kind: documents.kind })
        .from(documents)
        .where(eq(documents.id, documentId))
        .for('update')
      if (!doc || doc.clientId !== caller.clientId) throw notFound('Document')
      const [type] = await tx
        .select({ name: documentTypes.name, dateReceived: documents.dateReceived, companyName: clients.companyName })
        .from(documents)
        .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
        .innerJoin(clients, eq(clients.id, documents.clientId))
        .where(eq(documents.id, documentId))
      const [open] = await tx
        .select({ id: mailActions.id, action: mailActions.action, originalOnly: mailActions.originalOnly })
        .from(mailActions)
        .where(and(eq(mailActions.documentId, documentId), eq(mailActions.status, 'open')))
      // The client's rule has the mailroom shred the paper; shredding the scan as well is done at once beside it.
      const paperShredOpen = open?.action === 'shred' && open.originalOnly
      if (open && !(paperShredOpen && action === 'shred')) {
        // The same request again (a double click, a retry): the action already asked for.
        if (open.action === action) return { status: 200, body: await actionById(tx, open.id, now) }
        throw conflict(
          'This mail already has an open request',
          `${MAIL_ACTION_LABELS[open.action as MailActionKind]} was already asked for this mail; the mailroom is on it`,
        )
      }
      if (doc.status !== 'active') {
        const [last] = await tx
          .select({ id: mailActions.id, action: mailActions.action })
          .from(mailActions)
          .where(eq(mailActions.documentId, documentId))
          .orderBy(desc(mailActions.id))
          .limit(1)
        // Shredded at the client's request already: the same answer again.
        if (action === 'shred' && last?.action === 'shred') return { status: 200, body: await actionById(tx, last.id, now) }
        throw conflict('This mail was shredded', 'A shredded piece of mail can no longer be opened, held or shredded')
      }
      if (action === 'open-and-scan') {
        if (doc.kind !== 'envelope')
          throw unprocessable('This mail is already scanned', 'Only an envelope can be opened and scanned; this is the scan of the mail')
        const [opened] = await tx
          .select({ id: mailActions.id })
          .from(mailActions)
          .where(and(eq(mailActions.documentId, documentId), eq(mailActions.action, 'open-and-scan'), eq(mailActions.status, 'done')))
        if (opened) throw conflict('This envelope was already opened', 'This envelope was opened and scanned already: its scan is among your documents')
      }
      const [request] = await tx
        .select({ status: documentRequests.status })
        .from(documentRequests)
        .where(and(eq(documentRequests.documentId, documentId), inArray(documentRequests.status, [...OPEN_REQUEST_STATUSES])))
      if (request) throw conflict('This mail is being mailed to you', 'This mail has an open request to mail it; cancel that request first')
      if (action === 'hold') {
        const [sent] = await tx
          .select({ status: documentRequests.status })
          .from(documentRequests)
          .where(and(eq(documentRequests.documentId, documentId), inArray(documentRequests.status, [...SENT_REQUEST_STATUSES])))
        if (sent) throw conflict('The original was already mailed', 'The original of this mail was already mailed; there is nothing to hold')
        const [shredded] = await tx
          .select({ id: mailActions.id })
          .from(mailActions)
          .where(and(eq(mailActions.documentId, documentId), eq(mailActions.action, 'shred'), eq(mailActions.originalOnly, true)))
        if (shredded) throw conflict('The paper original is shredded', 'Your mail rule has the paper original of this mail shredded; only the scan is kept')
      }

      // A scan is shredded at once: nothing waits for the mailroom but the paper, shredded as usual.
      const doneAtOnce = action === 'shred' && doc.kind === 'document'
      const [created] = await tx
        .insert(mailActions)
        .values({
          documentId,
          clientId: doc.clientId,
          action,
          status: doneAtOnce ? 'done' : 'open',
          requestedBy: caller.userId,
          requestedAt: now,
          ...(doneAtOnce ? { completedAt: now, completedBy: caller.userId } : {}),
        })
        .returning({ id: mailActions.id })
      await recordAudit(tx, {
        at: now,
        actorUserId: caller.userId,
        action: 'document.mail-action',
        entity: 'document',
        entityId: String(documentId),
        details: { mailActionId: created.id, action, done: doneAtOnce },
        requestId: origin.requestId,
      })
      const what = `${type.name} received ${displayDay(type.dateReceived)}`
      if (doneAtOnce) {
        const shredded = await markShredded(tx, documentId, now, { actorUserId: caller.userId, requestId: origin.requestId, reason: 'client request' })
        if (shredded?.storageKey) filesToDelete.push(shredded.storageKey)
        await notifyClient(tx, doc.clientId, `${what} was shredded as asked`, { documentId, kind: 'mail-request' }, now)
      } else {
        await notifyAgents(tx, `${type.companyName} asked to ${lowerFirst(MAIL_ACTION_LABELS[action])} ${what}`, { documentId }, now)
      }
      return { status: 201, body: await actionById(tx, created.id, now) }
    })
    for (const key of filesToDelete) await deleteShreddedFile(deps, documentId, key)
    return answer
  } catch (error) {
    // Two requests at once for the same document: the unique index of open actions stops the second.
    if (isUniqueViolation(error)) {
      const [open] = await deps.db
        .select({ id: mailActions.id, action: mailActions.action })
        .from(mailActions)
        .where(and(eq(mailActions.documentId, documentId), eq(mailActions.status, 'open')))
      if (open?.action === action) return { status: 200, body: await actionById(deps.db, open.id, now) }
      throw conflict('This mail already has an open request')
    }
    throw error
  }
}

/**
 * Staff complete an open action: an open and scan with the scan they uploaded (a document of the same
 * client, not an envelope); a shred deletes the file and leaves the record shredded; a hold means the
 * piece is set aside for pick-up. The client is notified. Completing a done action again with the same
 * scan (or none) answers it unchanged; anything else is a 409.
 */
export async function completeMailAction(
  deps: AppDeps,
  caller: Caller,
  id: number,
  input: { scanDocumentId?: number },
  origin: { requestId?: string } = {},
): Promise<MailAction> {
  const now = deps.clock.now()
  const filesToDelete: { documentId: number; key: string }[] = []
  const answer = await deps.db.transaction(async (tx) => {
    const [row] = await tx.select().from(mailActions).where(eq(mailActions.id, id)).for('update')
    if (!row) throw notFound('Mail action')
    const action = row.action as MailActionKind
    if (row.status === 'done') {
      if (input.scanDocumentId === undefined || input.scanDocumentId === row.scanDocumentId) return actionById(tx, id, now)
      throw conflict(
        'This request was completed already',
        `It was completed ${row.completedAt ? `on ${displayDay(row.completedAt.toISOString().slice(0, 10))}` : 'already'}`,
      )
    }
    const [doc] = await tx
      .select({ typeName: documentTypes.name, dateReceived: documents.dateReceived, status: documents.status })
      .from(documents)
      .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
      .where(eq(documents.id, row.documentId))
    const what = `${doc.typeName} received ${displayDay(doc.dateReceived)}`
    let message: string
    let link = row.documentId
    if (action === 'open-and-scan') {
      if (input.scanDocumentId === undefined) {
        throw new HttpError(
          422,
          'The scan is required',
          'Upload the scan of the envelope’s contents for this client, then complete the request with its document id',
          [{ path: 'scanDocumentId', message: 'scanDocumentId: This field is mandatory' }],
        )
      }
      const [scan] = await tx
        .select({ id: documents.id, clientId: documents.clientId, kind: documents.kind, status: documents.status })
        .from(documents)
        .where(eq(documents.id, input.scanDocumentId))
      if (!scan || scan.clientId !== row.clientId || scan.id === row.documentId || scan.kind !== 'document' || scan.status !== 'active') {
        throw new HttpError(422, 'Not a scan of this client', 'The scan must be an active document (not an envelope) uploaded for the same client', [
          { path: 'scanDocumentId', message: 'scanDocumentId: must be a scan uploaded for the same client' },
        ])
      }
      message = `Your envelope (${what}) was opened and scanned`
      link = scan.id
    } else if (action === 'shred' && row.originalOnly) {
      // The client's rule: the paper only; the scan stays with the client.
      if (input.scanDocumentId !== undefined) throw unprocessable('No scan for a shred', 'scanDocumentId is only for an open and scan')
      message = `The paper original of ${what} was shredded, as your mail rule asks; the scan is kept`
    } else if (action === 'shred') {
      if (input.scanDocumentId !== undefined) throw unprocessable('No scan for a shred', 'scanDocumentId is only for an open and scan')
      const shredded = await markShredded(tx, row.documentId, now, { actorUserId: caller.userId, requestId: origin.requestId, reason: 'client request' })
      if (shredded?.storageKey) filesToDelete.push({ documentId: row.documentId, key: shredded.storageKey })
      message = `${what} was shredded as you asked`
    } else {
      if (input.scanDocumentId !== undefined) throw unprocessable('No scan for a hold', 'scanDocumentId is only for an open and scan')
      message = `${what} is held for you to pick up`
    }
    await tx
      .update(mailActions)
      .set({ status: 'done', completedAt: now, completedBy: caller.userId, scanDocumentId: action === 'open-and-scan' ? input.scanDocumentId : null })
      .where(eq(mailActions.id, id))
    await recordAudit(tx, {
      at: now,
      actorUserId: caller.userId,
      action: 'mail-action.complete',
      entity: 'document',
      entityId: String(row.documentId),
      details: {
        mailActionId: id,
        action,
        ...(row.originalOnly ? { originalOnly: true } : {}),
        ...(input.scanDocumentId ? { scanDocumentId: input.scanDocumentId } : {}),
      },
      requestId: origin.requestId,
    })
    await notifyClient(tx, row.clientId, message, { documentId: link, kind: 'mail-request' }, now)
    return actionById(tx, id, now)
  })
  for (const file of filesToDelete) await deleteShreddedFile(deps, file.documentId, file.key)
  return answer
}

/** Staff's queue: the actions with this status (open by default), oldest first, each with its age. */
export async function listMailActions(
  db: Db,
  now: Date,
  query: { status: MailActionStatus; action?: MailActionKind; clientId?: number; page: number; pageSize: number },
) {
  const where: SQL | undefined = and(
    eq(mailActions.status, query.status),
    query.action ? eq(mailActions.action, query.action) : undefined,
    query.clientId ? eq(mailActions.clientId, query.clientId) : undefined,
  )
  const [rows, [{ total }]] = await Promise.all([
    selectActions(db)
      .where(where)
      // Open: the oldest waits longest, first. Done: the latest first.
      .orderBy(...(query.status === 'open' ? [asc(mailActions.requestedAt), asc(mailActions.id)] : [desc(mailActions.completedAt), desc(mailActions.id)]))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db
      .select({ total: sql<number>`count(*)`.mapWith(Number) })
      .from(mailActions)
      .where(where),
  ])
  return { data: rows.map((row) => toMailAction(row, now)), total, page: query.page, pageSize: query.pageSize }
}
