import type { Context } from 'hono'
import { clientAddress } from '../auth/rate-limit'
import type { AppEnv, Caller } from '../context'

/** Who is writing, when, and from where: what a data module needs to check rules and write the audit row. */
export interface WriteContext {
  caller: Caller
  now: Date
  ip?: string | null
  requestId?: string | null
}

export const writeContext = (c: Context<AppEnv>): WriteContext => ({
  caller: c.get('caller'),
  now: c.get('deps').clock.now(),
  ip: clientAddress(c),
  requestId: c.get('requestId'),
})

/** The audit row's who, when and from where, for a write made in this context. */
export const auditContext = (ctx: WriteContext) => ({ actorUserId: ctx.caller.userId, at: ctx.now, ip: ctx.ip, requestId: ctx.requestId })
