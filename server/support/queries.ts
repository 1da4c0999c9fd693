import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { Conversation, ConversationPage, ConversationSummary, SupportMessage, SupportStatus } from '../../contract/support'
import { recordAudit } from '../audit'
import { hasPermission, isAgent, isClient } from '../auth/policy'
import type { AppDeps, Caller } from '../context'
import type { Db } from '../db/client'
import { clientMemberships, clients, documents, documentTypes, invoices, notifications, supportConversations, supportMessages, users } from '../db/schema'
import { forbidden, notFound, unprocessable } from '../http/errors'
import { composeMail } from '../mail/compose'
import type { TemplateData } from '../mail/templates'
import { markNotificationsReadWhere, notifyClient } from '../notifications'
import { discardAttachment, type StoredAttachment } from './attachment'

/**
 * Support conversations: a client's questions and the provider's answers. A client reaches only its
 * own conversations (another's reads as not found); staff need SPV to read and SPR to reply or change
 * the status. Messages are e-mailed (new client messages to the support address, staff replies to the
 * client's users) after they are saved; a reply also notifies the client in the portal.
 */

const messageCount = sql<number>`(select count(*)::int from support_messages sm where sm.conversation_id = "support_conversations"."id")`

const summaryColumns = {
  id: supportConversations.id,
  clientId: supportConversations.clientId,
  companyName: clients.companyName,
  subject: supportConversations.subject,
  status: supportConversations.status,
  awaitingReply: supportConversations.awaitingReply,
  unreadByClient: supportConversations.unreadByClient,
  lastMessageAt: supportConversations.lastMessageAt,
  createdAt: supportConversations.createdAt,
  documentId: supportConversations.documentId,
  invoiceId: supportConversations.invoiceId,
  messageCount,
}

type SummaryRow = {
  id: number
  clientId: number
  companyName: string
  subject: string
  status: string
  awaitingReply: boolean
  unreadByClient: boolean
  lastMessageAt: Date
  createdAt: Date
  messageCount: number
}

function toSummary(row: SummaryRow): ConversationSummary {
  return {
    id: row.id,
    clientId: row.clientId,
    companyName: row.companyName,
    subject: row.subject,
    status: row.status as SupportStatus,
    awaitingReply: row.awaitingReply,
    unreadByClient: row.unreadByClient,
    lastMessageAt: row.lastMessageAt.toISOString(),
    createdAt: row.createdAt.toISOString(),
    messageCount: Number(row.messageCount),
  }
}

/** Who may read support conversations: the client (its own), or staff with SPV. */
export function assertCanReadSupport(caller: Caller): void {
  if (isClient(caller)) return
  if (!isAgent(caller)) throw notFound('Conversation')
  if (!hasPermission(caller, 'SPV')) throw forbidden('You do not have permission to view support conversations')
}

/** The conversations a list shows: a client's own, newest first; staff's all (SPV), unanswered open ones first. */
export async function listConversations(
  db: Db,
  caller: Caller,
  query: { page: number; pageSize: number; status: 'open' | 'closed' | 'unanswered' | 'all'; clientId?: number },
): Promise<ConversationPage> {
  assertCanReadSupport(caller)
  const scope: SQL[] = []
  if (isClient(caller)) scope.push(eq(supportConversations.clientId, caller.clientId!))
  else if (query.clientId) scope.push(eq(supportConversations.clientId, query.clientId))
  if (query.status === 'open' || query.status === 'closed') scope.push(eq(supportConversations.status, query.status))
  if (query.status === 'unanswered') scope.push(eq(supportConversations.status, 'open'), eq(supportConversations.awaitingReply, true))
  const where = and(...scope)
  const unansweredFirst = sql`(${supportConversations.status} = 'open' and ${supportConversations.awaitingReply}) desc`
  const order = isClient(caller)
    ? [desc(supportConversations.lastMessageAt), desc(supportConversations.id)]
    : [unansweredFirst, desc(supportConversations.lastMessageAt), desc(supportConversations.id)]
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(summaryColumns)
      .from(supportConversations)
      .innerJoin(clients, eq(clients.id, supportConversations.clientId))
      .where(where)
      .orderBy(...order)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
    db.select({ total: count() }).from(supportConversations).where(where),
  ])
  return { data: rows.map(toSummary), total, page: query.page, pageSize: query.pageSize }
}

/** One conversation the caller may read, or 404 (another client's reads as not found). */
async function loadConversation(db: Db, caller: Caller, id: number) {
  assertCanReadSupport(caller)
  const [row] = await db
    .select(summaryColumns)
    .from(supportConversations)
    .innerJoin(clients, eq(clients.id, supportConversations.clientId))
    .where(eq(supportConversations.id, id))
  if (!row || (isClient(caller) && row.clientId !== caller.clientId)) throw notFound('Conversation')
  return row
}

/** The conversation with its messages. A client opening it has seen the replies (and their notifications). */
export async function getConversation(deps: AppDeps, caller: Caller, id: number): Promise<Conversation> {
  const { db } = deps
  const row = await loadConversation(db, caller, id)
  if (isClient(caller)) {
    // Both marks are idempotent: should the second fail, the next opening makes it.
    if (row.unreadByClient) await db.update(supportConversations).set({ unreadByClient: false }).where(eq(supportConversations.id, id))
    // The bell's notices of its replies are read by this person (the rest of the team keeps theirs).
    await markNotificationsReadWhere(db, caller, and(eq(notifications.supportConversationId, id), eq(notifications.clientId, row.clientId)), deps.clock.now())
    row.unreadByClient = false
  }
  const messages = await db
    .select({
      id: supportMessages.id,
      fromStaff: supportMessages.fromStaff,
      body: supportMessages.body,
      createdAt: supportMessages.createdAt,
      attachmentName: supportMessages.attachmentName,
      attachmentContentType: supportMessages.attachmentContentType,
      attachmentSize: supportMessages.attachmentSize,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(supportMessages)
    .leftJoin(users, eq(users.id, supportMessages.userId))
    .where(eq(supportMessages.conversationId, id))
    .orderBy(asc(supportMessages.createdAt), asc(supportMessages.id))
  const [document] = row.documentId
    ? await db
        .select({ id: documents.id, name: documentTypes.name, dateReceived: documents.dateReceived })
        .from(documents)
        .innerJoin(documentTypes, eq(documentTypes.id, documents.documentTypeId))
        .where(eq(documents.id, row.documentId))
    : []
  const [invoice] = row.invoiceId
    ? await db.select({ id: invoices.id, invoiceNumber: invoices.invoiceNumber }).from(invoices).where(eq(invoices.id, row.invoiceId))
    : []
  return {
    ...toSummary(row),
    document: document ? { id: document.id, name: `${document.name} (received ${document.dateReceived})` } : null,
    invoice: invoice ?? null,
    messages: messages.map((m): SupportMessage => ({
      id: m.id,
      fromStaff: m.fromStaff,
      author: authorName(m, m.fromStaff),
      body: m.body,
      createdAt: m.createdAt.toISOString(),
      attachment: m.attachmentName
        ? { name: m.attachmentName, contentType: m.attachmentContentType ?? 'application/octet-stream', size: m.attachmentSize ?? 0 }
        : null,
    })),
  }
}

function authorName(user: { firstName: string | null; lastName: string | null; email: string | null }, fromStaff: boolean): string {
  if (fromStaff) return user.firstName ? `${user.firstName} (Support)` : 'Support'
  const name = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim()
  return name || user.email || 'Client'
}

interface Context {
  requestId?: string
  ip?: string | null
}

/** A client starts a conversation: stored with its first message, then e-mailed to the support address. */
export async function startConversation(
  deps: AppDeps,
  caller: Caller,
  input: { subject: string; message: string; documentId?: number | ''; invoiceId?: number | '' },
  attachment: StoredAttachment | null,
  context: Context,
): Promise<Conversation> {
  const clientId = caller.clientId!
  const { db } = deps
  const now = deps.clock.now()
  let id: number
  try {
    const documentId = input.documentId || null
    const invoiceId = input.invoiceId || null
    if (documentId) {
      const [own] = await db
        .select({ id: documents.id })
        .from(documents)
        .where(and(eq(documents.id, documentId), eq(documents.clientId, clientId)))
      if (!own) throw unprocessable('Unknown document', 'Choose one of your documents')
    }
    if (invoiceId) {
      const [own] = await db
        .select({ id: invoices.id })
        .from(invoices)
        .where(and(eq(invoices.id, invoiceId), eq(invoices.clientId, clientId)))
      if (!own) throw unprocessable('Unknown invoice', 'Choose one of your invoices')
    }
    id = await db.transaction(async (tx) => {
      const [conversation] = await tx
        .insert(supportConversations)
        .values({ clientId, subject: input.subject, documentId, invoiceId, createdBy: caller.userId, awaitingReply: true, lastMessageAt: now, createdAt: now })
        .returning({ id: supportConversations.id })
      await insertMessage(tx, {
        conversationId: conversation.id,
        clientId,
        caller,
        fromStaff: false,
        subject: input.subject,
        body: input.message,
        attachment,
        at: now,
      })
      await recordAudit(tx, {
        at: now,
        actorUserId: caller.userId,
        action: 'support.start',
        entity: 'support_conversation',
        entityId: conversation.id,
        details: { clientId, attachment: attachment ? { name: attachment.name, size: attachment.size } : null, documentId, invoiceId },
        requestId: context.requestId,
        ip: context.ip,
      })
      return conversation.id
    })
  } catch (error) {
    await discardAttachment(deps, attachment)
    throw error
  }
  const conversation = await getConversation(deps, caller, id)
  await mailSupport(deps, conversation, input.message, attachment, 'New support message')
  return conversation
}

/**
 * A message in an existing conversation. From the client: the conversation waits for staff again (and
 * a closed one reopens), and support is e-mailed. From staff (SPR): the client is notified in the
 * portal and by e-mail.
 */
export async function addMessage(
  deps: AppDeps,
  caller: Caller,
  id: number,
  message: string,
  attachment: StoredAttachment | null,
  context: Context,
): Promise<Conversation> {
  const { db } = deps
  const fromStaff = !isClient(caller)
  try {
    const row = await loadConversation(db, caller, id)
    if (fromStaff && !hasPermission(caller, 'SPR')) throw forbidden('You do not have permission to reply to support conversations')
    const now = deps.clock.now()
    await db.transaction(async (tx) => {
      await insertMessage(tx, { conversationId: id, clientId: row.clientId, caller, fromStaff, subject: row.subject, body: message, attachment, at: now })
      await tx
        .update(supportConversations)
        .set(fromStaff ? { awaitingReply: false, unreadByClient: true, lastMessageAt: now } : { awaitingReply: true, status: 'open', lastMessageAt: now })
        .where(eq(supportConversations.id, id))
      if (fromStaff) await notifyClient(tx, row.clientId, `Support replied: ${row.subject}`, { supportConversationId: id }, now)
      await recordAudit(tx, {
        at: now,
        actorUserId: caller.userId,
        action: fromStaff ? 'support.reply' : 'support.message',
        entity: 'support_conversation',
        entityId: id,
        details: { clientId: row.clientId, attachment: attachment ? { name: attachment.name, size: attachment.size } : null },
        requestId: context.requestId,
        ip: context.ip,
      })
    })
  } catch (error) {
    await discardAttachment(deps, attachment)
    throw error
  }
  const conversation = await getConversation(deps, caller, id)
  if (fromStaff) await mailClient(deps, conversation, message)
  else await mailSupport(deps, conversation, message, attachment, 'Support follow-up')
  return conversation
}

/** Staff (SPR) open or close a conversation. */
export async function setConversationStatus(deps: AppDeps, caller: Caller, id: number, status: SupportStatus, context: Context): Promise<Conversation> {
  const row = await loadConversation(deps.db, caller, id)
  if (isClient(caller) || !hasPermission(caller, 'SPR')) throw forbidden('You do not have permission to change support conversations')
  if (row.status !== status) {
    const now = deps.clock.now()
    await deps.db.transaction(async (tx) => {
      await tx.update(supportConversations).set({ status }).where(eq(supportConversations.id, id))
      await recordAudit(tx, {
        at: now,
        actorUserId: caller.userId,
        action: status === 'closed' ? 'support.close' : 'support.reopen',
        entity: 'support_conversation',
        entityId: id,
        before: { status: row.status },
        after: { status },
        requestId: context.requestId,
        ip: context.ip,
      })
    })
  }
  return getConversation(deps, caller, id)
}

/** A message's attachment, for the client owning it or staff with SPV. */
export async function findAttachment(db: Db, caller: Caller, messageId: number) {
  assertCanReadSupport(caller)
  const [row] = await db
    .select({
      clientId: supportMessages.clientId,
      key: supportMessages.attachmentKey,
      name: supportMessages.attachmentName,
      contentType: supportMessages.attachmentContentType,
      size: supportMessages.attachmentSize,
    })
    .from(supportMessages)
    .where(eq(supportMessages.id, messageId))
  if (!row || !row.key || (isClient(caller) && row.clientId !== caller.clientId)) throw notFound('Attachment')
  return { key: row.key, name: row.name ?? 'attachment', contentType: row.contentType ?? 'application/octet-stream', size: row.size ?? 0 }
}

async function insertMessage(
  tx: Parameters<Parameters<Db['transaction']>[0]>[0],
  values: {
    conversationId: number
    clientId: number
    caller: Caller
    fromStaff: boolean
    subject: string
    body: string
    attachment: StoredAttachment | null
    at: Date
  },
) {
  await tx.insert(supportMessages).values({
    conversationId: values.conversationId,
    clientId: values.clientId,
    userId: values.caller.userId,
    fromStaff: values.fromStaff,
    subject: values.subject,
    body: values.body,
    attachmentKey: values.attachment?.key ?? null,
    attachmentName: values.attachment?.name ?? null,
    attachmentContentType: values.attachment?.contentType ?? null,
    attachmentSize: values.attachment?.size ?? null,
    createdAt: values.at,
  })
}

/** The support address gets the client's message, with a link to the inbox thread. */
async function mailSupport(deps: AppDeps, conversation: Conversation, message: string, attachment: StoredAttachment | null, heading: string) {
  const url = new URL(`/provider/support/${conversation.id}`, deps.env.PUBLIC_URL).toString()
  await sendQuietly(deps, deps.env.SUPPORT_EMAIL, 'support-message', {
    heading,
    companyName: conversation.companyName,
    subject: conversation.subject,
    documentName: conversation.document?.name ?? null,
    invoiceNumber: conversation.invoice?.invoiceNumber ?? null,
    attachment: attachment ? { name: attachment.name, size: attachment.size } : null,
    message,
    url,
  })
}

/** Each active user of the client gets the reply, with a link to the conversation. */
async function mailClient(deps: AppDeps, conversation: Conversation, message: string) {
  const recipients = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        inArray(
          users.id,
          deps.db.select({ id: clientMemberships.userId }).from(clientMemberships).where(eq(clientMemberships.clientId, conversation.clientId)),
        ),
        eq(users.active, true),
      ),
    )
  const url = new URL(`/client/support/${conversation.id}`, deps.env.PUBLIC_URL).toString()
  for (const { email } of recipients) await sendQuietly(deps, email, 'support-reply', { subject: conversation.subject, message, url })
}

/** The message is stored whatever the mail does: a mail failure is logged, never answered as an error. */
async function sendQuietly<N extends 'support-message' | 'support-reply'>(deps: AppDeps, to: string, template: N, data: TemplateData<N>) {
  try {
    await deps.mailer.send(await composeMail(deps.env, template, data, { to }))
  } catch (error) {
    deps.logger.error('support mail not sent', { to, template, error: String(error) })
  }
}

/** Counts for the dashboards. */
export async function supportCounts(db: Db, where: SQL | undefined) {
  const [row] = await db
    .select({
      unanswered: sql<number>`count(*) filter (where ${supportConversations.status} = 'open' and ${supportConversations.awaitingReply})::int`,
      newReplies: sql<number>`count(*) filter (where ${supportConversations.unreadByClient})::int`,
      open: sql<number>`count(*) filter (where ${supportConversations.status} = 'open')::int`,
    })
    .from(supportConversations)
    .where(where)
  return { unanswered: Number(row.unanswered), newReplies: Number(row.newReplies), open: Number(row.open) }
}
