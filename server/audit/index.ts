import { and, desc, eq, sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client'
import { auditEvents, users } from '../db/schema'

/**
 * The audit log: one row per change worth answering "who did what, when" about. Every write in the
 * product records itself through recordAudit, inside the transaction of the change it describes, so a
 * change and its row commit or roll back together.
 */
export interface AuditEvent {
  /** `<entity>.<verb>`, e.g. 'user.create', 'role.update'. */
  action: string
  /** What changed: 'user', 'role', 'client', 'document', 'payment'... */
  entity: string
  entityId?: number | string | null
  /** Who did it; null for the system (scheduled jobs) or a not-yet-known user. */
  actorUserId?: number | null
  at: Date
  /** The record before and after the change (only the fields that matter to a reader). */
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
  /** Anything else worth keeping (amounts, ids of related rows). */
  details?: Record<string, unknown> | null
  ip?: string | null
  requestId?: string | null
}

export async function recordAudit(db: Db | Tx, event: AuditEvent): Promise<void> {
  const details =
    event.before !== undefined || event.after !== undefined
      ? { ...event.details, before: event.before ?? null, after: event.after ?? null }
      : (event.details ?? null)
  await db.insert(auditEvents).values({
    at: event.at,
    actorUserId: event.actorUserId ?? null,
    action: event.action,
    entity: event.entity,
    entityId: event.entityId == null ? null : String(event.entityId),
    details,
    ip: event.ip ?? null,
    requestId: event.requestId ?? null,
  })
}

export interface AuditEntry {
  id: number
  at: Date
  action: string
  actorUserId: number | null
  actorName: string | null
  details: Record<string, unknown> | null
}

/** The history of one record, newest first, with the actor's name. */
export async function auditTrail(db: Db, entity: string, entityId: number | string, limit = 200): Promise<AuditEntry[]> {
  const rows = await db
    .select({
      id: auditEvents.id,
      at: auditEvents.at,
      action: auditEvents.action,
      actorUserId: auditEvents.actorUserId,
      actorName: sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`,
      actorEmail: users.email,
      details: auditEvents.details,
    })
    .from(auditEvents)
    .leftJoin(users, eq(users.id, auditEvents.actorUserId))
    .where(and(eq(auditEvents.entity, entity), eq(auditEvents.entityId, String(entityId))))
    .orderBy(desc(auditEvents.at), desc(auditEvents.id))
    .limit(limit)
  return rows.map(({ actorEmail, ...row }) => ({
    ...row,
    actorName: row.actorName ?? actorEmail ?? null,
    details: (row.details as Record<string, unknown> | null) ?? null,
  }))
}
