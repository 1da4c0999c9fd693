import { and, asc, count, desc, eq, ilike, isNotNull, isNull, or, sql, type SQL } from 'drizzle-orm'
import type { StaffStatus, StaffUser, StaffUserPage, UserListQuery, UserSortField } from '../../contract/users'
import type { Db, Tx } from '../db/client'
import { containing } from '../db/contains'
import { roles, users } from '../db/schema'

/** Reads of staff users (users of an agent record): the provider/users list and one user. */

/** `%text%` for ILIKE, with the caller's own wildcards taken literally. */

/** The last successful sign-in, from the audit log (every sign-in writes a row). */
const lastSignInAt = sql<Date | null>`(
  select max("sign_ins"."at") from "audit_events" as "sign_ins"
  where "sign_ins"."entity" = 'user' and "sign_ins"."action" = 'sign-in' and "sign_ins"."entity_id" = "users"."id"::text
)`.mapWith((value: string | Date | null) => (value == null ? null : new Date(value)))

const statusOf = sql<StaffStatus>`case when not ${users.active} then 'deactivated' when ${users.invitedAt} is not null then 'invited' else 'active' end`

const staffColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  roleId: users.roleId,
  role: roles.name,
  active: users.active,
  invitedAt: users.invitedAt,
  createdAt: users.createdAt,
  lastSignInAt,
}

type StaffRow = {
  id: number
  firstName: string
  lastName: string
  email: string
  roleId: number
  role: string
  active: boolean
  invitedAt: Date | null
  createdAt: Date
  lastSignInAt: Date | null
}

export function toWireStaffUser(row: StaffRow): StaffUser {
  return {
    id: row.id,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    roleId: row.roleId,
    role: row.role,
    status: !row.active ? 'deactivated' : row.invitedAt ? 'invited' : 'active',
    lastSignInAt: row.lastSignInAt ? row.lastSignInAt.toISOString() : null,
    invitedAt: row.invitedAt ? row.invitedAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
  }
}

/** Staff only: users of an agent record (client users have their own screens). */
const isStaff = isNotNull(users.agentId)

function filters(query: UserListQuery): SQL[] {
  const where: SQL[] = [isStaff]
  const q = query.q?.trim()
  if (q) {
    const like = containing(q)
    where.push(
      or(
        ilike(users.firstName, like),
        ilike(users.lastName, like),
        ilike(users.email, like),
        ilike(roles.name, like),
        ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, like),
      )!,
    )
  }
  if (query.name) where.push(ilike(sql`${users.firstName} || ' ' || ${users.lastName}`, containing(query.name)))
  if (query.email) where.push(ilike(users.email, containing(query.email)))
  if (query.role) where.push(ilike(roles.name, containing(query.role)))
  if (query.roleId) where.push(eq(users.roleId, query.roleId))
  if (query.status === 'deactivated') where.push(eq(users.active, false))
  if (query.status === 'invited') where.push(and(eq(users.active, true), isNotNull(users.invitedAt))!)
  if (query.status === 'active') where.push(and(eq(users.active, true), isNull(users.invitedAt))!)
  return where
}

function orderFor(sort: UserSortField | undefined, order: 'asc' | 'desc' | undefined): SQL[] {
  const dir = order === 'desc' ? desc : asc
  const tieBreak = asc(users.id)
  switch (sort) {
    case 'email':
      return [dir(users.email), tieBreak]
    case 'role':
      return [dir(roles.name), tieBreak]
    case 'status':
      return [dir(statusOf), tieBreak]
    case 'lastSignInAt':
      return [order === 'desc' ? sql`${lastSignInAt} desc nulls last` : sql`${lastSignInAt} asc nulls first`, tieBreak]
    case 'createdAt':
      return [dir(users.createdAt), tieBreak]
    case 'name':
    default:
      return [dir(sql`lower(${users.firstName})`), dir(sql`lower(${users.lastName})`), tieBreak]
  }
}

/** A page of staff users; by name unless asked otherwise. */
export async function listStaffUsers(db: Db, query: UserListQuery): Promise<StaffUserPage> {
  const where = and(...filters(query))
  const page = query.page ?? 1
  const pageSize = query.pageSize ?? 20
  const [rows, [{ total }]] = await Promise.all([
    db
      .select(staffColumns)
      .from(users)
      .innerJoin(roles, eq(roles.id, users.roleId))
      .where(where)
      .orderBy(...orderFor(query.sort, query.order))
      .limit(pageSize)
      .offset((page - 1) * pageSize),
    db.select({ total: count() }).from(users).innerJoin(roles, eq(roles.id, users.roleId)).where(where),
  ])
  return { data: rows.map(toWireStaffUser), total, page, pageSize }
}

/** One staff user, or undefined (also for a client user's id). */
export async function findStaffUser(db: Db | Tx, id: number): Promise<StaffUser | undefined> {
  const [row] = await db
    .select(staffColumns)
    .from(users)
    .innerJoin(roles, eq(roles.id, users.roleId))
    .where(and(eq(users.id, id), isStaff))
  return row ? toWireStaffUser(row) : undefined
}

/** Active users of a role (how many super admins are left, how many users hold a role). */
export async function countActiveUsersOfRole(db: Db | Tx, roleId: number): Promise<number> {
  const [{ n }] = await db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.roleId, roleId), eq(users.active, true)))
  return n
}
