import { eq } from 'drizzle-orm'
import { SUPER_ADMIN_ROLE_ID } from '../../contract/permissions'
import type { SignInSettings } from '../../contract/second-factor'
import type { Db, Tx } from '../db/client'
import { recordAudit } from '../audit'
import { portalSettings } from '../db/schema'
import { secondStepMethods } from './second-factor'

/**
 * The sign-in settings a super admin edits (the one row of portal_settings): whether staff must have a
 * second factor. The staff routes refuse a staff member without one while it is on (policy.ts reads the
 * same row as it reads the caller); the session answers say so, for the app to show the set-up first.
 */

export async function readSignInSettings(db: Db | Tx): Promise<SignInSettings> {
  const [row] = await db.select({ staffSecondFactorRequired: portalSettings.staffSecondFactorRequired }).from(portalSettings).where(eq(portalSettings.id, 1))
  return { staffSecondFactorRequired: row?.staffSecondFactorRequired ?? false }
}

/** Who changes the settings, and from where (kept in the audit row written with the change). */
export interface SettingsChange {
  actorUserId: number
  at: Date
  ip: string
  requestId: string
}

/** Writes the settings and their audit row (before and after) in one transaction; answers what is now stored. */
export async function changeSignInSettings(db: Db, settings: SignInSettings, change: SettingsChange): Promise<SignInSettings> {
  const { actorUserId, at } = change
  return db.transaction(async (tx) => {
    const before = await readSignInSettings(tx)
    await tx
      .insert(portalSettings)
      .values({ id: 1, ...settings, updatedAt: at, updatedBy: actorUserId })
      .onConflictDoUpdate({ target: portalSettings.id, set: { ...settings, updatedAt: at, updatedBy: actorUserId } })
    const after = await readSignInSettings(tx)
    await recordAudit(tx, { action: 'sign-in-settings-changed', entity: 'settings', entityId: 'sign-in', ...change, details: { before, after } })
    return after
  })
}

/** Is this user staff who must set up a second factor before using the staff pages? */
export async function secondFactorSetupRequired(db: Db, user: { id: number; agentId: number | null; roleId: number }): Promise<boolean> {
  if (user.agentId == null && user.roleId !== SUPER_ADMIN_ROLE_ID) return false
  if (!(await readSignInSettings(db)).staffSecondFactorRequired) return false
  return (await secondStepMethods(db, user.id)).length === 0
}
