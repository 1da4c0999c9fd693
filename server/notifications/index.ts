import { and, desc, eq, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm'
import { UNREAD_COUNT_CAP, type Notification } from '../../contract/notifications'
import type { NotificationKind } from '../../contract/preferences'
import type { Db, Tx } from '../db/client'
import { cachedList, cachedStatement, type ValueOf } from '../db/statement-cache'
import { matchingCount } from '../db/page-total'
import { clients, notificationReadMarks, notificationReads, notifications } from '../db/schema'
import { outgoingQueued } from './signal'

/**
 * In-portal notifications (the bell and /notifications). A notification with a clientId is for that
 * client's users; one without is for provider staff. Call these inside the transaction of the change
 * they announce, so a rolled-back change leaves no notification behind.
 */
export interface NotificationLinks {
  documentId?: number | null
  documentRequestId?: number | null
  /** A support conversation the notification is about (a reply): opening it opens the conversation. */
  supportConversationId?: number | null
}

/** Kinds of client notifications (preferences and wording), and 'staff' for notices to staff. */
export type NotificationKindOrStaff = NotificationKind | 'staff' | 'general'

export interface NotificationOptions {
  kind?: NotificationKindOrStaff
  /** Service of process: pushed with high urgency and e-mailed whatever the preferences say. */
  urgent?: boolean
}

/**
 * Records the notification and marks it to be announced: the notification worker then pushes it to the
 * devices of everyone who may see it and e-mails those who want e-mail (server/notifications/announce.ts).
 */
export async function createNotification(
  db: Db | Tx,
  values: { message: string; clientId: number | null; createdAt?: Date } & NotificationLinks & NotificationOptions,
): Promise<Notification> {
  const kind = values.kind ?? (values.clientId === null ? 'staff' : values.documentRequestId ? 'mail-request' : values.documentId ? 'new-mail' : 'general')
  const [row] = await db
    .insert(notifications)
    .values({
      message: values.message,
      clientId: values.clientId,
      documentId: values.documentId ?? null,
      documentRequestId: values.documentRequestId ?? null,
      kind,
      urgent: values.urgent ?? false,
      announcePending: true,
      supportConversationId: values.supportConversationId ?? null,
      ...(values.createdAt ? { createdAt: values.createdAt } : {}),
    })
    .returning()
  outgoingQueued.emit('queued')
  return toNotification({ ...row, isRead: false })
}

/** To the users of one client. */
export const notifyClient = (db: Db | Tx, clientId: number, message: string, links: NotificationLinks & NotificationOptions = {}, createdAt?: Date) =>
  createNotification(db, { message, clientId, createdAt, ...links })

/** To provider staff. */
export const notifyAgents = (db: Db | Tx, message: string, links: NotificationLinks = {}, createdAt?: Date) =>
  createNotification(db, { message, clientId: null, createdAt, ...links, kind: 'staff' })

type NotificationRow = Pick<typeof notifications.$inferSelect, 'id' | 'message' | 'createdAt' | 'clientId' | 'documentRequestId' | 'documentId' | 'kind'> & {
  /** Read by the person asking. */
  isRead: boolean
}

export function toNotification(row: NotificationRow & { supportConversationId?: number | null; companyName?: string | null }): Notification {
  return {
    id: row.id,
    message: row.message,
    isRead: row.isRead,
    createdAt: row.createdAt.toISOString(),
    clientId: row.clientId,
    documentRequestId: row.documentRequestId,
    documentId: row.documentId,
    supportConversationId: row.supportConversationId ?? null,
    companyName: row.companyName ?? null,
    kind: row.kind,
  }
}

/**
 * Whose read marks apply: each person has their own, so one person's "read" leaves it unread for the
 * others (another staff member, or someone else in the company's team): single marks
 * (notification_reads) and, for staff, a read-up-to mark set by "mark all as read"
 * (notification_read_marks) below which single marks are not needed.
 */
export interface NotificationReader {
  userId: number
}

/**
 * Who sees what: a client user its own client's, those for all its users and its own (userId); staff
 * everything, or only staff-addressed ones, or one client's (all of them, whichever user each is for).
 */
export type NotificationScope = { clientId: number; userId?: number } | { agents: 'all' | 'agents' }

/** An id in a statement: the id itself, or the placeholder of a cached statement (server/db/statement-cache.ts). */
type IdValue = number | Placeholder
type ScopeValue = { clientId: IdValue; userId?: IdValue } | { agents: 'all' | 'agents' }
type ReaderValue = { userId: IdValue }

/** The audience of `scope` as a condition. */
export function notificationAudience(scope: ScopeValue): SQL | undefined {
  if ('clientId' in scope)
    return and(
      eq(notifications.clientId, scope.clientId),
      scope.userId === undefined ? undefined : or(isNull(notifications.userId), eq(notifications.userId, scope.userId)),
    )
  return scope.agents === 'agents' ? isNull(notifications.clientId) : undefined
}

const NEVER = sql`'-infinity'::timestamptz`

/** A person's read-up-to mark (never earlier than allUpTo for staff notices; none for a client's team), as one value per statement. */
function readMark(userId: IdValue, which: 'staff' | 'all'): SQL {
  const column = which === 'staff' ? notificationReadMarks.staffUpTo : notificationReadMarks.allUpTo
  return sql`coalesce((select ${column} from ${notificationReadMarks} where ${notificationReadMarks.userId} = ${userId}), ${NEVER})`
}

/**
 * Unread for `reader` among the notifications of `scope`, written so the created_at bound is an index
 * condition: what is unread lies past the read-up-to mark, and only that part is checked for single
 * read marks.
 */
function unreadBy(reader: ReaderValue, scope: ScopeValue): SQL {
  const noSingleMark = sql`not exists (select 1 from ${notificationReads} where ${notificationReads.notificationId} = ${notifications.id} and ${notificationReads.userId} = ${reader.userId})`
  if ('agents' in scope && scope.agents === 'agents') return sql`${notifications.createdAt} > ${readMark(reader.userId, 'staff')} and ${noSingleMark}`
  return sql`${notifications.createdAt} > ${readMark(reader.userId, 'all')} and (${notifications.clientId} is not null or ${notifications.createdAt} > ${readMark(reader.userId, 'staff')}) and ${noSingleMark}`
}

const isReadBy = (reader: ReaderValue, scope: ScopeValue): SQL<boolean> => sql<boolean>`not (${unreadBy(reader, scope)})`

const notificationColumns = (reader: ReaderValue, scope: ScopeValue) => ({
  id: notifications.id,
  message: notifications.message,
  isRead: isReadBy(reader, scope).mapWith(Boolean),
  clientId: notifications.clientId,
  documentRequestId: notifications.documentRequestId,
  documentId: notifications.documentId,
  supportConversationId: notifications.supportConversationId,
  kind: notifications.kind,
  createdAt: notifications.createdAt,
  companyName: clients.companyName,
})

/** Whose notifications a list shows and whether only the unread: what its statement's text depends on. */
interface NotificationListShape {
  /** 'client-user': one client's as one of its users sees them. */
  scope: 'client' | 'client-user' | 'all' | 'agents'
  unreadOnly: boolean
}

function listAudience(shape: NotificationListShape, value: ValueOf): { reader: ReaderValue; scope: ScopeValue; where: SQL | undefined } {
  const reader: ReaderValue = { userId: value('readerId') }
  const scope: ScopeValue =
    shape.scope === 'client'
      ? { clientId: value('clientId') }
      : shape.scope === 'client-user'
        ? { clientId: value('clientId'), userId: value('userId') }
        : { agents: shape.scope }
  return { reader, scope, where: and(notificationAudience(scope), shape.unreadOnly ? unreadBy(reader, scope) : undefined) }
}

/** Unread notifications of a shape's scope for its reader, counted up to UNREAD_COUNT_CAP. */
const unreadCount = cachedStatement('unread notification count', (db, shape: Omit<NotificationListShape, 'unreadOnly'>, value) => {
  const { reader, scope } = listAudience({ ...shape, unreadOnly: false }, value)
  const unread = db
    .select({ one: sql`1` })
    .from(notifications)
    .where(and(notificationAudience(scope), unreadBy(reader, scope)))
    // Newest first, so the plan walks a created_at index from the newest down to the read-up-to mark
    // (the planner cannot know how far away the mark is and would otherwise scan the table).
    .orderBy(desc(notifications.createdAt))
    .limit(UNREAD_COUNT_CAP)
    .as('unread')
  return db.select({ n: sql<number>`count(*)::int` }).from(unread)
})

/** Unread notifications of `scope` for `reader`, counted up to UNREAD_COUNT_CAP (the badge shows "99+" past 99). */
async function cappedUnreadCount(db: Db | Tx, scope: NotificationScope, reader: NotificationReader): Promise<number> {
  const [{ n }] = await unreadCount(db, { scope: scopeShape(scope) }, audienceValues(scope, reader))
  return Number(n)
}

const scopeShape = (scope: NotificationScope): NotificationListShape['scope'] =>
  'clientId' in scope ? (scope.userId === undefined ? 'client' : 'client-user') : scope.agents
const audienceValues = (scope: NotificationScope, reader: NotificationReader) => ({
  readerId: reader.userId,
  userId: 'clientId' in scope ? scope.userId : undefined,
  clientId: 'clientId' in scope ? scope.clientId : undefined,
})

const notificationList = cachedList<NotificationListShape, NotificationRow & { supportConversationId: number | null; companyName: string | null }>({
  name: 'notification list',
  // Ordered like the list for the same reason as the unread count.
  matching: (db, shape, value) =>
    db
      .select({ one: sql`1` })
      .from(notifications)
      .where(listAudience(shape, value).where)
      .orderBy(desc(notifications.createdAt)),
  page: (db, shape, value, matching) => {
    const { reader, scope, where } = listAudience(shape, value)
    return db
      .select({ ...notificationColumns(reader, scope), matchingCount: matchingCount(matching) })
      .from(notifications)
      .leftJoin(clients, eq(clients.id, notifications.clientId))
      .where(where)
      .orderBy(desc(notifications.createdAt), desc(notifications.id))
      .limit(value('limit'))
      .offset(value('offset'))
  },
})

/**
 * One page of the notifications of `scope`, as `reader` sees them; the total as pageTotal counts it
 * (an estimate past its limit), and unreadCount the unread of the whole scope up to UNREAD_COUNT_CAP.
 */
export async function listNotifications(
  db: Db,
  scope: NotificationScope,
  reader: NotificationReader,
  options: { page: number; pageSize: number; unreadOnly?: boolean },
) {
  const shape: NotificationListShape = { scope: scopeShape(scope), unreadOnly: Boolean(options.unreadOnly) }
  const [page, unread] = await Promise.all([notificationList(db, shape, audienceValues(scope, reader), options), cappedUnreadCount(db, scope, reader)])
  return { ...page, unreadCount: unread }
}

export async function findNotification(db: Db, id: number, reader: NotificationReader) {
  // Whether it is read does not depend on the scope it is looked at in.
  const [row] = await db
    .select({ ...notificationColumns(reader, { agents: 'all' }), userId: notifications.userId })
    .from(notifications)
    .leftJoin(clients, eq(clients.id, notifications.clientId))
    .where(eq(notifications.id, id))
  return row
}

/** Marks one notification read for the reader; idempotent. */
export async function markNotificationRead(db: Db | Tx, id: number, reader: NotificationReader, now: Date): Promise<void> {
  await db.insert(notificationReads).values({ notificationId: id, userId: reader.userId, readAt: now }).onConflictDoNothing()
}

/**
 * Marks read for one person the notifications `where` selects (a document's, a conversation's, the
 * unread of one company's list); idempotent. Answers how many it marked. With nothing unread it writes
 * nothing: an insert of no rows would still announce a change to notification_reads and drop every
 * cached notification list (opening an already read document must not).
 */
export async function markNotificationsReadWhere(db: Db | Tx, reader: NotificationReader, where: SQL | undefined, now: Date): Promise<number> {
  const notReadYet = sql`not exists (select 1 from ${notificationReads} where ${notificationReads.notificationId} = ${notifications.id} and ${notificationReads.userId} = ${reader.userId})`
  const unread = await db.select({ id: notifications.id }).from(notifications).where(and(where, notReadYet))
  if (!unread.length) return 0
  const inserted = await db
    .insert(notificationReads)
    .values(unread.map(({ id }) => ({ notificationId: id, userId: reader.userId, readAt: now })))
    .onConflictDoNothing()
    .returning({ id: notificationReads.notificationId })
  return inserted.length
}

/**
 * Marks every unread notification of `scope` read for the reader; answers how many changed (for staff's
 * whole lists, counted up to UNREAD_COUNT_CAP). A staff member's "everything" or "staff only" moves
 * their read-up-to mark to now (or to the newest notification of the scope, should one be dated later),
 * so it costs the same at a hundred notifications as at a million, and their single marks below it are
 * dropped; one client's notifications are few and are marked one by one.
 */
export async function markAllNotificationsRead(db: Db, scope: NotificationScope, reader: NotificationReader, now: Date): Promise<number> {
  const audience = notificationAudience(scope)
  const { userId } = reader
  if ('clientId' in scope) return markNotificationsReadWhere(db, reader, and(audience, unreadBy(reader, scope)), now)
  return db.transaction(async (tx) => {
    const updated = await cappedUnreadCount(tx, scope, reader)
    const [{ upTo }] = await tx
      // As text with its microseconds, so the mark is exactly the newest notification's time.
      .select({
        upTo: sql<string>`to_char(greatest(${now.toISOString()}::timestamptz, max(${notifications.createdAt})) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
      })
      .from(notifications)
      .where(audience)
    const mark = sql`${upTo}::timestamptz`
    const everything = scope.agents === 'all'
    await tx
      .insert(notificationReadMarks)
      .values({ userId, staffUpTo: mark, allUpTo: everything ? mark : null })
      .onConflictDoUpdate({
        target: notificationReadMarks.userId,
        set: {
          staffUpTo: sql`greatest(${notificationReadMarks.staffUpTo}, ${mark})`,
          allUpTo: everything ? sql`greatest(${notificationReadMarks.allUpTo}, ${mark})` : notificationReadMarks.allUpTo,
        },
      })
    // Single marks the new mark covers are no longer needed.
    await tx
      .delete(notificationReads)
      .where(
        and(
          eq(notificationReads.userId, userId),
          sql`exists (select 1 from ${notifications} where ${notifications.id} = ${notificationReads.notificationId} and ${notifications.createdAt} <= ${mark}${everything ? sql`` : sql` and ${notifications.clientId} is null`})`,
        ),
      )
    return updated
  })
}

/** The unread count a user's bell shows (the app badge of a push): a client user their company's, staff their staff notices; up to UNREAD_COUNT_CAP. */
export async function unreadCountFor(db: Db, user: { userId: number; clientId: number | null }): Promise<number> {
  const reader = { userId: user.userId }
  if (user.clientId !== null) return cappedUnreadCount(db, { clientId: user.clientId, userId: user.userId }, reader)
  return cappedUnreadCount(db, { agents: 'agents' }, reader)
}
