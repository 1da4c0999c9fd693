import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm'
import { isPermCode, SUPER_ADMIN_ROLE_ID } from '../../contract/permissions'
import { EMAIL_TAKEN, type CreateUserBody, type StaffUser, type UpdateUserBody } from '../../contract/users'
import { recordAudit } from '../audit'
import { issuePasswordLink, NO_PASSWORD, voidPasswordLinks, type PasswordLink } from '../auth/password-links'
import { revokeUserSessions } from '../auth/session'
import type { AppDeps } from '../context'
import type { Db, Tx } from '../db/client'
import { agents, users } from '../db/schema'
import { isUniqueViolation } from '../db/pg-error'
import { conflict, forbidden, HttpError, notFound } from '../http/errors'
import { composeMail } from '../mail/compose'
import { findStaffRole } from '../roles/queries'
import { auditContext, type WriteContext } from '../http/write-context'
import { assertMayGrant } from '../roles/operations'
import { findStaffUser } from './queries'

/**
 * Writes of staff users. Added users get an invitation (a single-use link to choose a password, the
 * same kind as a password reset) and cannot sign in until they use it. Deactivating a user or changing
 * their role ends all their sessions at once (their access tokens included); deactivation also voids
 * every reset or invitation link sent to them, so reactivation does not bring an old link back.
 */

/** Serialises changes that could leave no active super admin. */
const SUPER_ADMIN_LOCK = 727_276

const roleMissing = () =>
  new HttpError(422, 'Choose a role that exists', 'The chosen role does not exist', [{ path: 'roleId', message: 'Choose a role that exists' }])
const emailTaken = (email: string) =>
  new HttpError(409, EMAIL_TAKEN, `${email} already belongs to a user; use another address`, [{ path: 'email', message: EMAIL_TAKEN }])

const snapshot = (user: StaffUser) => ({
  firstName: user.firstName,
  lastName: user.lastName,
  email: user.email,
  roleId: user.roleId,
  role: user.role,
  status: user.status,
})

/** The role a user is given: a staff role, with no code the caller lacks; super admin only from a super admin. */
async function grantableRole(db: Db | Tx, ctx: WriteContext, roleId: number) {
  const role = await findStaffRole(db, roleId)
  if (!role) throw roleMissing()
  if (role.superAdmin && !ctx.caller.isSuperAdmin) throw forbidden('Only a super admin can give the super admin role')
  assertMayGrant(ctx.caller, role.permCodes.filter(isPermCode))
  return role
}

/** Users with the super admin role are changed only by a super admin. */
function assertMayChange(ctx: WriteContext, target: StaffUser) {
  if (target.roleId === SUPER_ADMIN_ROLE_ID && !ctx.caller.isSuperAdmin) throw forbidden('Only a super admin can change a super admin')
}

/** Whether another active super admin who can sign in remains besides `userId`. */
async function assertAnotherSuperAdmin(tx: Tx, userId: number) {
  await tx.execute(sql`select pg_advisory_xact_lock(${SUPER_ADMIN_LOCK})`)
  const [other] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.roleId, SUPER_ADMIN_ROLE_ID), eq(users.active, true), isNull(users.invitedAt), ne(users.id, userId)))
    .limit(1)
  if (!other) {
    throw conflict('The last super admin must stay', 'This is the last active super admin: make another user super admin first')
  }
}

async function staffAgentId(db: Db, ctx: WriteContext): Promise<number> {
  if (ctx.caller.agentId) return ctx.caller.agentId
  const [first] = await db.select({ id: agents.id }).from(agents).orderBy(asc(agents.id)).limit(1)
  if (!first) throw conflict('There is no provider record to add staff to')
  return first.id
}

async function sendInvitation(deps: AppDeps, user: Pick<StaffUser, 'email' | 'firstName'>, link: PasswordLink, inviter: string) {
  await deps.mailer.send(
    await composeMail(
      deps.env,
      'staff-invitation',
      { name: user.firstName || user.email, inviter, url: link.url },
      { to: user.email, expiresAt: link.expiresAt },
    ),
  )
}

/** How an invitation names the staff member who sent it. */
export async function inviterName(db: Db, userId: number): Promise<string> {
  const [row] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, userId))
  return row ? `${row.firstName} ${row.lastName}`.trim() || row.email : 'The provider'
}

async function mustFind(db: Db | Tx, id: number): Promise<StaffUser> {
  const user = await findStaffUser(db, id)
  if (!user) throw notFound('User')
  return user
}

export async function createStaffUser(deps: AppDeps, ctx: WriteContext, body: CreateUserBody): Promise<StaffUser> {
  const { db } = deps
  await grantableRole(db, ctx, body.roleId)
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, body.email))
  if (existing) throw emailTaken(body.email)
  const agentId = await staffAgentId(db, ctx)
  let created: { user: StaffUser; link: PasswordLink }
  try {
    created = await db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email: body.email,
          passwordHash: NO_PASSWORD,
          firstName: body.firstName,
          lastName: body.lastName,
          roleId: body.roleId,
          agentId,
          invitedAt: ctx.now,
          createdAt: ctx.now,
          updatedAt: ctx.now,
          passwordChangedAt: ctx.now,
        })
        .returning({ id: users.id })
      const link = await issuePasswordLink(tx, { userId: row.id, now: ctx.now, publicUrl: deps.env.PUBLIC_URL, invitation: true })
      const user = await mustFind(tx, row.id)
      const audit = { entity: 'user', entityId: row.id, ...auditContext(ctx) }
      await recordAudit(tx, { ...audit, action: 'user.create', before: null, after: snapshot(user) })
      await recordAudit(tx, { ...audit, action: 'user.invite', details: { email: user.email, linkExpiresAt: link.expiresAt.toISOString() } })
      return { user, link }
    })
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken(body.email)
    throw error
  }
  await sendInvitation(deps, created.user, created.link, await inviterName(db, ctx.caller.userId))
  return created.user
}

export async function updateStaffUser(deps: AppDeps, ctx: WriteContext, id: number, body: UpdateUserBody): Promise<StaffUser> {
  const { db } = deps
  const before = await mustFind(db, id)
  const roleChanges = body.roleId !== undefined && body.roleId !== before.roleId
  if (roleChanges) {
    if (id === ctx.caller.userId) throw forbidden('You cannot change your own role')
    assertMayChange(ctx, before)
    await grantableRole(db, ctx, body.roleId!)
  } else if (before.roleId === SUPER_ADMIN_ROLE_ID && id !== ctx.caller.userId) {
    assertMayChange(ctx, before)
  }
  const changes = {
    ...(body.firstName !== undefined && body.firstName !== before.firstName ? { firstName: body.firstName } : {}),
    ...(body.lastName !== undefined && body.lastName !== before.lastName ? { lastName: body.lastName } : {}),
    ...(roleChanges ? { roleId: body.roleId! } : {}),
  }
  if (!Object.keys(changes).length) return before
  await db.transaction(async (tx) => {
    if (roleChanges && before.roleId === SUPER_ADMIN_ROLE_ID) await assertAnotherSuperAdmin(tx, id)
    await tx
      .update(users)
      .set({ ...changes, updatedAt: ctx.now })
      .where(eq(users.id, id))
    if (roleChanges) await revokeUserSessions(tx, id, ctx.now)
    const after = await mustFind(tx, id)
    await recordAudit(tx, {
      action: 'user.update',
      entity: 'user',
      entityId: id,
      ...auditContext(ctx),
      before: snapshot(before),
      after: snapshot(after),
    })
  })
  return mustFind(db, id)
}

/** Deactivates (active = false) or reactivates a user; doing it twice changes nothing the second time. */
export async function setStaffUserActive(deps: AppDeps, ctx: WriteContext, id: number, active: boolean): Promise<StaffUser> {
  const { db } = deps
  const before = await mustFind(db, id)
  if (!active && id === ctx.caller.userId) throw forbidden('You cannot deactivate yourself')
  assertMayChange(ctx, before)
  if ((before.status !== 'deactivated') === active) return before
  await db.transaction(async (tx) => {
    if (!active && before.roleId === SUPER_ADMIN_ROLE_ID) await assertAnotherSuperAdmin(tx, id)
    await tx.update(users).set({ active, updatedAt: ctx.now }).where(eq(users.id, id))
    if (!active) {
      await revokeUserSessions(tx, id, ctx.now)
      await voidPasswordLinks(tx, id, ctx.now)
    }
    const after = await mustFind(tx, id)
    await recordAudit(tx, {
      action: active ? 'user.reactivate' : 'user.deactivate',
      entity: 'user',
      entityId: id,
      ...auditContext(ctx),
      before: snapshot(before),
      after: snapshot(after),
    })
  })
  return mustFind(db, id)
}

/** A new invitation link for a user who has not set a password yet; earlier links stop working. */
export async function resendInvitation(deps: AppDeps, ctx: WriteContext, id: number): Promise<StaffUser> {
  const { db } = deps
  const user = await mustFind(db, id)
  assertMayChange(ctx, user)
  if (user.status === 'deactivated') throw conflict('This user is deactivated', 'Reactivate the user before sending an invitation')
  if (user.status !== 'invited')
    throw conflict('This user has already set a password', 'The user can sign in, or use "Forgot password" to choose a new password')
  const link = await db.transaction(async (tx) => {
    const issued = await issuePasswordLink(tx, { userId: id, now: ctx.now, publicUrl: deps.env.PUBLIC_URL, replaceOthers: true, invitation: true })
    await tx.update(users).set({ invitedAt: ctx.now, updatedAt: ctx.now }).where(eq(users.id, id))
    await recordAudit(tx, {
      action: 'user.invite',
      entity: 'user',
      entityId: id,
      ...auditContext(ctx),
      details: { email: user.email, linkExpiresAt: issued.expiresAt.toISOString(), resent: true },
    })
    return issued
  })
  await sendInvitation(deps, user, link, await inviterName(db, ctx.caller.userId))
  return mustFind(db, id)
}
