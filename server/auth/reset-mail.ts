import { sql } from 'drizzle-orm'
import { recordAudit } from '../audit'
import type { AppDeps } from '../context'
import { composeMail } from '../mail/compose'
import { issuePasswordLink } from './password-links'
import { countPasswordLinksSince } from './queries'
import { findSessionUser } from './session'

/** At most this many reset e-mails per account per hour; further requests get the same answer, no mail. */
export const RESET_MAILS_PER_HOUR = 3
/** Counts one account's reset requests one at a time (with the account's id as the second key). */
const RESET_LINK_LOCK = 727_277

export interface ResetRequest {
  email: string
  ip: string
  requestId: string
}

/**
 * A "forgot password" request's work, done after its answer (deps.afterAnswer): the answer goes out
 * before the account is even looked up, so it is the same, and as fast, whether or not the address has
 * an account. When it is an active account, a new single-use link (60 minutes) is e-mailed.
 */
export function mailResetLinkAfterAnswer(deps: AppDeps, request: ResetRequest): void {
  deps.afterAnswer.run('password reset e-mail', request.requestId, () => mailResetLink(deps, request))
}

async function mailResetLink(deps: AppDeps, request: ResetRequest): Promise<void> {
  const now = deps.clock.now()
  const user = await findSessionUser(deps.db, { email: request.email })
  if (!user?.active) return
  const link = await deps.db.transaction(async (tx) => {
    // Several requests at once (a double click, a script) still send no more than the hourly number.
    await tx.execute(sql`select pg_advisory_xact_lock(${RESET_LINK_LOCK}::int, ${user.id}::int)`)
    const recent = await countPasswordLinksSince(tx, user.id, new Date(now.getTime() - 3_600_000))
    if (recent >= RESET_MAILS_PER_HOUR) return null
    return issuePasswordLink(tx, { userId: user.id, now, publicUrl: deps.env.PUBLIC_URL })
  })
  if (!link) {
    deps.logger.warn('password reset e-mail withheld: hourly limit reached', { userId: user.id, requestId: request.requestId })
    return
  }
  await deps.mailer.send(
    await composeMail(
      deps.env,
      'password-reset',
      { name: user.firstName || user.email, url: link.url, minutes: 60 },
      // A retry after the link has expired would only deliver a dead link.
      { to: user.email, expiresAt: link.expiresAt },
    ),
  )
  await recordAudit(deps.db, {
    action: 'password-reset-requested',
    entity: 'user',
    entityId: String(user.id),
    ip: request.ip,
    requestId: request.requestId,
    at: now,
  })
}
