import { eq, inArray, sql } from 'drizzle-orm'
import { PERMISSIONS, type PermCode } from '../../contract/permissions'
import { ROLE_NAME_TAKEN, type Role, type RoleBody } from '../../contract/roles'
import { recordAudit } from '../audit'
import { hasPermission } from '../auth/policy'
import type { Caller } from '../context'
import { auditContext, type WriteContext } from '../http/write-context'
import type { Db, Tx } from '../db/client'
import { permissions, rolePermissions, roles } from '../db/schema'
import { isUniqueViolation } from '../db/pg-error'
import { conflict, forbidden, notFound } from '../http/errors'
import { findStaffRole, roleNameTaken, STAFF_ROLE_TYPE } from './queries'

/**
 * Writes of staff roles. The rules hold here, whatever the client sends: the super admin role is never
 * changed or deleted, nobody edits the role they hold, nobody grants a code they do not hold, and a
 * role somebody holds is not deleted.
 */

const codeList = (codes: readonly string[]) => codes.map((code) => `${code} (${PERMISSIONS[code as PermCode]?.label ?? code})`).join(', ')

/** Refuses codes the caller does not hold themselves (super admin holds them all). */
export function assertMayGrant(caller: Caller, codes: readonly PermCode[]): void {
  const missing = codes.filter((code) => !hasPermission(caller, code))
  if (missing.length) {
    throw forbidden(`You cannot grant a permission you do not hold yourself: ${codeList(missing)}`)
  }
}

function assertChangeable(ctx: WriteContext, role: Role): void {
  if (role.superAdmin) throw forbidden('The super admin role cannot be changed or deleted')
  if (role.id === ctx.caller.roleId) throw forbidden('You cannot change the role you hold yourself')
}

async function writeCodes(tx: Tx, roleId: number, codes: readonly PermCode[]): Promise<void> {
  await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId))
  if (!codes.length) return
  const rows = await tx
    .select({ id: permissions.id })
    .from(permissions)
    .where(inArray(permissions.permCode, [...codes]))
  await tx.insert(rolePermissions).values(rows.map((p) => ({ roleId, permissionId: p.id })))
}

const snapshot = (role: Pick<Role, 'name' | 'description' | 'permCodes'>) => ({ name: role.name, description: role.description, permCodes: role.permCodes })

async function assertNameFree(db: Db | Tx, name: string, exceptId?: number) {
  if (await roleNameTaken(db, name, exceptId)) throw conflict(ROLE_NAME_TAKEN, `A role named "${name}" already exists; choose another name`)
}

/** Runs a write, turning a unique-name race into the same 409 as the check before it. */
async function uniqueName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(ROLE_NAME_TAKEN)
    throw error
  }
}

export async function createRole(db: Db, ctx: WriteContext, body: RoleBody): Promise<Role> {
  assertMayGrant(ctx.caller, body.permCodes)
  await assertNameFree(db, body.name)
  const id = await uniqueName(() =>
    db.transaction(async (tx) => {
      const [created] = await tx
        .insert(roles)
        .values({ name: body.name, description: body.description, roleType: STAFF_ROLE_TYPE, createdAt: ctx.now })
        .returning({ id: roles.id })
      await writeCodes(tx, created.id, body.permCodes)
      const role = (await findStaffRole(tx, created.id))!
      await recordAudit(tx, {
        action: 'role.create',
        entity: 'role',
        entityId: created.id,
        ...auditContext(ctx),
        before: null,
        after: snapshot(role),
      })
      return created.id
    }),
  )
  return (await findStaffRole(db, id))!
}

export async function updateRole(db: Db, ctx: WriteContext, id: number, body: RoleBody): Promise<Role> {
  const before = await findStaffRole(db, id)
  if (!before) throw notFound('Role')
  assertChangeable(ctx, before)
  // Only what is added is a grant; a code the role already holds may stay, even if the caller lacks it.
  assertMayGrant(
    ctx.caller,
    body.permCodes.filter((code) => !before.permCodes.includes(code)),
  )
  await assertNameFree(db, body.name, id)
  await uniqueName(() =>
    db.transaction(async (tx) => {
      await tx.update(roles).set({ name: body.name, description: body.description }).where(eq(roles.id, id))
      await writeCodes(tx, id, body.permCodes)
      const after = (await findStaffRole(tx, id))!
      await recordAudit(tx, {
        action: 'role.update',
        entity: 'role',
        entityId: id,
        ...auditContext(ctx),
        before: snapshot(before),
        after: snapshot(after),
      })
    }),
  )
  return (await findStaffRole(db, id))!
}

export async function deleteRole(db: Db, ctx: WriteContext, id: number): Promise<void> {
  const role = await findStaffRole(db, id)
  if (!role) throw notFound('Role')
  assertChangeable(ctx, role)
  await db.transaction(async (tx) => {
    // Lock the role row so no user is given it between the count and the delete.
    await tx.execute(sql`select id from roles where id = ${id} for update`)
    const current = await findStaffRole(tx, id)
    if (!current) throw notFound('Role')
    if (current.userCount > 0) {
      const holders = current.userCount === 1 ? '1 user holds' : `${current.userCount} users hold`
      throw conflict('This role is in use and cannot be deleted', `${holders} the role "${current.name}"; give them another role first`)
    }
    await tx.delete(roles).where(eq(roles.id, id))
    await recordAudit(tx, {
      action: 'role.delete',
      entity: 'role',
      entityId: id,
      ...auditContext(ctx),
      before: snapshot(current),
      after: null,
    })
  })
}
