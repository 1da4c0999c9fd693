import type { AuditEntry as WireAuditEntry } from '../../contract/users'
import { auditTrail } from '../audit'
import type { Db } from '../db/client'

/** What a history line says for each action written about a user. */
const SUMMARIES: Record<string, string> = {
  'user.create': 'User added',
  'user.invite': 'Invitation sent',
  'user.update': 'Details changed',
  'user.deactivate': 'Deactivated',
  'user.reactivate': 'Reactivated',
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  'password-reset-requested': 'Password reset requested',
  'password-reset': 'Password set with an e-mailed link',
  'password-changed': 'Password changed',
  'second-factor-enabled': 'Two-step sign-in turned on',
  'second-factor-disabled': 'Two-step sign-in turned off',
  'second-factor-reset': 'Two-step sign-in reset',
  'recovery-codes-renewed': 'New recovery codes made',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
}

const asRecord = (value: unknown) => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : null)

/** A user's audit history, newest first, as the user view shows it. */
export async function userHistory(db: Db, userId: number): Promise<WireAuditEntry[]> {
  const rows = await auditTrail(db, 'user', userId)
  return rows.map((row) => ({
    id: row.id,
    at: row.at.toISOString(),
    action: row.action,
    summary: SUMMARIES[row.action] ?? row.action,
    actor: row.actorUserId != null ? { id: row.actorUserId, name: row.actorName ?? `User ${row.actorUserId}` } : null,
    before: asRecord(row.details?.before),
    after: asRecord(row.details?.after),
  }))
}
