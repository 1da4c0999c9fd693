import { eq } from 'drizzle-orm'
import { MAIL_HANDLING_MODES, type MailHandling, type MailHandlingMode } from '../../contract/addresses'
import { recordAudit } from '../audit'
import type { Db } from '../db/client'
import { clients } from '../db/schema'
import type { ChangeContext } from './queries'

/**
 * How the mailroom handles a client's mail (GET/PUT /api/client/{id}/mail-handling): the mode is
 * stored on the client; the mailroom's upload form proposes an envelope for 'envelope-first', and the
 * client's actions on it are in server/documents/mail-actions.ts.
 */

const asMode = (value: string): MailHandlingMode => ((MAIL_HANDLING_MODES as readonly string[]).includes(value) ? (value as MailHandlingMode) : 'scan-all')

/** The client's mode, or undefined when there is no such client. */
export async function readMailHandling(db: Db, clientId: number): Promise<MailHandling | undefined> {
  const [row] = await db.select({ mode: clients.mailHandling }).from(clients).where(eq(clients.id, clientId))
  return row ? { mode: asMode(row.mode) } : undefined
}

/** Sets the mode; a change writes the audit event 'client.mail-handling' (setting the mode it has changes nothing). */
export async function setMailHandling(
  db: Db,
  clientId: number,
  mode: MailHandlingMode,
  change: ChangeContext & { at: Date },
): Promise<MailHandling | undefined> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select({ mode: clients.mailHandling }).from(clients).where(eq(clients.id, clientId)).for('update')
    if (!before) return undefined
    if (before.mode !== mode) {
      await tx.update(clients).set({ mailHandling: mode, updatedAt: change.at }).where(eq(clients.id, clientId))
      await recordAudit(tx, {
        ...change,
        action: 'client.mail-handling',
        entity: 'client',
        entityId: String(clientId),
        before: { mode: before.mode },
        after: { mode },
      })
    }
    return { mode }
  })
}
